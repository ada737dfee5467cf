/// `stss` (sync samples) and QuickTime `stps` (partial sync samples): ascending 1-based sample
/// numbers. ISO/IEC 14496-12 §8.6.2; QTFF "Sync sample atom". Absent `stss` = every sample is sync.
public struct SyncSampleBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["stss", "stps"]
    public var boxType: FourCC { isPartial ? "stps" : "stss" }

    /// Whether this is a QuickTime `stps` (partial sync samples) rather than an `stss`.
    public var isPartial: Bool
    /// Records of one 1-based sample number each.
    public var body: TableBoxBody

    /// An `stss` listing `sampleNumbers` (1-based, ascending).
    public init(sampleNumbers: [UInt32]) {
        isPartial = false
        body = TableBoxBody(entries: PackedTable(uint32s: sampleNumbers, fieldsPerRecord: 1))
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        isPartial = type == "stps"
        body = try TableBoxBody(parsing: &reader, recordSize: 4)
    }

    public func encode(into writer: inout ByteWriter) { body.encode(into: &writer) }

    /// The number of sync samples listed.
    public var count: Int { body.count }
    /// The 1-based number of the `index`th sync sample.
    public func sampleNumber(_ index: Int) -> UInt32 { body.entries.uint32(index) }

    public var fields: [BoxField] {
        [BoxField("entryCount", .int(count)), BoxField("sampleNumbers", .table(count) { .int(sampleNumber($0)) })]
    }
}
