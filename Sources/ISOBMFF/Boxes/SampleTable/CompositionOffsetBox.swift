/// `ctts` — composition time offsets: runs of (sample count, offset). ISO/IEC 14496-12 §8.6.1.3;
/// QTFF "Composition offset atom". Offsets are read as signed in both versions, as QuickTime
/// allows negative offsets in version 0.
public struct CompositionOffsetBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["ctts"]
    public var boxType: FourCC { "ctts" }

    /// Records of (sampleCount u32, sampleOffset s32).
    public var body: TableBoxBody

    /// A table of `runs`: so many samples, each with composition offset `offset`. Version 1
    /// (signed offsets, §8.6.1.3.1) only when an offset is negative.
    public init(runs: [(count: UInt32, offset: Int32)]) {
        body = TableBoxBody(entries: PackedTable(uint32s: runs.flatMap { [$0.count, UInt32(bitPattern: $0.offset)] }, fieldsPerRecord: 2))
        if runs.contains(where: { $0.offset < 0 }) { body.version = 1 }
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        body = try TableBoxBody(parsing: &reader, recordSize: 8)
    }

    public func encode(into writer: inout ByteWriter) { body.encode(into: &writer) }

    /// The number of samples in run `index`.
    public func sampleCount(ofRun index: Int) -> UInt32 { body.entries.uint32(index) }
    /// The composition offset of every sample in run `index`.
    public func sampleOffset(ofRun index: Int) -> Int32 { Int32(bitPattern: body.entries.uint32(index, at: 4)) }

    public var fields: [BoxField] {
        [BoxField("version", .int(body.version)), BoxField("entryCount", .int(body.count)),
         BoxField("entries", .table(body.count) { .list([.int(sampleCount(ofRun: $0)), .int(sampleOffset(ofRun: $0))]) })]
    }
}
