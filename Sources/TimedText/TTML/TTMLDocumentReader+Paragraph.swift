import XML
/// A `p` presented over time: one cue per interval of constant content (TTML1 3rd Ed. §9.3,
/// §10.4), neighbours that present the same joined.
extension TTMLDocumentReader {
    mutating func paragraph(_ paragraph: TTMLTimedElement, under ancestry: Ancestry) throws(SubtitleParseError) {
        noteImage(paragraph.element)
        let path = ancestry.path + [paragraph]
        // TTML1 §9.3 ([associate region]): a paragraph is presented in the region it or an
        // ancestor names; without one, in each region its descendants name (holding only their
        // content), else in the default region.
        let inherited = path.last { $0.element.attribute("region", in: nil) != nil }?.element.attribute("region", in: nil)
        let named = inherited.map { [$0] } ?? Self.regionsNamed(under: paragraph)
        for region in named.isEmpty ? [nil] : named.map(Optional.some) {
            try present(paragraph, under: ancestry, in: region, wholly: inherited != nil || region == nil)
        }
    }

    /// Presents `paragraph` in `region` over its intervals of constant content; `wholly`: the
    /// paragraph itself is in the region, not only descendants that name it.
    private mutating func present(_ paragraph: TTMLTimedElement, under ancestry: Ancestry, in region: String?,
                                  wholly: Bool) throws(SubtitleParseError) {
        var window = paragraph.interval
        // Content is presented only while its region is active (TTML1 §9.1.2).
        if let active = region.flatMap({ regions[$0]?.interval }) { window = window.clipped(to: active) }
        guard !window.isEmpty else { return }
        let timeline = TTMLTimeline(paragraph: paragraph, window: window, ancestors: ancestry.path)
        elementVisits += timeline.intervals.count * timeline.elementCount
        guard elementVisits <= Self.maxElementVisits else {
            throw SubtitleParseError(.timingTooComplex(limit: Self.maxElementVisits), line: paragraph.element.line)
        }
        var pending: Cue?
        var isFirst = true
        for interval in timeline.intervals {
            let cue = presentation(of: paragraph, under: ancestry, over: interval, in: Presentation(region: region, wholly: wholly),
                                   identified: isFirst)
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

    /// The regions named by `element`'s descendants, in document order, each once.
    private static func regionsNamed(under element: TTMLTimedElement) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        func collect(_ element: TTMLTimedElement) {
            for case .element(let child) in element.nodes {
                if let name = child.element.attribute("region", in: nil), seen.insert(name).inserted { names.append(name) }
                collect(child)
            }
        }
        collect(element)
        return names
    }

    private mutating func append(_ cue: Cue, line: Int) throws(SubtitleParseError) {
        guard cues.count < limits.maxCues else { throw SubtitleParseError(.tooManyCues(limit: limits.maxCues), line: line) }
        cues.append(cue)
    }

    /// The cue `paragraph` shows over `interval`, as at its begin; nil when nothing shows. Only
    /// the first cue of a paragraph carries its `xml:id`, as cue identifiers are unique.
    private mutating func presentation(of paragraph: TTMLTimedElement, under ancestry: Ancestry, over interval: TTMLActiveInterval,
                                       in presentation: Presentation, identified: Bool) -> Cue? {
        let shown = ancestry.fixedContext.map { context(for: paragraph, parent: $0, at: interval.begin) }
            ?? context(along: ancestry.path + [paragraph], at: interval.begin)
        guard let context = shown else { return nil }
        var collector = TTMLTextCollector()
        collectText(of: paragraph, context: context, at: interval.begin, in: presentation, into: &collector)
        let text = collector.finish()
        guard text.plainText.unicodeScalars.contains(where: { !$0.isTextWhitespace }) else { return nil }
        let region = presentation.region ?? context.region
        var settings = region.flatMap { regions[$0]?.settings } ?? CueSettings()
        settings.align = context.textAlign
        return Cue(
            identifier: identified ? paragraph.element.attribute("id", in: .xml) : nil,
            start: interval.begin,
            end: interval.end ?? Cue.openEnd,
            text: text,
            settings: settings,
            placement: region.flatMap { regions[$0]?.placement } ?? .bottom,
            isForced: context.isForced
        )
    }

    /// Where a paragraph is being presented: its region, and whether content outside the
    /// descendants that name it belongs there.
    struct Presentation {
        var region: String?
        var wholly: Bool
    }

    /// The text of `p` and its `span`s and `br`s active at `time` and in the region presented,
    /// depth-first; depth is bounded by the XML nesting limit.
    private mutating func collectText(of element: TTMLTimedElement, context: Context, at time: SubtitleTime, in presentation: Presentation,
                                      into collector: inout TTMLTextCollector) {
        // TTML2 §10.2.35: character content directly in a ruby container, base container or text
        // container is not presented; ruby itself is shown inline, base then text.
        let rubyRole = element.element.attribute("ruby", in: .styling)?.trimmingTextWhitespace()
        let holdsText = !element.isSequential && !["container", "baseContainer", "textContainer"].contains(rubyRole)
        for node in element.nodes {
            switch node {
            case .text(let text):
                // Anonymous spans in a sequential container last zero (TTML1 §10.4).
                guard holdsText, presentation.wholly, context.isVisible else { continue }
                collector.appendText(text, style: context.style, preserveSpace: context.preserveSpace)
            case .element(let child) where !child.interval.contains(time):
                continue
            case .element(let child) where child.element.isTTML("br"):
                if presentation.wholly { collector.appendLineBreak(style: context.style) }
            case .element(let child) where child.element.isTTML("span"):
                var inner = presentation
                if let region = child.element.attribute("region", in: nil) {
                    // Content naming another region than the one presented is not shown here (TTML1 §9.3).
                    guard region == presentation.region else { continue }
                    inner.wholly = true
                }
                guard var spanContext = self.context(for: child, parent: context, at: time) else { continue }
                // Forced applies to whole cues; a forced span in a cue that is not is kept on the run.
                spanContext.style.isForced = spanContext.isForced && !context.isForced || context.style.isForced
                spanContext.isForced = context.isForced
                collectText(of: child, context: spanContext, at: time, in: inner, into: &collector)
            case .element(let child):
                warn(child.element.line, "<\(child.element.name.local)> inside <p> ignored")
            case .untimed(let child):
                if !child.isTTML("metadata") { warn(child.line, "<\(child.name.local)> inside <p> ignored") }
            }
        }
    }
}
