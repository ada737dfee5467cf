import XML
/// WebVTT cue text (`<v Bob><i>Hi</i> &amp; <c.yellow>bye</c></v><00:00:01.500>…`), parsed with
/// the specification's tokenizer (``WebVTTCueTextTokenizer``) and tree-building rules
/// (``WebVTTCueTreeBuilder``) into a node tree, then flattened into styled runs.
///
/// Known tags: `c`, `b`, `i`, `u`, `v`, `lang`, `ruby`, `rt`; classes on any of them; inner
/// timestamps. Unknown tags are dropped (their text stays), as the specification says. A class
/// naming a WebVTT default colour (`yellow`, …) becomes the run's colour.
enum WebVTTCueTextParser {
    static func parse(_ payload: String, limits: SubtitleParseLimits) -> (text: CueText, warnings: [String]) {
        let (nodes, warnings) = tree(payload, limits: limits)
        var flattener = RunFlattener()
        flattener.add(nodes, style: TextStyle())
        return (CueText(runs: flattener.finish()), warnings)
    }

    /// The cue's node tree (what `getCueAsHTML()` shows), and the tags that were ignored.
    static func tree(_ payload: String, limits: SubtitleParseLimits) -> (nodes: [WebVTTCueNode], warnings: [String]) {
        var tokenizer = WebVTTCueTextTokenizer(payload)
        var builder = WebVTTCueTreeBuilder(maxDepth: limits.maxNestingDepth)
        while let token = tokenizer.next() { builder.add(token) }
        return (builder.finish(), builder.ignored)
    }

    /// Walks the tree in document order, giving each text its elements' combined style; an inner
    /// timestamp marks the run after it (an empty run when nothing follows).
    private struct RunFlattener {
        var runs: [StyledRun] = []
        var pendingTimestamp: SubtitleTime?
        var lastStyle = TextStyle()

        mutating func add(_ nodes: [WebVTTCueNode], style: TextStyle) {
            for node in nodes {
                switch node {
                case .text(let text):
                    runs.append(StyledRun(text, style: style, timestamp: pendingTimestamp))
                    pendingTimestamp = nil
                case .timestamp(let time):
                    if let pendingTimestamp { runs.append(StyledRun("", style: style, timestamp: pendingTimestamp)) }
                    pendingTimestamp = time
                case .element(let element):
                    add(element.children, style: element.style(inside: style))
                }
                lastStyle = style
            }
        }

        mutating func finish() -> [StyledRun] {
            if let pendingTimestamp { runs.append(StyledRun("", style: lastStyle, timestamp: pendingTimestamp)) }
            return runs
        }
    }
}

extension WebVTTCueNode.Element {
    /// The style of the element's text, derived from the parent's.
    func style(inside parent: TextStyle) -> TextStyle {
        var style = parent
        switch name {
        case "b": style.isBold = true
        case "i": style.isItalic = true
        case "u": style.isUnderlined = true
        case "v": style.voice = annotation
        case "lang": style.language = annotation.isEmpty ? nil : annotation
        case "ruby": style.ruby = .base
        case "rt": style.ruby = .annotation
        default: break
        }
        // The first default text colour class on a tag sets the colour, the first default
        // background colour class (`bg_yellow`, W3C WebVTT "default text background") the
        // background; everything else is a class.
        var tookColor = false, tookBackground = false
        for className in classes {
            if !tookColor, let color = SubtitleColor(webVTTClassName: className) {
                style.color = color
                tookColor = true
            } else if !tookBackground, let color = SubtitleColor(webVTTBackgroundClassName: className) {
                style.backgroundColor = color
                tookBackground = true
            } else if !style.classes.contains(className) {
                style.classes.append(className)
            }
        }
        return style
    }
}
