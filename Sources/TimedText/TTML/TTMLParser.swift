import ISOBMFF
import XML
/// Reads TTML documents (TTML2, IMSC1 text profile, and the DFXP drafts) into cues: one cue per
/// timed `p`.
///
/// Supported: `head/styling/style` (with chained `style` references), `head/layout/region`
/// mapped to top/bottom placement (see `TTMLRegionPlacement`), `body`/`div`/`p`/`span`/`br`,
/// `begin`/`end`/`dur` as clock time (with fractions or frames) or offset time (`h m s ms f t`)
/// under `ttp:frameRate`, `ttp:frameRateMultiplier`, `ttp:subFrameRate` and `ttp:tickRate`;
/// parallel time containment (times on `body` and `div` offset and clip their children) and
/// `timeContainer="seq"`; `tts:fontWeight`, `tts:fontStyle`, `tts:textDecoration`,
/// `tts:color`, `itts:forcedDisplay`; `xml:lang` (runs in another language than the document
/// carry it); `xml:space`.
///
/// Left out, with a warning where it matters: timing on `span` (the span shows for the whole
/// `p`), animation (`set`), images, and `p` elements whose end cannot be determined (dropped).
/// A document without a single cue parses, with a warning.
/// A `p` without a region shows at the bottom (where players put it), even though TTML's
/// default region would put it at the top.
public enum TTMLParser: SubtitleTextParser {
    public static let undecodableFallback = SubtitleTextDecoder.Fallback.replacement

    /// Parses TTML text that is already decoded.
    public static func parse(string: String, limits: SubtitleParseLimits = .standard) throws(SubtitleParseError) -> SubtitleDocument {
        try limits.checkSize(string.utf8.count)
        let (root, xmlWarnings) = try XMLElement.parseDocument(string, limits: limits)
        guard root.isTTML("tt") else {
            throw SubtitleParseError(.notTTML("root element is <\(root.name.local)> in \"\(root.name.namespace)\""), line: root.line)
        }
        var reader = TTMLDocumentReader(root: root, limits: limits)
        reader.warnings = xmlWarnings
        let document = reader.read()
        if let line = reader.lineOverCueLimit { throw SubtitleParseError(.tooManyCues(limit: limits.maxCues), line: line) }
        return document
    }
}

/// Walks one TTML document tree.
private struct TTMLDocumentReader {
    /// What an element passes down to its children.
    struct Context {
        var begin: SubtitleTime
        var end: SubtitleTime?
        var style: TextStyle
        var isForced: Bool
        var region: String?
        var language: String?
        var preserveSpace: Bool
        var textAlign: CueSettings.TextAlignment?
    }

    let root: XMLElement
    let limits: SubtitleParseLimits
    var warnings: [SubtitleDiagnostic] = []
    private var timing = TTMLTimeExpression(parameters: { _ in nil }, warn: { _ in })
    private var styles = TTMLStyleSheet(styling: [], limits: .standard, warn: { _, _ in })
    private var regions: [String: (placement: CuePlacement, settings: CueSettings?, properties: TTMLStyleSheet.Properties)] = [:]
    private var geometry = TTMLRegionPlacement()
    /// Lines of elements that show an image (SMPTE-TT `smpte:backgroundImage`).
    private var imageLines: [Int] = []
    private var documentLanguage: String?
    private var cues: [Cue] = []
    /// The line of the first `p` past ``SubtitleParseLimits/maxCues``; the walk stops there.
    private(set) var lineOverCueLimit: Int?

    init(root: XMLElement, limits: SubtitleParseLimits) {
        self.root = root
        self.limits = limits
    }

