import ISOBMFF

/// Renders dump nodes as indented text or JSON.
struct BoxTreeRenderer {
    var showFields: Bool

    func textLines(_ node: BoxDumpNode, indent: Int) -> [String] {
        let pad = String(repeating: "  ", count: indent)
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
        var lines = [line]
        if showFields {
            for field in node.fields ?? [] { lines.append("\(pad)    \(field.name): \(field.value)") }
            if let error = node.decodeError { lines.append("\(pad)    error: \(error)") }
        }
        for child in node.children { lines += textLines(child, indent: indent + 1) }
        return lines
    }

    func json(file: String, nodes: [BoxDumpNode], parsed: BoxFile) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("file", .string(file)),
            ("size", .unsigned(parsed.source.size)),
            ("boxes", .array(nodes.map(json))),
            ("warnings", .array(parsed.warnings.map { .string($0.description) })),
        ]
        members.append(("error", .string(parsed.damage?.description)))
        return .object(members)
    }

    func json(_ node: BoxDumpNode) -> JSONValue {
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
        if !node.children.isEmpty { members.append(("children", .array(node.children.map(json)))) }
        if node.hiddenChildCount > 0 { members.append(("hiddenChildren", .unsigned(node.hiddenChildCount))) }
        return .object(members)
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
