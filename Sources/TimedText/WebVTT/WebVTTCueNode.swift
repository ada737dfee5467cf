import XML
/// A node of a cue's text as WebVTT builds it (W3C WebVTT §3.5, "WebVTT internal node objects"):
/// text, an inner timestamp, or an element (`c`, `i`, `b`, `u`, `ruby`, `rt`, `v`, `lang`)
/// with its classes, annotation and children. ``WebVTTCueTextParser`` flattens it into runs.
enum WebVTTCueNode: Equatable, Sendable {
    case text(String)
    case timestamp(SubtitleTime)
    case element(Element)

    struct Element: Equatable, Sendable {
        /// The tag name: `c`, `i`, `b`, `u`, `ruby`, `rt`, `v` or `lang`.
        var name: String
        var classes: [String]
        /// The voice of `v`, the language of `lang` (empty when none is given).
        var annotation: String
        var children: [WebVTTCueNode] = []
    }

    /// The tags that make an element; any other start tag is ignored (its text is kept).
    static let elementNames: Set<String> = ["c", "i", "b", "u", "ruby", "rt", "v", "lang"]
}

/// The tree-building half of the WebVTT cue text parsing rules (W3C WebVTT §6.4): start tags
/// open elements (`rt` only right inside `ruby`), an end tag closes the current element when
/// the names match (`</ruby>` also closes an open `rt`), anything else is ignored.
struct WebVTTCueTreeBuilder {
    /// The open elements, outermost first; the root's children are collected in ``roots``.
    private var open: [WebVTTCueNode.Element] = []
    private(set) var roots: [WebVTTCueNode] = []
    let maxDepth: Int
    /// Tags that were dropped, by kind: `unknown tag <x>`, `malformed timestamp …`.
    private(set) var ignored: [String] = []

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    /// The finished tree, closing whatever is still open.
    mutating func finish() -> [WebVTTCueNode] {
        while !open.isEmpty { close() }
        return roots
    }

    mutating func add(_ token: WebVTTCueTextTokenizer.Token) {
        switch token {
        case .string(let text):
            append(.text(text))
        case .timestamp(let text):
            guard let time = WebVTTTimestamp.parse(text) else {
                return ignore("malformed timestamp tag <\(text)> ignored")
            }
            append(.timestamp(time))
        case .endTag(let name):
            if open.last?.name == name {
                close()
            } else if name == "ruby", open.last?.name == "rt" {
                close()
                close()
            }
        case .startTag(let name, let classes, let annotation):
            guard WebVTTCueNode.elementNames.contains(name) else {
                // `<>` and the like are not tags anyone wrote on purpose: nothing is lost.
                if !name.isEmpty { ignore("unknown tag <\(name)> ignored") }
                return
            }
            guard name != "rt" || open.last?.name == "ruby" else { return }
            guard open.count < maxDepth else { return ignore("tags nested deeper than \(maxDepth) ignored") }
            open.append(WebVTTCueNode.Element(name: name, classes: classes, annotation: annotation))
        }
    }

    private mutating func append(_ node: WebVTTCueNode) {
        if open.isEmpty {
            roots.append(node)
        } else {
            open[open.count - 1].children.append(node)
        }
    }

    private mutating func close() {
        let element = open.removeLast()
        append(.element(element))
    }

    private mutating func ignore(_ message: String) {
        if !ignored.contains(message) { ignored.append(message) }
    }
}