    mutating func read() -> SubtitleDocument {
        var messages: [(Int, String)] = []
        timing = TTMLTimeExpression(parameters: { root.attribute($0, in: .parameter) }) { messages.append((root.line, $0)) }
        if root.attribute("timeBase", in: .parameter).map({ $0 != "media" }) == true {
            messages.append((root.line, "ttp:timeBase other than media treated as media"))
        }
        let head = root.elements.first { $0.isTTML("head") }
        let styling = head?.elements.filter { $0.isTTML("styling") }.flatMap(\.elements) ?? []
        styles = TTMLStyleSheet(styling: styling, limits: limits) { messages.append(($0, $1)) }
        readRegions(head: head) { messages.append(($0, $1)) }
        for (line, message) in messages { warn(line, message) }

        let language = root.attribute("lang", in: .xml).map { $0.trimmingTextWhitespace() }
        documentLanguage = language?.isEmpty == false ? language : nil
        if let body = root.elements.first(where: { $0.isTTML("body") }) {
            let context = Context(
                begin: .zero, end: nil, style: TextStyle(), isForced: false, region: nil,
                language: documentLanguage, preserveSpace: root.attribute("space", in: .xml) == "preserve", textAlign: nil
            )
            walk(body, parent: context, syncBase: .zero)
        }
        if cues.isEmpty, imageLines.isEmpty { warnings.append(.noCues) }
        return SubtitleDocument(format: .ttml, cues: cues, language: documentLanguage, warnings: warnings, imageLines: imageLines)
    }

    private mutating func warn(_ line: Int, _ message: String) {
        warnings.append(SubtitleDiagnostic(line: line, message: message))
    }

    private mutating func readRegions(head: XMLElement?, warn: (Int, String) -> Void) {
        let layout = head?.elements.filter { $0.isTTML("layout") }.flatMap(\.elements) ?? []
        if let extent = root.attribute("extent", in: .styling) {
            let parts = extent.split(whereSeparator: \.isWhitespace)
            if parts.count == 2, parts[1].hasSuffix("px") { geometry.rootHeightPixels = Double(parts[1].dropLast(2)) }
            if parts.count == 2, parts[0].hasSuffix("px") { geometry.rootWidthPixels = Double(parts[0].dropLast(2)) }
        }
        if let cells = root.attribute("cellResolution", in: .parameter) {
            let parts = cells.split(whereSeparator: \.isWhitespace)
            if parts.count == 2, let rows = Double(parts[1]), rows > 0 { geometry.cellRows = rows }
            if parts.count == 2, let columns = Double(parts[0]), columns > 0 { geometry.cellColumns = columns }
        }
        for region in layout where region.isTTML("region") {
            guard let id = region.attribute("id", in: .xml) else { continue }
            // Styles nested in a region apply to it like referenced ones.
            var properties = TTMLStyleSheet.Properties()
            for nested in region.elements where nested.isTTML("style") {
                properties = properties.merging(styles.properties(of: nested, warn: warn))
            }
            properties = properties.merging(styles.properties(of: region, warn: warn))
            regions[id] = (geometry.placement(regionID: id, properties: properties), geometry.settings(properties: properties), properties)
        }
    }

    /// Resolves an element's timing against its sync base and its parent's interval (parallel
    /// semantics: an element without an end lasts as long as its parent).
    private mutating func interval(of element: XMLElement, parent: Context, syncBase: SubtitleTime) -> (SubtitleTime, SubtitleTime?)? {
        func time(_ name: String) -> SubtitleTime?? {
            guard let text = element.attribute(name, in: nil) else { return .some(nil) }
            guard let value = timing.time(text) else { return nil }
            return .some(value)
        }
        guard let beginOffset = time("begin"), let endOffset = time("end"), let duration = time("dur") else {
            warn(element.line, "malformed time expression; <\(element.name.local)> skipped")
            return nil
        }
        let begin = syncBase + (beginOffset ?? .zero)
        var end: SubtitleTime? = parent.end
        if let endOffset { end = syncBase + endOffset }
        if let duration { end = min(end ?? .maximum, begin + duration) }
        if let parentEnd = parent.end, let current = end { end = min(current, parentEnd) }
        return (max(begin, parent.begin), end)
    }

