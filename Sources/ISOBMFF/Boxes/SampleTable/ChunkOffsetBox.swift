/// `stco` (32-bit) and `co64` (64-bit) — absolute file offsets of chunks.
/// ISO/IEC 14496-12 §8.7.5; QTFF "Chunk offset atom". In `stbl`, exactly one of the two.
public struct ChunkOffsetBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["stco", "co64"]
    public var boxType: FourCC { isLarge ? "co64" : "stco" }

    public var version: UInt8
    public var flags: UInt32
    public var isLarge: Bool
    public var offsets: PackedTable
    public var trailing: [UInt8]

    /// Offsets, written as `co64` only when one needs 64 bits.
    public init(offsets values: [UInt64]) {
        version = 0
        flags = 0
        isLarge = values.contains { $0 > UInt64(UInt32.max) }
        offsets = isLarge ? PackedTable(uint64s: values) : PackedTable(uint32s: values.map { UInt32($0) })
        trailing = []
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        isLarge = type == "co64"
        offsets = try PackedTable(reading: &reader, count: UInt64(try reader.readUInt32()), stride: isLarge ? 8 : 4,
                                  what: "entry count")
        trailing = Array(reader.readRemaining())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(UInt32(offsets.count))
        writer.write(bytes: offsets.bytes)
        writer.write(bytes: trailing)
    }

    public var count: Int { offsets.count }

    /// The offset of chunk `index` (0-based).
    public func offset(ofChunk index: Int) -> UInt64 {
        isLarge ? offsets.uint64(index) : UInt64(offsets.uint32(index))
    }

    public var fields: [BoxField] {
        [BoxField("entryCount", .int(count)), BoxField("offsets", .table(count) { .int(offset(ofChunk: $0)) })]
    }
}
