import ISOBMFF
import XML
/// A `p` presented over time: one cue per interval of constant content (TTML1 3rd Ed. §9.3.2,
/// §10.4), neighbours that present the same joined.
extension TTMLDocumentReader {
    mutating func paragraph(_ paragraph: TTMLTimedElement, ancestors: [TTMLTimedElement]) throws(SubtitleParseError) {
        let path = ancestors + [paragraph]
        var window = paragraph.interval
        // Content is presented only while its region is active (TTML1 §9.1.2).
        if let region = path.last(where: { $0.element.attribute("region", in: nil) != nil })?.element.attribute("region", in: nil),
           let active = regions[region]?.interval {
            window = window.clipped(to: active)
        }
        guard !window.isEmpty else { return }
        let timeline = TTMLTimeline(paragraph: paragraph, window: window, ancestors: ancestors)
        elementVisits += timeline.intervals.count * timeline.elementCount
        guard elementVisits <= Self.maxElementVisits else {
            throw SubtitleParseError(.timingTooComplex(limit: Self.maxElementVisits), line: paragraph.element.line)
        }
        var pending: Cue?
        var isFirst = true
        for interval in timeline.intervals {
            let cue = presentation(of: paragraph, path: path, over: interval, identified: isFirst)
            if var joined = pending, let cue, joined.end == cue.start, joined.text == cue.text, joined.settings == cue.settings,
               joined.placement == cue.placement, joined.isForced == cue.isForced {
                joined.end = cue.end
                pending = joined
                continue
            }
            if let pending { try append(pending, line: paragraph.element.line) }
            pending = cue
            if cue != nil { isFirst = false }
        }
        if let pending { try append(pending, line: paragraph.element.line) }
    }

    private mutating func append(_ cue: Cue, line: Int) throws(SubtitleParseError) {
        guard cues.count < limits.maxCues else { throw SubtitleParseError(.tooManyCues(limit: limits.maxCues), line: line) }
        cues.append(cue)
    }

    /// The cue `paragraph` shows over `interval`, as at its begin; nil when nothing shows. Only
    /// the first cue of a paragraph carries its `xml:id`, as cue identifiers are unique.
    private mutating func presentation(of paragraph: TTMLTimedElement, path: [TTMLTimedElement], over interval: TTMLActiveInterval,
                                       identified: Bool) -> Cue? {
        guard let context = context(along: path, at: interval.begin) else { return nil }
        var collector = TTMLTextCollector()
        collectText(of: paragraph, context: context, at: interval.begin, into: &collector)
        let text = collector.finish()
        guard text.plainText.unicodeScalars.contains(where: { !$0.isTextWhitespace }) else { return nil }
        var settings = context.region.flatMap { regions[$0]?.settings } ?? CueSettings()
        settings.align = context.textAlign
        return Cue(
            identifier: identified ? paragraph.element.attribute("id", in: .xml) : nil,
            start: interval.begin,
            end: interval.end ?? Cue.openEnd,
            text: text,
            settings: settings,
            placement: context.region.flatMap { regions[$0]?.placement } ?? .bottom,
            isForced: context.isForced
        )
    }

    /// The text of `p` and its `span`s and `br`s active at `time`, depth-first; depth is bounded
    /// by the XML nesting limit.
    private mutating func collectText(of element: TTMLTimedElement, context: Context, at time: SubtitleTime,
                                      into collector: inout TTMLTextCollector) {
        for node in element.nodes {
            switch node {
            case .text(let text):
                // Anonymous spans in a sequential container last zero (TTML1 §10.4).
                guard !element.isSequential, context.isVisible else { continue }
                collector.appendText(text, style: context.style, preserveSpace: context.preserveSpace)
            case .element(let child) where !child.interval.contains(time):
                continue
            case .element(let child) where child.element.isTTML("br"):
                collector.appendLineBreak(style: context.style)
            case .element(let child) where child.element.isTTML("span"):
                guard var spanContext = self.context(for: child, parent: context, at: time) else { continue }
                // Forced applies to whole cues; a forced span in a cue that is not is kept on the run.
                spanContext.style.isForced = spanContext.isForced && !context.isForced || context.style.isForced
                spanContext.isForced = context.isForced
                collectText(of: child, context: spanContext, at: time, into: &collector)
            case .element(let child):
                warn(child.element.line, "<\(child.element.name.local)> inside <p> ignored")
            case .untimed(let child):
                if !child.isTTML("metadata") { warn(child.line, "<\(child.name.local)> inside <p> ignored") }
            }
        }
    }
}
