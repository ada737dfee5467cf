/// `ctts` — composition time offsets: runs of (sample count, offset). ISO/IEC 14496-12 §8.6.1.3;
/// QTFF "Composition offset atom". Offsets are read as signed in both versions, as QuickTime
/// allows negative offsets in version 0.
public struct CompositionOffsetBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["ctts"]
    public var boxType: FourCC { "ctts" }

    /// Records of (sampleCount u32, sampleOffset s32).
    public var body: TableBoxBody

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
