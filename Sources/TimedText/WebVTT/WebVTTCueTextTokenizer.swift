import XML
/// The WebVTT cue text tokenizer (W3C WebVTT §6.4, "WebVTT cue text tokenizer"): its states
/// (data, tag, start tag, start tag class, start tag annotation, end tag, timestamp tag) folded
/// into one function per token kind. Text never becomes a tag except through `<`.
struct WebVTTCueTextTokenizer {
    enum Token: Equatable {
        /// Text, with character references decoded.
        case string(String)
        /// `<name.class.class annotation>`; the name may be empty (`<>`, `<.x>`, `< x>`).
        case startTag(name: String, classes: [String], annotation: String)
        case endTag(String)
        /// `<00:00:01.500>` unparsed: the tree builder decides whether it is a timestamp.
        case timestamp(String)
    }

    private var scanner: ScalarScanner

    init(_ text: String) {
        scanner = ScalarScanner(text)
    }

    mutating func next() -> Token? {
        guard let first = scanner.current else { return nil }
        guard first == "<" else { return .string(readData()) }
        scanner.advance()
        guard let scalar = scanner.current else { return .startTag(name: "", classes: [], annotation: "") }
        switch scalar {
        case "/":
            scanner.advance()
            return .endTag(readUntilTagEnd())
        case _ where scalar.isASCIIDigit:
            return .timestamp(readUntilTagEnd())
        default:
            return readStartTag()
        }
    }

    /// Data state: text up to the next `<` or the end.
    private mutating func readData() -> String {
        var text = ""
        while let scalar = scanner.current, scalar != "<" {
            if scalar == "&", let decoded = HTMLCharacterReference.read(&scanner) {
                text += decoded
            } else {
                text.unicodeScalars.append(scalar)
                scanner.advance()
            }
        }
        return text
    }

    /// End tag and timestamp tag states: everything up to `>` (consumed) or the end.
    private mutating func readUntilTagEnd() -> String {
        let body = scanner.collect { $0 == ">" }
        scanner.advance()
        return body
    }

    /// Tag, start tag and start tag class states, then the annotation state after whitespace.
    private mutating func readStartTag() -> Token {
        let name = scanner.collect { $0 == "." || $0 == ">" || Self.isSeparator($0) }
        var classes: [String] = []
        while scanner.consume(".") {
            let name = scanner.collect { $0 == "." || $0 == ">" || Self.isSeparator($0) }
            // `<c.>` and `<c..x>` name no class: the DOM's class list has no empty names.
            if !name.isEmpty { classes.append(name) }
        }
        var annotation = ""
        if scanner.current != ">" {
            while let scalar = scanner.current, scalar != ">" {
                // "Consume a character reference, with the additional allowed character >".
                if scalar == "&", scanner.peek(1) != ">", let decoded = HTMLCharacterReference.read(&scanner) {
                    annotation += decoded
                } else {
                    annotation.unicodeScalars.append(scalar)
                    scanner.advance()
                }
            }
        }
        scanner.advance()
        let collapsed = annotation.unicodeScalars.split(whereSeparator: Self.isSeparator).map(String.init).joined(separator: " ")
        return .startTag(name: name, classes: classes, annotation: collapsed)
    }

    /// The tokenizer's whitespace (tab, line feed, form feed, space; carriage returns are gone
    /// by now): not Swift's wider `isWhitespace`, under which `\v` would split a tag.
    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isTextWhitespace
    }
}
