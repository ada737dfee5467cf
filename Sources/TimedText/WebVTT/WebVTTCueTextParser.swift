import XML
/// WebVTT cue text (`<v Bob><i>Hi</i> &amp; <c.yellow>bye</c></v><00:00:01.500>…`), parsed with
/// the specification's tokenizer and tree-building rules into styled runs.
///
/// Known tags: `c`, `b`, `i`, `u`, `v`, `lang`, `ruby`, `rt`; classes on any of them; inner
/// timestamps. Unknown tags are dropped (their text stays), as the specification says. A class
/// naming a WebVTT default colour (`yellow`, …) becomes the run's colour.
enum WebVTTCueTextParser {
    private enum Token {
        case text(String)
        case startTag(name: String, classes: [String], annotation: String)
        case endTag(String)
        case timestamp(String)
    }

    fileprivate struct OpenElement {
        var name: String
        var style: TextStyle
    }

    static func parse(_ payload: String, limits: SubtitleParseLimits) -> (text: CueText, warnings: [String]) {
        var scanner = ScalarScanner(payload)
        var stack: [OpenElement] = []
        var runs: [StyledRun] = []
        var pendingTimestamp: SubtitleTime?
        var warnings: [String] = []
        var style: TextStyle { stack.last?.style ?? TextStyle() }

        while let token = nextToken(&scanner) {
            switch token {
            case .text(let text):
                runs.append(StyledRun(text, style: style, timestamp: pendingTimestamp))
                pendingTimestamp = nil
            case .timestamp(let text):
                guard let time = WebVTTTimestamp.parse(text) else {
                    warnings.append("malformed timestamp tag <\(text)> ignored")
                    continue
                }
                if let pendingTimestamp { runs.append(StyledRun("", style: style, timestamp: pendingTimestamp)) }
                pendingTimestamp = time
            case .endTag(let name):
                if stack.last?.name == name {
                    stack.removeLast()
                } else if name == "ruby", stack.last?.name == "rt" {
                    stack.removeLast(min(2, stack.count))
                }
            case .startTag(let name, let classes, let annotation):
                guard stack.count < limits.maxNestingDepth else {
                    warnings.append("tags nested deeper than \(limits.maxNestingDepth) ignored")
                    continue
                }
                guard var element = OpenElement(name: name, parent: style, classes: classes, annotation: annotation),
                      name != "rt" || stack.last?.name == "ruby"
                else {
                    if name != "rt" { warnings.append("unknown tag <\(name)> ignored") }
                    continue
                }
                if name == "rt" { element.style.ruby = .annotation }
                stack.append(element)
            }
        }
        if let pendingTimestamp { runs.append(StyledRun("", style: style, timestamp: pendingTimestamp)) }
        return (CueText(runs: runs), warnings)
    }

    // MARK: Tokenizer (WebVTT cue text tokenizer states, folded into one function per token)

    private static func nextToken(_ scanner: inout ScalarScanner) -> Token? {
        guard let first = scanner.current else { return nil }
        if first != "<" {
            var text = String.UnicodeScalarView()
            while let scalar = scanner.current, scalar != "<" {
                if scalar == "&", let decoded = CharacterReference.read(&scanner, named: CharacterReference.webVTT) {
                    text.append(decoded)
                } else {
                    text.append(scalar)
                    scanner.advance()
                }
            }
            return .text(String(text))
        }
        scanner.advance()
        if scanner.consume("/") {
            let name = scanner.collect { $0 == ">" }
            scanner.advance()
            return .endTag(name)
        }
        if let scalar = scanner.current, scalar.isASCIIDigit {
            let body = scanner.collect { $0 == ">" }
            scanner.advance()
            return .timestamp(body)
        }
        let name = scanner.collect { $0 == "." || $0 == ">" || $0.isTextWhitespace }
        var classes: [String] = []
        while scanner.consume(".") {
            let name = scanner.collect { $0 == "." || $0 == ">" || $0.isTextWhitespace }
            if !name.isEmpty { classes.append(name) }
        }
        var annotation = String.UnicodeScalarView()
        while let scalar = scanner.current, scalar != ">" {
            if scalar == "&", let decoded = CharacterReference.read(&scanner, named: CharacterReference.webVTT) {
                annotation.append(decoded)
            } else {
                annotation.append(scalar)
                scanner.advance()
            }
        }
        scanner.advance()
        let collapsed = String(annotation).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return .startTag(name: name, classes: classes, annotation: collapsed)
    }
}

extension WebVTTCueTextParser.OpenElement {
    /// The element a start tag opens, with its style derived from the parent's; nil for
    /// unknown tag names.
    init?(name: String, parent: TextStyle, classes: [String], annotation: String) {
        var style = parent
        switch name {
        case "b": style.isBold = true
        case "i": style.isItalic = true
        case "u": style.isUnderlined = true
        case "v": style.voice = annotation
        case "lang": style.language = annotation.isEmpty ? nil : annotation
        case "ruby": style.ruby = .base
        case "c", "rt": break
        default: return nil
        }
        // The first default text colour class on a tag sets the colour, the first default
        // background colour class (`bg_yellow`, W3C WebVTT "default text background") the
        // background; everything else is a class.
        var tookColor = false, tookBackground = false
        for name in classes {
            if !tookColor, let color = SubtitleColor(webVTTClassName: name) {
                style.color = color
                tookColor = true
            } else if !tookBackground, let color = SubtitleColor(webVTTBackgroundClassName: name) {
                style.backgroundColor = color
                tookBackground = true
            } else if !style.classes.contains(name) {
                style.classes.append(name)
            }
        }
        self.init(name: name, style: style)
    }
}