    private mutating func context(for element: XMLElement, parent: Context, interval: (SubtitleTime, SubtitleTime?)) -> Context {
        var context = parent
        (context.begin, context.end) = interval
        if let region = element.attribute("region", in: nil) {
            context.region = region
            if let properties = regions[region]?.properties {
                properties.apply(to: &context.style)
                if let forced = properties.isForced { context.isForced = forced }
                if let size = properties.fontSize { context.style.fontScale = geometry.fontScale(size) }
                if let align = properties.textAlign { context.textAlign = align }
            } else {
                warn(element.line, "unknown region \"\(region)\"")
            }
        }
        let properties = styles.properties(of: element) { warnings.append(SubtitleDiagnostic(line: $0, message: $1)) }
        properties.apply(to: &context.style)
        if let forced = properties.isForced { context.isForced = forced }
        if let size = properties.fontSize { context.style.fontScale = geometry.fontScale(size) }
        if let align = properties.textAlign { context.textAlign = align }
        if element.attributes.keys.contains(where: { $0.local == "backgroundImage" }) {
            imageLines.append(element.line)
        }
        if let language = element.attribute("lang", in: .xml) {
            let trimmed = language.trimmingTextWhitespace()
            context.language = trimmed.isEmpty ? nil : trimmed
            context.style.language = context.language == documentLanguage ? nil : context.language
        }
        if let space = element.attribute("space", in: .xml) { context.preserveSpace = space == "preserve" }
        return context
    }

    /// `body` and `div`: time containers whose children are `div` or `p`. Depth is bounded by
    /// the XML nesting limit.
    private mutating func walk(_ container: XMLElement, parent: Context, syncBase: SubtitleTime) {
        guard let interval = interval(of: container, parent: parent, syncBase: syncBase) else { return }
        let context = context(for: container, parent: parent, interval: interval)
        let sequential = container.attribute("timeContainer", in: nil) == "seq"
        var childSyncBase = context.begin
        for child in container.elements where lineOverCueLimit == nil {
            if child.isTTML("div") {
                walk(child, parent: context, syncBase: childSyncBase)
            } else if child.isTTML("p") {
                if let end = paragraph(child, parent: context, syncBase: childSyncBase), sequential {
                    childSyncBase = end
                }
            }
        }
    }

    /// Turns a `p` into a cue; returns its end for sequential containers.
    private mutating func paragraph(_ element: XMLElement, parent: Context, syncBase: SubtitleTime) -> SubtitleTime? {
        guard cues.count < limits.maxCues else {
            lineOverCueLimit = element.line
            return nil
        }
        guard let interval = interval(of: element, parent: parent, syncBase: syncBase) else { return nil }
        let context = context(for: element, parent: parent, interval: interval)
        guard let end = context.end else {
            warn(element.line, "<p> has no end time (nor does any ancestor); dropped")
            return nil
        }
        var collector = TTMLTextCollector()
        collectText(of: element, context: context, into: &collector)
        var settings = context.region.flatMap { regions[$0]?.settings } ?? CueSettings()
        settings.align = context.textAlign
        let cue = Cue(
            identifier: element.attribute("id", in: .xml),
            start: context.begin,
            end: end,
            text: collector.finish(),
            settings: settings,
            placement: context.region.flatMap { regions[$0]?.placement } ?? .bottom,
            isForced: context.isForced
        )
        if let problem = CueTimingProblem(cue) { warn(element.line, problem.message + " (kept)") }
        cues.append(cue)
        return end
    }

    /// The text of `p` and its `span`s and `br`s, depth-first; depth is bounded by the XML
    /// nesting limit.
    private mutating func collectText(of element: XMLElement, context: Context, into collector: inout TTMLTextCollector) {
        for child in element.children {
            switch child {
            case .text(let text):
                collector.appendText(text, style: context.style, preserveSpace: context.preserveSpace)
            case .element(let child) where child.isTTML("br"):
                collector.appendLineBreak(style: context.style)
            case .element(let child) where child.isTTML("span"):
                if child.attribute("begin", in: nil) != nil || child.attribute("end", in: nil) != nil
                    || child.attribute("dur", in: nil) != nil {
                    warn(child.line, "timing on <span> ignored; the span shows for the whole paragraph")
                }
                var spanContext = self.context(for: child, parent: context, interval: (context.begin, context.end))
                // Forced applies to whole cues; a forced span in a cue that is not is kept on the run.
                spanContext.style.isForced = spanContext.isForced && !context.isForced || context.style.isForced
                spanContext.isForced = context.isForced
                collectText(of: child, context: spanContext, into: &collector)
            case .element(let child):
                if !child.isTTML("set"), !child.isTTML("metadata") {
                    warn(child.line, "<\(child.name.local)> inside <p> ignored")
                }
            }
        }
    }
}
