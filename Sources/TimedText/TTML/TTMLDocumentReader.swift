import ISOBMFF
import XML
/// Walks one TTML document tree for ``TTMLParser``: styles and regions from `head`, the body's
/// timing resolved by `TTMLTimeContainment`, then each `p` presented over its intervals of
/// constant content (TTMLDocumentReader+Paragraph.swift).
struct TTMLDocumentReader {
    /// What an element passes down to its children at one instant.
    struct Context {
        var style: TextStyle
        var isForced: Bool
        var region: String?
        var language: String?
        var preserveSpace: Bool
        var textAlign: CueSettings.TextAlignment?
        /// `tts:visibility`, inherited: hidden text is not shown (TTML1 §8.2.22).
        var isVisible: Bool
    }

    /// The containers above an element, and the context they give it when no `set` on them
    /// makes it change over time (then it is worked out once, not at every instant).
    struct Ancestry {
        var path: [TTMLTimedElement]
        var fixedContext: Context?
    }

    struct Region {
        var placement: CuePlacement
        var settings: CueSettings?
        var properties: TTMLStyleSheet.Properties
        /// When the region is active (TTML1 §9.1.2); nil when it has no timing.
        var interval: TTMLActiveInterval?
    }

    /// The most element visits presenting every paragraph at each of its intervals may cost:
    /// far beyond karaoke (a few hundred timed spans a line), and a bound on the work a hostile
    /// document can ask for (each interval walks its paragraph once).
    static let maxElementVisits = 20_000_000

    let root: XMLElement
    let limits: SubtitleParseLimits
    var warnings: [SubtitleDiagnostic] = []
    /// Warnings already given: a paragraph presented at several instants warns once.
    private var warned: Set<String> = []
    var styles = TTMLStyleSheet(styling: [], limits: .standard, warn: { _, _ in })
    var regions: [String: Region] = [:]
    var geometry = TTMLRegionPlacement()
    /// Lines of elements that show an image (SMPTE-TT `smpte:backgroundImage`).
    private var imageLines: Set<Int> = []
    var documentLanguage: String?
    var rootContext = Context(style: TextStyle(), isForced: false, region: nil, language: nil, preserveSpace: false, textAlign: nil, isVisible: true)
    var cues: [Cue] = []
    var elementVisits = 0

    init(root: XMLElement, limits: SubtitleParseLimits) {
        self.root = root
        self.limits = limits
    }

    mutating func read() throws(SubtitleParseError) -> SubtitleDocument {
        var messages: [(Int, String)] = []
        let timing = TTMLTimeExpression(parameters: { root.attribute($0, in: .parameter) }) { messages.append((root.line, $0)) }
        if root.attribute("timeBase", in: .parameter).map({ $0 != "media" }) == true {
            messages.append((root.line, "ttp:timeBase other than media treated as media"))
        }
        var containment = TTMLTimeContainment(timing: timing)
        let head = root.elements.first { $0.isTTML("head") }
        let styling = head?.elements.filter { $0.isTTML("styling") }.flatMap(\.elements) ?? []
        styles = TTMLStyleSheet(styling: styling, limits: limits) { messages.append(($0, $1)) }
        readRegions(head: head, containment: &containment) { messages.append(($0, $1)) }
        for (line, message) in messages { warn(line, message) }

        let language = root.attribute("lang", in: .xml).map { $0.trimmingTextWhitespace() }
        documentLanguage = language?.isEmpty == false ? language : nil
        rootContext.language = documentLanguage
        rootContext.preserveSpace = root.attribute("space", in: .xml) == "preserve"
        if let body = root.elements.first(where: { $0.isTTML("body") }) {
            let timed = containment.resolve(body, syncBase: .zero, parentEnd: nil)
            for (line, message) in containment.warnings { warn(line, message) }
            if let timed { try walk(timed, under: Ancestry(path: [], fixedContext: rootContext)) }
        }
        if cues.isEmpty, imageLines.isEmpty { warnings.append(.noCues) }
        let timeBase = root.attribute("timeBase", in: .parameter).map { $0.trimmingTextWhitespace() }.flatMap { $0 == "media" ? nil : $0 }
        return SubtitleDocument(format: .ttml, cues: cues, language: documentLanguage, warnings: warnings, imageLines: imageLines.sorted(),
                                timeBase: timeBase)
    }

