import ISOBMFF

/// A typed metadata value, decoded from its bytes and well-known data type. A value of a type
/// this library does not decode is kept as bytes, never dropped, and written back unchanged.
public enum MetadataValue: Hashable, Sendable {
    /// Text, from UTF-8 or UTF-16.
    case text(String)
    /// A signed integer.
    case integer(Int64)
    /// An unsigned integer.
    case unsignedInteger(UInt64)
    /// A float32 or float64.
    case float(Double)
    /// A point, dimensions, rectangle or affine transform: its numbers in order.
    case floats([Double])
    /// An image's bytes and format.
    case image(MetadataImageFormat, [UInt8])
    /// A 3GPP `loci` place (3GPP TS 26.244 §8.12).
    case location(GeographicLocation)
    /// Anything else: unknown types, iTunes binary items (`trkn`), nested atoms.
    case bytes([UInt8])

    /// Decodes `bytes` as `type`; a size that does not fit the type keeps the bytes.
    public init(decoding bytes: ArraySlice<UInt8>, as type: MetadataDataType) {
        let bytes = Array(bytes)
        switch type.rawValue {
        case 1, 4:
            self = .text(String(decoding: bytes, as: UTF8.self))
        case 2, 5:
            self = .text(String(utf16Bytes: bytes))
        case 13: self = .image(.jpeg, bytes)
        case 14: self = .image(.png, bytes)
        case 27: self = .image(.bmp, bytes)
        case 21 where [1, 2, 3, 4, 8].contains(bytes.count):
            self = .integer(Self.signed(bytes))
        case 22 where [1, 2, 3, 4, 8].contains(bytes.count):
            self = .unsignedInteger(Self.unsigned(bytes))
        case 65 where bytes.count == 1, 66 where bytes.count == 2, 67 where bytes.count == 4, 74 where bytes.count == 8:
            self = .integer(Self.signed(bytes))
        case 75 where bytes.count == 1, 76 where bytes.count == 2, 77 where bytes.count == 4, 78 where bytes.count == 8:
            self = .unsignedInteger(Self.unsigned(bytes))
        case 23 where bytes.count == 4:
            self = .float(Double(Float(bitPattern: UInt32(Self.unsigned(bytes)))))
        case 24 where bytes.count == 8:
            self = .float(Double(bitPattern: Self.unsigned(bytes)))
        case 70 where bytes.count == 8, 71 where bytes.count == 8, 72 where bytes.count == 16:
            self = .floats(stride(from: 0, to: bytes.count, by: 4).map {
                Double(Float(bitPattern: UInt32(Self.unsigned(Array(bytes[$0..<($0 + 4)])))))
            })
        case 79 where bytes.count == 72:
            self = .floats(stride(from: 0, to: 72, by: 8).map { Double(bitPattern: Self.unsigned(Array(bytes[$0..<($0 + 8)]))) })
        default:
            self = .bytes(bytes)
        }
    }

    /// The bytes of the value as `type` stores it. Integers take the narrowest width the type
    /// allows for the generic integer types (21, 22), the fixed width otherwise.
    public func encoded(as type: MetadataDataType) -> [UInt8] {
        switch self {
        case let .text(text):
            if type.rawValue == 2 || type.rawValue == 5 {
                return text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            }
            return Array(text.utf8)
        case let .integer(value):
            return Self.bigEndian(UInt64(bitPattern: value), width: Self.width(of: type, signed: value))
        case let .unsignedInteger(value):
            return Self.bigEndian(value, width: Self.width(of: type, unsigned: value))
        case let .float(value):
            if type == .float32 { return Self.bigEndian(UInt64(Float(value).bitPattern), width: 4) }
            return Self.bigEndian(value.bitPattern, width: 8)
        case let .floats(values):
            if type == .affineTransformF64 { return values.flatMap { Self.bigEndian($0.bitPattern, width: 8) } }
            return values.flatMap { Self.bigEndian(UInt64(Float($0).bitPattern), width: 4) }
        case let .image(_, bytes), let .bytes(bytes):
            return bytes
        case let .location(location):
            return location.encoded()
        }
    }

    /// The type a new item with this value gets by default.
    public var defaultDataType: MetadataDataType {
        switch self {
        case .text: .utf8
        case .integer: .signedInteger
        case .unsignedInteger: .unsignedInteger
        case .float: .float64
        case let .floats(values): values.count == 9 ? .affineTransformF64 : values.count == 4 ? .rectF32 : .pointF32
        case let .image(format, _): format.dataType
        case .location, .bytes: .reserved
        }
    }

    /// The value as one line of text for people: text as it is, numbers in decimal, images and
    /// bytes by size.
    public var displayText: String {
        switch self {
        case let .text(text): text
        case let .integer(value): "\(value)"
        case let .unsignedInteger(value): "\(value)"
        case let .float(value): "\(value)"
        case let .floats(values): values.map { "\($0)" }.joined(separator: " ")
        case let .image(format, bytes): "(\(format.rawValue.uppercased()) image, \(bytes.count) bytes)"
        case let .location(location): location.description
        case let .bytes(bytes):
            bytes.count <= 16 ? "0x" + bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined() : "(\(bytes.count) bytes)"
        }
    }

    private static func width(of type: MetadataDataType, signed value: Int64) -> Int {
        switch type.rawValue {
        case 65: 1
        case 66: 2
        case 67: 4
        case 74: 8
        default: Int8(exactly: value) != nil ? 1 : Int16(exactly: value) != nil ? 2 : Int32(exactly: value) != nil ? 4 : 8
        }
    }

    private static func width(of type: MetadataDataType, unsigned value: UInt64) -> Int {
        switch type.rawValue {
        case 75: 1
        case 76: 2
        case 77: 4
        case 78: 8
        default: value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
        }
    }

    static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    static func unsigned(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0) { ($0 << 8) | UInt64($1) }
    }

    static func signed(_ bytes: [UInt8]) -> Int64 {
        let raw = unsigned(bytes)
        let shift = UInt64(64 - 8 * bytes.count)
        return Int64(bitPattern: raw << shift) >> Int64(shift)
    }
}

/// The image formats of well-known metadata types.
public enum MetadataImageFormat: String, Sendable, Hashable, Codable {
    /// JPEG (JFIF), data type 13.
    case jpeg
    /// PNG, data type 14.
    case png
    /// Windows bitmap, data type 27.
    case bmp

    /// The well-known data type of the format.
    public var dataType: MetadataDataType {
        switch self {
        case .jpeg: .jpeg
        case .png: .png
        case .bmp: .bmp
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
