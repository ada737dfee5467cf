import XML
/// The markup inside SubRip cue text: HTML-like `<b> <i> <u> <font color>` tags and ASS
/// override blocks such as `{\an8}`.
///
/// Tags are case-insensitive and may be misnested or left open (a closing tag ends the most
/// recent matching open tag; open tags end with the cue). Anything that looks like a tag but is
/// not one of these stays as text, because `<` is ordinary text in SubRip.
enum SubRipMarkup {
    struct Result {
        var text: CueText
        var placement: CuePlacement
        var warnings: [String]
    }

    private enum Tag: Equatable {
        case bold, italic, underline, font(SubtitleColor?)

        var name: String {
            switch self {
            case .bold: "b"
            case .italic: "i"
            case .underline: "u"
            case .font: "font"
            }
        }

        func apply(to style: inout TextStyle) {
            switch self {
            case .bold: style.isBold = true
            case .italic: style.isItalic = true
            case .underline: style.isUnderlined = true
            case .font(let color): if let color { style.color = color }
            }
        }
    }

    static func parse(_ text: String, limits: SubtitleParseLimits) -> Result {
        var scanner = ScalarScanner(text)
        var open: [Tag] = []
        var runs: [StyledRun] = []
        var pending = String.UnicodeScalarView()
        var placement = CuePlacement.bottom
        var warnings: [String] = []
        var strippedOverrides: [String] = []

        func flush() {
            guard !pending.isEmpty else { return }
            var style = TextStyle()
            for tag in open { tag.apply(to: &style) }
            runs.append(StyledRun(String(pending), style: style))
            pending = String.UnicodeScalarView()
        }

        while let scalar = scanner.current {
            let start = scanner.position
            if scalar == "<", let (closing, tag) = parseTag(&scanner) {
                flush()
                if closing {
                    if let index = open.lastIndex(where: { $0.name == tag.name }) { open.remove(at: index) }
                } else if open.count < limits.maxNestingDepth {
                    open.append(tag)
                } else {
                    warnings.append("tags nested deeper than \(limits.maxNestingDepth) ignored")
                }
                continue
            }
            scanner.move(to: start)
            if scalar == "{", scanner.peek(1) == "\\", let overrides = parseOverrideBlock(&scanner) {
                for override in overrides {
                    if let top = alignmentPlacement(override) {
                        placement = top
                    } else {
                        strippedOverrides.append("\\" + override)
                    }
                }
                continue
            }
            scanner.move(to: start)
            pending.append(scalar)
            scanner.advance()
        }
        flush()
        if !strippedOverrides.isEmpty {
            warnings.append("ASS override tags stripped: " + strippedOverrides.joined(separator: " "))
        }
        return Result(text: CueText(runs: runs), placement: placement, warnings: warnings)
    }

    /// Parses `<b>`, `</i>`, `<font color="red" …>` and the like at the scanner, or returns nil.
    private static func parseTag(_ scanner: inout ScalarScanner) -> (closing: Bool, tag: Tag)? {
        scanner.advance()
        let closing = scanner.consume("/")
        let name = scanner.collect { !$0.isASCIILetter }.lowercased()
        let attributes = scanner.collect { $0 == ">" || $0 == "<" || $0 == "\n" }
        guard scanner.consume(">") else { return nil }
        switch name {
        case "b": return attributes.isEmpty || closing ? (closing, .bold) : nil
        case "i": return attributes.isEmpty || closing ? (closing, .italic) : nil
        case "u": return attributes.isEmpty || closing ? (closing, .underline) : nil
        case "font":
            guard closing || attributes.first?.isWhitespace == true || attributes.isEmpty else { return nil }
            return (closing, .font(fontColor(in: attributes)))
        default: return nil
        }
    }

    /// The value of the `color` attribute in a `<font …>` tag's attribute text.
    private static func fontColor(in attributes: String) -> SubtitleColor? {
        var scanner = ScalarScanner(attributes)
        while !scanner.isAtEnd {
            scanner.skipWhitespace()
            let name = scanner.collect { $0 == "=" || $0.isTextWhitespace }.lowercased()
            scanner.skipWhitespace()
            guard scanner.consume("=") else { continue }
            scanner.skipWhitespace()
            let value: String
            if let quote = scanner.current, quote == "\"" || quote == "'" {
                scanner.advance()
                value = scanner.collect { $0 == quote }
                scanner.advance()
            } else {
                value = scanner.collect(until: \.isTextWhitespace)
            }
            if name == "color" { return SubtitleColor(parsing: value) }
        }
        return nil
    }

    /// Parses `{\an8\pos(1,2)}` into `["an8", "pos(1,2)"]`, or returns nil if unterminated.
    private static func parseOverrideBlock(_ scanner: inout ScalarScanner) -> [String]? {
        scanner.advance()
        let body = scanner.collect { $0 == "}" || $0 == "\n" }
        guard scanner.consume("}") else { return nil }
        return body.split(separator: "\\").map(String.init)
    }

    /// `\anN` (numpad layout; 7–9 are the top row) or legacy SSA `\aN` (5–7 are the top row).
    private static func alignmentPlacement(_ override: String) -> CuePlacement? {
        if override.hasPrefix("an"), let value = Int(override.dropFirst(2)), (1...9).contains(value) {
            return value >= 7 ? .top : .bottom
        }
        if override.hasPrefix("a"), let value = Int(override.dropFirst(1)), (1...11).contains(value) {
            return (5...7).contains(value) ? .top : .bottom
        }
        return nil
    }
}
