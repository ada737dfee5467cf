/// `stco` (32-bit) and `co64` (64-bit) — absolute file offsets of chunks.
/// ISO/IEC 14496-12 §8.7.5; QTFF "Chunk offset atom". In `stbl`, exactly one of the two.
public struct ChunkOffsetBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["stco", "co64"]
    public var boxType: FourCC { isLarge ? "co64" : "stco" }

    /// Whether this is a `co64` (64-bit offsets) rather than an `stco`.
    public var isLarge: Bool
    /// Records of one offset each (4 or 8 bytes).
    public var body: TableBoxBody

    /// Offsets, written as `co64` only when one needs 64 bits.
    public init(offsets values: [UInt64]) {
        self.init(offsets: values, large: Self.needsLargeOffsets(values.max() ?? 0))
    }

    /// Offsets in the form a layout chose beforehand (`large` = `co64`); values must fit it.
    public init(offsets values: [UInt64], large: Bool) {
        isLarge = large
        body = TableBoxBody(entries: large ? PackedTable(uint64s: values)
                                          : PackedTable(uint32s: values.map { UInt32(truncatingIfNeeded: $0) }))
    }

    /// Whether an offset this large needs `co64`.
    public static func needsLargeOffsets(_ offset: UInt64) -> Bool { offset > UInt64(UInt32.max) }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        isLarge = type == "co64"
        body = try TableBoxBody(parsing: &reader, recordSize: isLarge ? 8 : 4)
    }

    public func encode(into writer: inout ByteWriter) { body.encode(into: &writer) }

    /// The number of chunks.
    public var count: Int { body.count }

    /// The offset of chunk `index` (0-based).
    public func offset(ofChunk index: Int) -> UInt64 {
        isLarge ? body.entries.uint64(index) : UInt64(body.entries.uint32(index))
    }

    public var fields: [BoxField] {
        [BoxField("entryCount", .int(count)), BoxField("offsets", .table(count) { .int(offset(ofChunk: $0)) })]
    }
}
