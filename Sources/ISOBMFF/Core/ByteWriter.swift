/// Accumulates big-endian bytes in memory: box payloads, sample data and small files.
public struct ByteWriter: Sendable {
    /// What has been written.
    public private(set) var bytes: [UInt8]

    /// An empty writer, with room for `capacity` bytes reserved.
    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// How many bytes have been written.
    public var count: Int { bytes.count }

    /// Makes room for `count` more bytes at once: a table of known size written entry by
    /// entry then grows its buffer once, not by doubling.
    public mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Writes one byte.
    public mutating func write(_ value: UInt8) { bytes.append(value) }
    /// Writes a big-endian 16-bit unsigned integer.
    public mutating func write(_ value: UInt16) { writeBigEndian(UInt64(value), width: 2) }
    /// Writes a big-endian 32-bit unsigned integer.
    public mutating func write(_ value: UInt32) { writeBigEndian(UInt64(value), width: 4) }
    /// Writes a big-endian 64-bit unsigned integer.
    public mutating func write(_ value: UInt64) { writeBigEndian(value, width: 8) }
    /// Writes `value` in 64 bits when `wide` and in 32 otherwise (version 0/1 fields, as
    /// `ByteReader.readUInt(wide:)` reads them); returns false, having written nothing, when 32
    /// bits cannot hold it.
    public mutating func writeUInt(_ value: UInt64, wide: Bool) -> Bool {
        if wide {
            write(value)
        } else {
            guard let narrow = UInt32(exactly: value) else { return false }
            write(narrow)
        }
        return true
    }
    /// Writes a signed byte.
    public mutating func write(_ value: Int8) { write(UInt8(bitPattern: value)) }
    /// Writes a big-endian 16-bit signed integer.
    public mutating func write(_ value: Int16) { write(UInt16(bitPattern: value)) }
    /// Writes a big-endian 32-bit signed integer.
    public mutating func write(_ value: Int32) { write(UInt32(bitPattern: value)) }
    /// Writes a big-endian 64-bit signed integer.
    public mutating func write(_ value: Int64) { write(UInt64(bitPattern: value)) }
    /// Writes a four-character code.
    public mutating func write(_ value: FourCC) { write(value.rawValue) }

    /// Writes the low 24 bits of `value` (FullBox flags).
    public mutating func writeUInt24(_ value: UInt32) { writeBigEndian(UInt64(value), width: 3) }

    /// Writes a 32-bit value when `wide` is false and a 64-bit one otherwise.
    public mutating func write(_ value: UInt64, wide: Bool) {
        if wide { write(value) } else { write(UInt32(truncatingIfNeeded: value)) }
    }

    /// Writes `newBytes` as they are.
    public mutating func write<Bytes: Sequence>(bytes newBytes: Bytes) where Bytes.Element == UInt8 {
        bytes.append(contentsOf: newBytes)
    }

    /// Writes the 1-byte version and 24-bit flags that start a full box (ISO/IEC 14496-12 §4.2).
    public mutating func writeVersionAndFlags(version: UInt8, flags: UInt32) {
        write(version)
        writeUInt24(flags)
    }

    /// Writes UTF-8 text followed by a NUL.
    public mutating func writeNullTerminated(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0)
    }

    /// Writes a complete box whose body `content` writes; the size is filled in afterwards, and
    /// a 64-bit header is used only when the box needs it.
    public mutating func writeBox(_ type: FourCC, _ content: (inout ByteWriter) -> Void) {
        var body = ByteWriter()
        content(&body)
        BoxHeader(type: type, payloadSize: UInt64(body.count)).write(into: &self)
        bytes.append(contentsOf: body.bytes)
    }

    private mutating func writeBigEndian(_ value: UInt64, width: Int) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
