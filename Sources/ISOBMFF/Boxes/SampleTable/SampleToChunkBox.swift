/// `stsc` — sample to chunk: runs of (first chunk, samples per chunk, sample description index),
/// each running until the next entry's first chunk. ISO/IEC 14496-12 §8.7.4; QTFF "Sample-to-chunk atom".
public struct SampleToChunkBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["stsc"]
    public var boxType: FourCC { "stsc" }

    public var version: UInt8
    public var flags: UInt32
    /// Records of (firstChunk u32, samplesPerChunk u32, sampleDescriptionIndex u32), 1-based.
    public var entries: PackedTable
    public var trailing: [UInt8]

    public init(runs: [(firstChunk: UInt32, samplesPerChunk: UInt32, descriptionIndex: UInt32)]) {
        version = 0
        flags = 0
        entries = PackedTable(uint32s: runs.flatMap { [$0.firstChunk, $0.samplesPerChunk, $0.descriptionIndex] },
                              fieldsPerRecord: 3)
        trailing = []
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        entries = try PackedTable(reading: &reader, count: UInt64(try reader.readUInt32()), stride: 12, what: "entry count")
        trailing = Array(reader.readRemaining())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(UInt32(entries.count))
        writer.write(bytes: entries.bytes)
        writer.write(bytes: trailing)
    }

    public func firstChunk(ofRun index: Int) -> UInt32 { entries.uint32(index) }
    public func samplesPerChunk(ofRun index: Int) -> UInt32 { entries.uint32(index, at: 4) }
    public func descriptionIndex(ofRun index: Int) -> UInt32 { entries.uint32(index, at: 8) }

    public var fields: [BoxField] {
        [BoxField("entryCount", .int(entries.count)),
         BoxField("entries", .table(entries.count) {
             .list([.int(firstChunk(ofRun: $0)), .int(samplesPerChunk(ofRun: $0)), .int(descriptionIndex(ofRun: $0))])
         })]
    }
}
