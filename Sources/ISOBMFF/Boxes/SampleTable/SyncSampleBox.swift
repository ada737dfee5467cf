/// `stss` (sync samples) and QuickTime `stps` (partial sync samples): ascending 1-based sample
/// numbers. ISO/IEC 14496-12 §8.6.2; QTFF "Sync sample atom". Absent `stss` = every sample is sync.
public struct SyncSampleBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["stss", "stps"]
    public var boxType: FourCC { isPartial ? "stps" : "stss" }

    public var version: UInt8
    public var flags: UInt32
    public var isPartial: Bool
    public var sampleNumbers: PackedTable
    public var trailing: [UInt8]

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        isPartial = type == "stps"
        sampleNumbers = try PackedTable(reading: &reader, count: UInt64(try reader.readUInt32()), stride: 4, what: "entry count")
        trailing = Array(reader.readRemaining())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(UInt32(sampleNumbers.count))
        writer.write(bytes: sampleNumbers.bytes)
        writer.write(bytes: trailing)
    }

    public var count: Int { sampleNumbers.count }
    public func sampleNumber(_ index: Int) -> UInt32 { sampleNumbers.uint32(index) }

    public var fields: [BoxField] {
        [BoxField("entryCount", .int(count)), BoxField("sampleNumbers", .table(count) { .int(sampleNumber($0)) })]
    }
}
