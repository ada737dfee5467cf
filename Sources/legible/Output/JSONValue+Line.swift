extension JSONValue {
    /// On one line, without spaces: one record of a JSON-lines stream.
    var line: String {
        switch self {
        case .null, .bool, .integer, .number, .string: rendered()
        case let .array(values): "[" + values.map(\.line).joined(separator: ",") + "]"
        case let .object(members): "{" + members.map { Self.quoted($0.0) + ":" + $0.1.line }.joined(separator: ",") + "}"
        }
    }
}
