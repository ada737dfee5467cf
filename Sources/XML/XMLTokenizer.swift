/// A small, bounded XML tokenizer: start tags (with attributes), end tags and text, with
/// character references and CDATA resolved; comments, processing instructions, the XML
/// declaration and DOCTYPE skipped. Enough for TTML, without pulling in libxml2.
///
/// It never recurses and looks at every input scalar a bounded number of times. It does not
/// expand DTD entities (so no entity-expansion attacks); an unknown entity stays as written,
/// with a warning. Its own module, so every reader of small XML formats (TTML, GPX) shares it.
public struct XMLTokenizer {
    /// One piece of XML.
    public enum Token: Equatable, Sendable {
        /// A start tag (`<p begin="1s">`), or an empty element (`<br/>`) when `selfClosing`.
        case startTag(name: String, attributes: [Attribute], selfClosing: Bool)
        /// An end tag (`</p>`).
        case endTag(name: String)
        /// Text between tags, with references resolved.
        case text(String)
    }

    /// An attribute of a start tag.
    public struct Attribute: Equatable, Sendable {
        /// The name as written, with its prefix (`xml:lang`).
        public var name: String
        /// The value, with references resolved.
        public var value: String
    }

    private var scanner: ScalarScanner
    private var line = 1
    private var lineCountedTo = 0
    /// What was tolerated, such as an unknown entity left as written.
    public private(set) var warnings: [XMLDiagnostic] = []

    /// A tokenizer over `text`.
    public init(_ text: String) {
        scanner = ScalarScanner(text)
    }

    /// The 1-based line of the scanner position.
    public mutating func currentLine() -> Int {
        let scalars = scanner.scalars
        while lineCountedTo < scanner.position, lineCountedTo < scalars.count {
            if scalars[lineCountedTo] == "\n" { line += 1 }
            lineCountedTo += 1
        }
        return line
    }

    /// The next token, or nil at the end of the input.
    public mutating func next() throws(XMLDiagnostic) -> Token? {
        while let scalar = scanner.current {
            guard scalar == "<" else { return .text(readText()) }
            if scanner.consume("<!--") {
                try skip(past: "-->", what: "comment")
            } else if scanner.consume("<![CDATA[") {
                let start = scanner.position
                try skip(past: "]]>", what: "CDATA section")
                return .text(String(String.UnicodeScalarView(scanner.scalars[start..<(scanner.position - 3)])))
            } else if scanner.consume("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if scanner.consume("<!") {
                try skipDeclaration()
            } else if scanner.consume("</") {
                let name = readName()
                scanner.skipWhitespace()
                guard !name.isEmpty, scanner.consume(">") else { throw error("malformed end tag") }
                return .endTag(name: name)
            } else {
                return try readStartTag()
            }
        }
        return nil
    }

    private mutating func error(_ message: String) -> XMLDiagnostic {
        XMLDiagnostic(line: currentLine(), message: message)
    }

    private mutating func skip(past terminator: String, what: String) throws(XMLDiagnostic) {
        let first = terminator.unicodeScalars.first
        while !scanner.isAtEnd {
            if scanner.current == first, scanner.consume(terminator) { return }
            scanner.advance()
        }
        throw error("unterminated \(what)")
    }

    /// `<!DOCTYPE …>` including an internal subset in brackets, which is not interpreted.
    private mutating func skipDeclaration() throws(XMLDiagnostic) {
        var bracketDepth = 0
        while let scalar = scanner.current {
            scanner.advance()
            switch scalar {
            case "[": bracketDepth += 1
            case "]": bracketDepth = max(0, bracketDepth - 1)
            case ">" where bracketDepth == 0: return
            default: break
            }
        }
        throw error("unterminated declaration")
    }

    private mutating func readStartTag() throws(XMLDiagnostic) -> Token {
        scanner.advance()
        let name = readName()
        guard !name.isEmpty else { throw error("malformed start tag") }
        var attributes: [Attribute] = []
        while true {
            scanner.skipWhitespace()
            if scanner.consume("/>") { return .startTag(name: name, attributes: attributes, selfClosing: true) }
            if scanner.consume(">") { return .startTag(name: name, attributes: attributes, selfClosing: false) }
            // Bounding the count keeps the duplicate check below from going quadratic.
            guard attributes.count < 256 else { throw error("too many attributes in <\(name)>") }
            let attributeName = readName()
            scanner.skipWhitespace()
            guard !attributeName.isEmpty, scanner.consume("=") else { throw error("malformed attribute in <\(name)>") }
            scanner.skipWhitespace()
            guard let quote = scanner.current, quote == "\"" || quote == "'" else {
                throw error("unquoted attribute value in <\(name)>")
            }
            scanner.advance()
            let value = try readAttributeValue(until: quote)
            if attributes.contains(where: { $0.name == attributeName }) {
                warnings.append(XMLDiagnostic(line: currentLine(), message: "duplicate attribute \(attributeName) ignored"))
            } else {
                attributes.append(Attribute(name: attributeName, value: value))
            }
        }
    }

    private mutating func readName() -> String {
        scanner.collect { scalar in
            scalar.isTextWhitespace || scalar == ">" || scalar == "/" || scalar == "=" || scalar == "<"
                || scalar == "\"" || scalar == "'"
        }
    }

    /// Attribute values: references resolved, whitespace characters normalized to spaces.
    private mutating func readAttributeValue(until quote: Unicode.Scalar) throws(XMLDiagnostic) -> String {
        var value = String.UnicodeScalarView()
        while let scalar = scanner.current {
            if scalar == quote {
                scanner.advance()
                return String(value)
            }
            if scalar == "<" { throw error("'<' in attribute value") }
            if scalar == "&" {
                value.append(readReference())
            } else {
                value.append(scalar.isTextWhitespace ? " " : scalar)
                scanner.advance()
            }
        }
        throw error("unterminated attribute value")
    }

    private mutating func readText() -> String {
        var text = String.UnicodeScalarView()
        while let scalar = scanner.current, scalar != "<" {
            if scalar == "&" {
                text.append(readReference())
            } else {
                text.append(scalar)
                scanner.advance()
            }
        }
        return String(text)
    }

    /// A character reference at `&`; an unknown one is kept literally (just the `&`).
    private mutating func readReference() -> Unicode.Scalar {
        if let scalar = CharacterReference.read(&scanner, named: CharacterReference.xml) { return scalar }
        warnings.append(XMLDiagnostic(line: currentLine(), message: "unknown or malformed entity kept as text"))
        scanner.advance()
        return "&"
    }
}