    mutating func warn(_ line: Int, _ message: String) {
        guard warned.insert("\(line) \(message)").inserted else { return }
        warnings.append(SubtitleDiagnostic(line: line, message: message))
    }

    private mutating func readRegions(head: XMLElement?, containment: inout TTMLTimeContainment, warn: (Int, String) -> Void) {
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
            let timed = ["begin", "end", "dur"].contains { region.attribute($0, in: nil) != nil }
            regions[id] = Region(placement: geometry.placement(regionID: id, properties: properties),
                                 settings: geometry.settings(properties: properties), properties: properties,
                                 interval: timed ? containment.regionInterval(region) : nil)
        }
        for (line, message) in containment.warnings { warn(line, message) }
    }

    /// `body` and `div`: containers whose `div` and `p` children are read. Depth is bounded by
    /// the XML nesting limit.
    private mutating func walk(_ container: TTMLTimedElement, under above: Ancestry) throws(SubtitleParseError) {
        noteImage(container.element)
        guard !container.interval.isEmpty else { return }
        var ancestry = Ancestry(path: above.path + [container], fixedContext: nil)
        if let parent = above.fixedContext, container.animations.isEmpty {
            // Hidden at every instant: nothing inside is presented.
            guard let context = context(for: container, parent: parent, at: container.interval.begin) else { return }
            ancestry.fixedContext = context
        }
        for case .element(let child) in container.nodes {
            if child.element.isTTML("div") {
                try walk(child, under: ancestry)
            } else if child.element.isTTML("p") {
                try paragraph(child, under: ancestry)
            }
        }
    }

    /// The context of the last element of `path` at `time`, each element's applying on top of its
    /// parent's; nil when one of them is not displayed then.
    mutating func context(along path: [TTMLTimedElement], at time: SubtitleTime) -> Context? {
        var context = rootContext
        for element in path {
            guard let inner = self.context(for: element, parent: context, at: time) else { return nil }
            context = inner
        }
        return context
    }

    /// What `timed` shows with at `time`: its region's styles, its own, then those of the `set`
    /// animations active then; nil when `tts:display` is `none` on it or its region (TTML1 §8.2.4).
    mutating func context(for timed: TTMLTimedElement, parent: Context, at time: SubtitleTime) -> Context? {
        let element = timed.element
        var context = parent
        if let region = element.attribute("region", in: nil) {
            context.region = region
            if let properties = regions[region]?.properties {
                if properties.isDisplayed == false { return nil }
                apply(properties, to: &context)
            } else {
                warn(element.line, "unknown region \"\(region)\"")
            }
        }
        var properties = styles.properties(of: element) { warn($0, $1) }
        for animation in timed.animations where animation.interval.contains(time) {
            properties = properties.merging(styles.properties(of: animation.element) { warn($0, $1) })
        }
        if properties.isDisplayed == false { return nil }
        apply(properties, to: &context)
        noteImage(element)
        if let language = element.attribute("lang", in: .xml) {
            let trimmed = language.trimmingTextWhitespace()
            context.language = trimmed.isEmpty ? nil : trimmed
            context.style.language = context.language == documentLanguage ? nil : context.language
        }
        if let space = element.attribute("space", in: .xml) { context.preserveSpace = space == "preserve" }
        return context
    }

    /// Lists an element that shows an image (SMPTE-TT `smpte:backgroundImage`), presented or not.
    mutating func noteImage(_ element: XMLElement) {
        if element.attributes.keys.contains(where: { $0.local == "backgroundImage" }) { imageLines.insert(element.line) }
    }

    private func apply(_ properties: TTMLStyleSheet.Properties, to context: inout Context) {
        properties.apply(to: &context.style)
        if let forced = properties.isForced { context.isForced = forced }
        if let size = properties.fontSize { context.style.fontScale = geometry.fontScale(size) }
        if let align = properties.textAlign { context.textAlign = align }
        if let visible = properties.isVisible { context.isVisible = visible }
    }
}
