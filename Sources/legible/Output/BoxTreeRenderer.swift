import ISOBMFF

/// Writes a box dump as indented text or JSON while the tree is walked, so the output of a tree
/// of any size never has to be held in memory.
struct BoxTreeRenderer {
    var showFields: Bool
    /// Decides which boxes show fields.
    var registry: BoxRegistry

    /// Writes the text dump of `boxes` (one line per box, then its fields).
    func writeText(_ boxes: some Sequence<Box>, source: any ByteSource, maxDepth: Int?, to output: inout some TextSink) {
        BoxDumpNode.walk(boxes, registry: registry, maxDepth: maxDepth, enter: { node, depth in
            let pad = String(repeating: "  ", count: depth - 1)
            var line = "\(pad)[\(node.type)]"
            if let offset = node.offset { line += " @0x\(String(offset, radix: 16))" }
            line += " size=\(node.size)"
            switch node.form {
            case .large: line += " (64-bit size)"
            case .toEnd: line += " (size 0: to end of file)"
            case .compact: break
            }
            if node.missingBytes > 0 { line += " TRUNCATED: \(node.missingBytes) bytes missing" }
            if node.hiddenChildCount > 0 { line += " (\(node.hiddenChildCount) children not shown)" }
            output.writeLine(TerminalText.lines(line))
            if showFields {
                for field in node.fields ?? [] { output.writeLine("\(pad)    \(field.name): \(TerminalText.field(field.value.description))") }
                if let error = node.decodeError { output.writeLine("\(pad)    error: \(TerminalText.field("\(error)"))") }
            }
        }, leave: { _, _ in })
    }

    /// Writes the JSON dump: `{"file", "size", "boxes": [...], "warnings", "error"}`, indented as
    /// ``JSONValue/rendered(indent:)`` indents, each box written as it is visited.
    func writeJSON(file: String, parsed: BoxFile, maxDepth: Int?, to output: inout some TextSink) {
        output.write("{\n  \"file\": \(JSONValue.quoted(file)),\n  \"size\": \(parsed.source.size),\n  \"boxes\": ")
        if parsed.boxes.isEmpty {
            output.write("[]")
        } else {
            output.write("[\n")
            // Per open level: how many of its children were written so far.
            var written: [Int] = [0]
            BoxDumpNode.walk(parsed.boxes, registry: registry, maxDepth: maxDepth, enter: { node, depth in
                // A box at `depth` sits in an array whose items are indented 2 × depth spaces.
                let itemPad = String(repeating: "  ", count: depth * 2)
                if written[depth - 1] > 0 { output.write(",\n") }
                written[depth - 1] += 1
                let memberPad = itemPad + "  "
                let members = self.members(of: node)
                output.write(itemPad + "{\n")
                output.write(members.map { memberPad + JSONValue.quoted($0.0) + ": " + $0.1.rendered(indent: depth * 2 + 1) }
                    .joined(separator: ",\n"))
                if node.shownChildCount > 0 {
                    output.write(",\n" + memberPad + "\"children\": [\n")
                    written.append(0)
                }
            }, leave: { node, depth in
                let itemPad = String(repeating: "  ", count: depth * 2)
                let memberPad = itemPad + "  "
                if node.shownChildCount > 0 {
                    written.removeLast()
                    output.write("\n" + memberPad + "]")
                }
                if node.hiddenChildCount > 0 { output.write(",\n" + memberPad + "\"hiddenChildren\": \(node.hiddenChildCount)") }
                output.write("\n" + itemPad + "}")
            })
            output.write("\n  ]")
        }
        let warnings = JSONValue.array(parsed.warnings.map { .string($0.description) })
        output.write(",\n  \"warnings\": " + warnings.rendered(indent: 1))
        output.write(",\n  \"error\": " + JSONValue.string(parsed.damage?.description).rendered(indent: 1) + "\n}\n")
    }

    /// The members of a box's JSON object before its children.
    private func members(of node: BoxDumpNode) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [
            ("type", .string(node.type.description)),
            ("path", .string(node.path)),
            ("offset", node.offset.map { .unsigned($0) } ?? .null),
            ("size", .unsigned(node.size)),
            ("headerSize", .unsigned(node.headerSize)),
        ]
        if node.form == .large { members.append(("largeSize", .bool(true))) }
        if node.form == .toEnd { members.append(("sizeToEnd", .bool(true))) }
        if node.missingBytes > 0 { members.append(("missingBytes", .unsigned(node.missingBytes))) }
        if showFields, let fields = node.fields {
            members.append(("fields", .object(fields.map { ($0.name, json($0.value)) })))
        }
        if let error = node.decodeError { members.append(("error", .string(error.description))) }
        return members
    }

    func json(_ value: BoxFieldValue) -> JSONValue {
        switch value {
        case let .integer(number): .integer(number)
        case let .unsigned(number): .unsigned(number)
        case .hex: .string(value.description)
        case let .number(number): .number(number)
        case let .text(text): .string(text)
        case let .code(code): .string(code.description)
        case let .flag(flag): .bool(flag)
        case let .list(values): .array(values.map(json))
        case let .table(first, count): .object([("count", .unsigned(count)), ("first", .array(first.map(json)))])
        }
    }
}
