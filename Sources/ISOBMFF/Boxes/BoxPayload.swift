/// A box whose fields Legible models: decoded from a box's payload and encoded back to it.
///
/// Conformers store wire values (version, flags, raw fixed-point integers, reserved words) and
/// any bytes after the known fields, so decoding then encoding an unchanged box gives back the
/// same bytes.
public protocol BoxPayload: BoxModel, Equatable {
    /// The box types this payload decodes (most have one; `stco`/`co64` share a layout).
    static var boxTypes: Set<FourCC> { get }
    /// The type to write.
    var boxType: FourCC { get }
    /// Decodes the payload (the bytes after the header) of a box of type `type`.
    init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError)
    /// Encodes the payload.
    func encode(into writer: inout ByteWriter)
}

extension BoxPayload {
    /// Decodes a box; throws if its type is not one this payload models or its bytes are bad.
    public init(_ box: Box) throws(BoxError) {
        var reader = try box.payloadReader()
        guard Self.boxTypes.contains(box.type) else {
            throw reader.error(.unexpectedBoxType(expected: Self.boxTypes.sorted { $0.description < $1.description }, found: box.type))
        }
        try self.init(parsing: &reader, type: box.type)
    }

    /// The payload bytes.
    public var payload: [UInt8] {
        var writer = ByteWriter()
        encode(into: &writer)
        return writer.bytes
    }

    /// A new box holding this payload.
    public func makeBox() -> Box { Box(type: boxType, payload: payload) }
}

extension Box {
    /// Replaces the payload of a leaf box with an encoded typed payload, keeping the header form.
    public mutating func setPayload(_ value: some BoxPayload) {
        let bytes = value.payload
        header = header.resized(to: UInt64(bytes.count))
        header.type = value.boxType
        content = .data(bytes[...])
    }
}

/// One decoded field of a box, for text and JSON dumps.
public struct BoxField: Sendable, Equatable {
    /// The field's name as dumps show it (`timescale`, `entry count`).
    public var name: String
    /// The field's value.
    public var value: BoxFieldValue

    /// Creates a field named `name` with `value`.
    public init(_ name: String, _ value: BoxFieldValue) {
        self.name = name
        self.value = value
    }
}

/// The value of a dumped field.
public indirect enum BoxFieldValue: Sendable, Equatable, CustomStringConvertible {
    /// A signed integer.
    case integer(Int64)
    /// An unsigned integer.
    case unsigned(UInt64)
    /// An integer shown in hexadecimal, zero-padded to `digits` digits (flags, masks).
    case hex(UInt64, digits: Int)
    /// A fixed-point or floating-point number.
    case number(Double)
    /// A string, shown quoted.
    case text(String)
    /// A four-character code, shown in single quotes.
    case code(FourCC)
    /// A boolean.
    case flag(Bool)
    /// A short list of values, all shown.
    case list([BoxFieldValue])
    /// The first entries of a long table and how many there are in all.
    case table(first: [BoxFieldValue], count: Int)

    public var description: String {
        switch self {
        case let .integer(value): "\(value)"
        case let .unsigned(value): "\(value)"
        case let .hex(value, digits): "0x" + String(value, radix: 16).leftPadded(to: digits)
        case let .number(value): "\(value)"
        case let .text(value): "\"\(value)\""
        case let .code(value): "'\(value)'"
        case let .flag(value): value ? "true" : "false"
        case let .list(values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case let .table(first, count):
            "[" + first.map(\.description).joined(separator: ", ") + (count > first.count ? ", … (\(count) in all)]" : "]")
        }
    }
}

/// Helpers for writing `fields` concisely.
extension BoxFieldValue {
    /// An integer of any width: unsigned unless it is negative.
    public static func int<T: BinaryInteger>(_ value: T) -> BoxFieldValue {
        if value < 0 { return .integer(Int64(value)) }
        return .unsigned(UInt64(value))
    }

    /// A table field showing the first `limit` entries.
    public static func table(_ count: Int, limit: Int = 8, entry: (Int) -> BoxFieldValue) -> BoxFieldValue {
        .table(first: (0..<min(count, limit)).map(entry), count: count)
    }
}
