/// A table of fixed-size big-endian records kept as the bytes they were read from, so a
/// 500,000-entry `stsz` costs its 2 MB of file bytes and no per-entry objects.
public struct PackedTable: Sendable, Equatable {
    /// The record bytes.
    public let bytes: ArraySlice<UInt8>
    /// Bytes per record.
    public let stride: Int
    /// The number of records.
    public let count: Int

    /// Reads `count` records of `stride` bytes, checking first that they fit.
    public init(reading reader: inout ByteReader, count rawCount: UInt64, stride: Int, what: String) throws(BoxError) {
        let count = try reader.checkedCount(rawCount, entrySize: stride, what: what)
        self.bytes = try reader.readBytes(count * stride)
        self.stride = stride
        self.count = count
    }

    /// Packs 32-bit values, `fieldsPerRecord` per record.
    public init(uint32s values: [UInt32], fieldsPerRecord: Int = 1) {
        self.bytes = Self.bigEndianBytes(values)[...]
        self.stride = 4 * fieldsPerRecord
        self.count = values.count / max(fieldsPerRecord, 1)
    }

    /// Packs 64-bit values, one per record.
    public init(uint64s values: [UInt64]) {
        self.bytes = Self.bigEndianBytes(values)[...]
        self.stride = 8
        self.count = values.count
    }

    /// The values' big-endian bytes, written straight into one buffer: chunk offset tables of a
    /// long movie have hundreds of thousands of entries.
    private static func bigEndianBytes<Value: FixedWidthInteger>(_ values: [Value]) -> [UInt8] {
        let width = Value.bitWidth / 8
        return [UInt8](unsafeUninitializedCapacity: values.count * width) { buffer, initialized in
            guard let base = UnsafeMutableRawPointer(buffer.baseAddress) else { return }
            for (index, value) in values.enumerated() {
                base.storeBytes(of: value.bigEndian, toByteOffset: index * width, as: Value.self)
            }
            initialized = values.count * width
        }
    }

    /// The 32-bit field at byte `offset` of record `index` (index must be below `count`).
    @inline(__always)
    public func uint32(_ index: Int, at offset: Int = 0) -> UInt32 {
        let start = bytes.startIndex + index * stride + offset
        return UInt32(bytes[start]) << 24 | UInt32(bytes[start + 1]) << 16 | UInt32(bytes[start + 2]) << 8 | UInt32(bytes[start + 3])
    }

    /// The 64-bit field at byte `offset` of record `index`.
    @inline(__always)
    public func uint64(_ index: Int, at offset: Int = 0) -> UInt64 {
        UInt64(uint32(index, at: offset)) << 32 | UInt64(uint32(index, at: offset + 4))
    }
}
