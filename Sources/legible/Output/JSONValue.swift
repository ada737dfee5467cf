import TimedText

/// A JSON document with object keys kept in the order they were added, so output is stable
/// and reads in a sensible order.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }

    static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    static func unsigned<T: BinaryInteger>(_ value: T) -> JSONValue { .integer(Int64(clamping: value)) }
    /// Seconds rounded to the millisecond.
    static func seconds(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .number((value * 1000).rounded() / 1000)
    }

    /// Pretty-printed with two-space indentation.
    func rendered(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .null: return "null"
        case let .bool(value): return value ? "true" : "false"
        case let .integer(value): return String(value)
        case let .number(value):
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return "\(value)"
        case let .string(value): return Self.quoted(value)
        case let .array(values):
            if values.isEmpty { return "[]" }
            return "[\n" + values.map { pad + $0.rendered(indent: indent + 1) }.joined(separator: ",\n") + "\n\(closing)]"
        case let .object(members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { pad + Self.quoted($0.0) + ": " + $0.1.rendered(indent: indent + 1) }
                .joined(separator: ",\n") + "\n\(closing)}"
        }
    }

    static func quoted(_ text: String) -> String { JSONStringLiteral.quoted(text) }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }

    func rightPadded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
