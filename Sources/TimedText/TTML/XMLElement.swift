import XML
/// A namespace-resolved XML element tree, built without recursion from `XMLTokenizer`
/// tokens, with the nesting depth bounded.
///
/// Forgiving where TTML files in the wild are sloppy: an end tag that closes an outer element
/// closes the ones inside it too, a stray end tag is ignored, elements still open at the end are
/// closed, and an unbound prefix keeps its element out of every known namespace; each with a
/// warning. Malformed markup itself (an unterminated tag, a bad attribute) is fatal.
struct XMLElement: Equatable {
    /// A namespace URI and a local name.
    struct Name: Hashable {
        var namespace: String
        var local: String
    }

    enum Node: Equatable {
        case element(XMLElement)
        case text(String)
    }

    var name: Name
    var attributes: [Name: String]
    var children: [Node]
    /// The 1-based line of the start tag.
    var line: Int

    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// The child elements, in order.
    var elements: [XMLElement] {
        children.compactMap { node in
            if case .element(let element) = node { element } else { nil }
        }
    }

    /// Parses a document and returns its root element.
    static func parseDocument(_ text: String, limits: SubtitleParseLimits) throws(SubtitleParseError) -> (root: XMLElement, warnings: [SubtitleDiagnostic]) {
        var tokenizer = XMLTokenizer(text)
        var builder = TreeBuilder(limits: limits)
        while let token = try Self.next(&tokenizer) {
            let line = tokenizer.currentLine()
            switch token {
            case .startTag(let name, let attributes, let selfClosing):
                try builder.open(name, attributes: attributes, line: line)
                if selfClosing { builder.close(name, line: line) }
            case .endTag(let name):
                builder.close(name, line: line)
            case .text(let text):
                builder.addText(text, line: line)
            }
            if builder.isComplete { break }
        }
        let root = try builder.finish(line: tokenizer.currentLine())
        return (root, tokenizer.warnings.map { SubtitleDiagnostic(line: $0.line, message: $0.message) } + builder.warnings)
    }

    /// The tokenizer's next token, its syntax errors as this module's.
    private static func next(_ tokenizer: inout XMLTokenizer) throws(SubtitleParseError) -> XMLTokenizer.Token? {
        do throws(XMLDiagnostic) {
            return try tokenizer.next()
        } catch {
            throw SubtitleParseError(.malformedXML(error.message), line: error.line)
        }
    }
}

/// The stack machine behind ``XMLElement/parseDocument(_:limits:)``.
private struct TreeBuilder {
    private struct Frame {
        var rawName: String
        var element: XMLElement
        var namespaces: [String: String]
    }

    let limits: SubtitleParseLimits
    private var stack: [Frame] = []
    private var root: XMLElement?
    private(set) var warnings: [SubtitleDiagnostic] = []

    init(limits: SubtitleParseLimits) {
        self.limits = limits
    }

    var isComplete: Bool { root != nil }

    mutating func open(_ rawName: String, attributes: [XMLTokenizer.Attribute], line: Int) throws(SubtitleParseError) {
        guard stack.count < limits.maxNestingDepth else {
            throw SubtitleParseError(.malformedXML("elements nested deeper than \(limits.maxNestingDepth)"), line: line)
        }
        var namespaces = stack.last?.namespaces ?? ["xml": XMLElement.xmlNamespace]
        for attribute in attributes {
            if attribute.name == "xmlns" {
                namespaces[""] = attribute.value
            } else if attribute.name.hasPrefix("xmlns:") {
                namespaces[String(attribute.name.dropFirst(6))] = attribute.value
            }
        }
        var resolved: [XMLElement.Name: String] = [:]
        for attribute in attributes where attribute.name != "xmlns" && !attribute.name.hasPrefix("xmlns:") {
            // Unprefixed attributes are in no namespace, whatever the default namespace is.
            resolved[resolve(attribute.name, in: namespaces, unprefixed: "", line: line)] = attribute.value
        }
        let name = resolve(rawName, in: namespaces, unprefixed: namespaces[""] ?? "", line: line)
        let element = XMLElement(name: name, attributes: resolved, children: [], line: line)
        stack.append(Frame(rawName: rawName, element: element, namespaces: namespaces))
    }

    mutating func close(_ rawName: String, line: Int) {
        guard let index = stack.lastIndex(where: { $0.rawName == rawName }) else {
            warnings.append(SubtitleDiagnostic(line: line, message: "end tag </\(rawName)> without a start tag ignored"))
            return
        }
        if index != stack.count - 1 {
            warnings.append(SubtitleDiagnostic(line: line, message: "</\(rawName)> closes elements still open inside it"))
        }
        while stack.count > index { popFrame() }
    }

    mutating func addText(_ text: String, line: Int) {
        guard !stack.isEmpty else {
            if !text.trimmingTextWhitespace().isEmpty {
                warnings.append(SubtitleDiagnostic(line: line, message: "text outside the root element ignored"))
            }
            return
        }
        stack[stack.count - 1].element.children.append(.text(text))
    }

    mutating func finish(line: Int) throws(SubtitleParseError) -> XMLElement {
        if !stack.isEmpty {
            warnings.append(SubtitleDiagnostic(line: line, message: "document ends inside <\(stack[stack.count - 1].rawName)>; closed"))
            while !stack.isEmpty { popFrame() }
        }
        guard let root else { throw SubtitleParseError(.malformedXML("no root element"), line: line) }
        return root
    }

    private mutating func popFrame() {
        guard let frame = stack.popLast() else { return }
        if stack.isEmpty {
            root = frame.element
        } else {
            stack[stack.count - 1].element.children.append(.element(frame.element))
        }
    }

    private mutating func resolve(_ rawName: String, in namespaces: [String: String], unprefixed: String, line: Int) -> XMLElement.Name {
        guard let colon = rawName.firstIndex(of: ":") else {
            return XMLElement.Name(namespace: unprefixed, local: rawName)
        }
        let prefix = String(rawName[..<colon])
        let local = String(rawName[rawName.index(after: colon)...])
        guard let namespace = namespaces[prefix] else {
            warnings.append(SubtitleDiagnostic(line: line, message: "unbound namespace prefix \(prefix)"))
            return XMLElement.Name(namespace: "unbound:" + prefix, local: local)
        }
        return XMLElement.Name(namespace: namespace, local: local)
    }
}
