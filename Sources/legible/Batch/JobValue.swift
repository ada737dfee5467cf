/// The value of one key of a batch job: what a JSON line may give an option.
enum JobValue: Sendable, Equatable, Decodable {
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JobValue])
    /// `null` or an object: no command-line spelling, reported as the job's error.
    case unsupported(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Bool first: JSON `true` is never a number, and 1 is never a Bool.
        if container.decodeNil() { self = .unsupported("null") }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JobValue].self) { self = .array(value) }
        else { self = .unsupported("an object") }
    }

    /// The text of a scalar as a command-line argument, or nil for a Bool, array or unsupported value.
    var argument: String? {
        switch self {
        case let .string(value): value
        case let .integer(value): String(value)
        case let .number(value): String(value)
        case .bool, .array, .unsupported: nil
        }
    }

    /// What the value is, for error messages.
    var kind: String {
        switch self {
        case .bool: "a Boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case let .unsupported(kind): kind
        }
    }
}
