/// `stsc` — sample to chunk: runs of (first chunk, samples per chunk, sample description index),
/// each running until the next entry's first chunk. ISO/IEC 14496-12 §8.7.4; QTFF "Sample-to-chunk atom".
public struct SampleToChunkBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["stsc"]
    public var boxType: FourCC { "stsc" }

    /// Records of (firstChunk u32, samplesPerChunk u32, sampleDescriptionIndex u32), 1-based.
    public var body: TableBoxBody

    /// A table of `runs`, each starting at a 1-based chunk number.
    public init(runs: [(firstChunk: UInt32, samplesPerChunk: UInt32, descriptionIndex: UInt32)]) {
        body = TableBoxBody(entries: PackedTable(uint32s: runs.flatMap { [$0.firstChunk, $0.samplesPerChunk, $0.descriptionIndex] },
                                                 fieldsPerRecord: 3))
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        body = try TableBoxBody(parsing: &reader, recordSize: 12)
    }

    public func encode(into writer: inout ByteWriter) { body.encode(into: &writer) }

    /// The 1-based number of the first chunk of run `index`.
    public func firstChunk(ofRun index: Int) -> UInt32 { body.entries.uint32(index) }
    /// The samples in each chunk of run `index`.
    public func samplesPerChunk(ofRun index: Int) -> UInt32 { body.entries.uint32(index, at: 4) }
    /// The 1-based sample description of the chunks of run `index`.
    public func descriptionIndex(ofRun index: Int) -> UInt32 { body.entries.uint32(index, at: 8) }

    public var fields: [BoxField] {
        [BoxField("entryCount", .int(body.count)),
         BoxField("entries", .table(body.count) {
             .list([.int(firstChunk(ofRun: $0)), .int(samplesPerChunk(ofRun: $0)), .int(descriptionIndex(ofRun: $0))])
         })]
    }
}
