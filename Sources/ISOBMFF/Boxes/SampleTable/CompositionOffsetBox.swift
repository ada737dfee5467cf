/// `ctts` — composition time offsets: runs of (sample count, offset). ISO/IEC 14496-12 §8.6.1.3;
/// QTFF "Composition offset atom". Offsets are read as signed in both versions, as QuickTime
/// allows negative offsets in version 0.
public struct CompositionOffsetBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["ctts"]
    public var boxType: FourCC { "ctts" }

    public var version: UInt8
    public var flags: UInt32
    /// Records of (sampleCount u32, sampleOffset s32).
    public var entries: PackedTable
    public var trailing: [UInt8]

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        entries = try PackedTable(reading: &reader, count: UInt64(try reader.readUInt32()), stride: 8, what: "entry count")
        trailing = Array(reader.readRemaining())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(UInt32(entries.count))
        writer.write(bytes: entries.bytes)
        writer.write(bytes: trailing)
    }

    public func sampleCount(ofRun index: Int) -> UInt32 { entries.uint32(index) }
    public func sampleOffset(ofRun index: Int) -> Int32 { Int32(bitPattern: entries.uint32(index, at: 4)) }

    public var fields: [BoxField] {
        [BoxField("version", .int(version)), BoxField("entryCount", .int(entries.count)),
         BoxField("entries", .table(entries.count) { .list([.int(sampleCount(ofRun: $0)), .int(sampleOffset(ofRun: $0))]) })]
    }
}
