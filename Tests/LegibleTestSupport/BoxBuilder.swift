import ISOBMFF

/// Builds box bytes for tests with sizes computed automatically (or deliberately wrong).
public indirect enum TestBox {
    /// A box with raw payload bytes.
    case leaf(String, [UInt8])
    /// A box holding `prefix` bytes then children.
    case container(String, prefix: [UInt8] = [], [TestBox])
    /// Bytes placed as they are (bad sizes, terminators).
    case raw([UInt8])
    /// A box whose size field lies: `size` is written instead of the real size.
    case lying(String, size: UInt32, [UInt8])

    public var bytes: [UInt8] {
        var writer = ByteWriter()
        switch self {
        case let .leaf(type, payload):
            writer.writeBox(FourCC(stringLiteral: type)) { $0.write(bytes: payload) }
        case let .container(type, prefix, children):
            writer.writeBox(FourCC(stringLiteral: type)) { body in
                body.write(bytes: prefix)
                for child in children { body.write(bytes: child.bytes) }
            }
        case let .raw(bytes):
            writer.write(bytes: bytes)
        case let .lying(type, size, payload):
            writer.write(size)
            writer.write(FourCC(stringLiteral: type))
            writer.write(bytes: payload)
        }
        return writer.bytes
    }
}

/// Big-endian byte helpers for annotated fixtures.
public func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
public func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
public func be64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }
public func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
