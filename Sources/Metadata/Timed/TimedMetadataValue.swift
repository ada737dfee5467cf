/// A value as a timed metadata document writes it in JSON: a string, an integer, a number, a
/// list of numbers (points, rectangles, transforms), or `{"hex": "…"}` for bytes (images,
/// structured Apple values, unknown types). The key's data type says which a value must be.
public enum TimedMetadataValue: Hashable, Sendable, Codable {
    /// A JSON string.
    case text(String)
    /// A signed integer; a JSON integer that fits `Int64` reads as this.
    case integer(Int64)
    /// An unsigned integer; a JSON integer above `Int64.max` reads as this.
    case unsignedInteger(UInt64)
    /// A floating-point number.
    case number(Double)
    /// A JSON list of numbers: a point, dimensions, rectangle or transform.
    case numbers([Double])
    /// Bytes, written `{"hex": "…"}`.
    case bytes([UInt8])

    private enum ByteKeys: String, CodingKey { case hex }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "null is not a metadata value")
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(UInt64.self) {
            self = .unsignedInteger(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .text(value)
        } else if let value = try? container.decode([Double].self) {
            self = .numbers(value)
        } else if let hex = try? decoder.container(keyedBy: ByteKeys.self).decode(String.self, forKey: .hex) {
            guard let bytes = Self.bytes(hex: hex) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'hex' must be pairs of hexadecimal digits")
            }
            self = .bytes(bytes)
        } else {
            throw DecodingError.dataCorruptedError(in: container,
                                                   debugDescription: "a metadata value is a string, a number, a list of numbers or {\"hex\": \"…\"}")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case let .bytes(bytes):
            var container = encoder.container(keyedBy: ByteKeys.self)
            try container.encode(bytes.map { Self.hexDigits($0) }.joined(), forKey: .hex)
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case let .text(text): try container.encode(text)
            case let .integer(value): try container.encode(value)
            case let .unsignedInteger(value): try container.encode(value)
            // JSON has no NaN or infinity: they are written as the strings Swift prints.
            case let .number(value): value.isFinite ? try container.encode(value) : try container.encode("\(value)")
            case let .numbers(values): try container.encode(values)
            case .bytes: break
            }
        }
    }

    /// The JSON form of a value read from a file.
    public init(_ value: MetadataValue) {
        switch value {
        case let .text(text): self = .text(text)
        case let .integer(number): self = .integer(number)
        case let .unsignedInteger(number): self = .unsignedInteger(number)
        case let .float(number): self = .number(number)
        case let .floats(numbers): self = .numbers(numbers)
        case let .image(_, bytes), let .bytes(bytes): self = .bytes(bytes)
        case let .location(location): self = .bytes(location.encoded())
        }
    }

    /// The metadata value this JSON value stands for as `type` (nil: raw bytes); nil when the
    /// JSON value does not fit the type.
    public func metadataValue(as type: MetadataDataType?) -> MetadataValue? {
        guard let type else {
            if case let .bytes(bytes) = self { return .bytes(bytes) }
            return nil
        }
        switch (type.rawValue, self) {
        case (_, let .text(text)) where type.isText: return .text(text)
        case (65, _): return signed(in: Int64(Int8.min)...Int64(Int8.max))
        case (66, _): return signed(in: Int64(Int16.min)...Int64(Int16.max))
        case (67, _): return signed(in: Int64(Int32.min)...Int64(Int32.max))
        case (74, _): return signed(in: Int64.min...Int64.max)
        case (75, _): return unsigned(upTo: UInt64(UInt8.max))
        case (76, _): return unsigned(upTo: UInt64(UInt16.max))
        case (77, _): return unsigned(upTo: UInt64(UInt32.max))
        case (78, _): return unsigned(upTo: UInt64.max)
        case (23, _), (24, _): return float.map { .float($0) }
        case (70, let .numbers(values)) where values.count == 2, (71, let .numbers(values)) where values.count == 2,
             (72, let .numbers(values)) where values.count == 4, (79, let .numbers(values)) where values.count == 9:
            return .floats(values)
        case (13, let .bytes(bytes)): return .image(.jpeg, bytes)
        case (14, let .bytes(bytes)): return .image(.png, bytes)
        case (27, let .bytes(bytes)): return .image(.bmp, bytes)
        case (_, let .bytes(bytes)) where !type.isText && ![21, 22, 23, 24, 65, 66, 67, 70, 71, 72, 74, 75, 76, 77, 78, 79].contains(type.rawValue):
            return .bytes(bytes)
        default: return nil
        }
    }

    /// What a value of `type` is written as, for messages.
    static func expectation(for type: MetadataDataType?) -> String {
        guard let type else { return "{\"hex\": \"…\"} (the key has no well-known type)" }
        switch type.rawValue {
        case _ where type.isText: return "a string"
        case 65, 66, 67, 74: return "an integer that fits \(type)"
        case 75, 76, 77, 78: return "a non-negative integer that fits \(type)"
        case 21, 22: return "a fixed-size type: \(type) is not allowed in timed metadata (QTFF); use int8…int64 or uint8…uint64"
        case 23, 24: return "a number"
        case 70, 71: return "a list of 2 numbers"
        case 72: return "a list of 4 numbers"
        case 79: return "a list of 9 numbers"
        default: return "{\"hex\": \"…\"}"
        }
    }

    /// The type a key gets when the document does not declare it, from its first value.
    var inferredDataType: MetadataDataType? {
        switch self {
        case .text: .utf8
        case let .integer(value): Int32(exactly: value) != nil ? .int32 : .int64
        case .unsignedInteger: .uint64
        case .number: .float64
        case let .numbers(values): values.count == 9 ? .affineTransformF64 : values.count == 4 ? .rectF32 : .pointF32
        case .bytes: nil
        }
    }

    private func signed(in range: ClosedRange<Int64>) -> MetadataValue? {
        if case let .integer(value) = self, range.contains(value) { return .integer(value) }
        return nil
    }

    private func unsigned(upTo limit: UInt64) -> MetadataValue? {
        switch self {
        case let .integer(value) where value >= 0 && UInt64(value) <= limit: .unsignedInteger(UInt64(value))
        case let .unsignedInteger(value) where value <= limit: .unsignedInteger(value)
        default: nil
        }
    }

    private var float: Double? {
        switch self {
        case let .number(value): value
        case let .integer(value): Double(value)
        case let .unsignedInteger(value): Double(value)
        case let .text(text): ["nan", "inf", "-inf"].contains(text) ? Double(text) : nil
        default: nil
        }
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x41...0x46: digit - 0x41 + 10
        case 0x61...0x66: digit - 0x61 + 10
        default: nil
        }
    }
}
