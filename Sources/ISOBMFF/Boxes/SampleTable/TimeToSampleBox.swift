/// `stts` — decoding time to sample: runs of (sample count, sample duration).
/// ISO/IEC 14496-12 §8.6.1.2; QTFF "Time-to-sample atom". In `stbl`, exactly one.
public struct TimeToSampleBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["stts"]
    public var boxType: FourCC { "stts" }

    public var version: UInt8
    public var flags: UInt32
    /// Records of (sampleCount u32, sampleDelta u32).
    public var entries: PackedTable
    public var trailing: [UInt8]

    public init(runs: [(count: UInt32, delta: UInt32)]) {
        version = 0
        flags = 0
        entries = PackedTable(uint32s: runs.flatMap { [$0.count, $0.delta] }, fieldsPerRecord: 2)
        trailing = []
    }

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
    public func sampleDelta(ofRun index: Int) -> UInt32 { entries.uint32(index, at: 4) }

    /// Total samples and total duration, summed without overflow.
    public var totals: (samples: UInt64, duration: UInt64) {
        var samples: UInt64 = 0
        var duration: UInt64 = 0
        for run in 0..<entries.count {
            let count = UInt64(sampleCount(ofRun: run))
            samples &+= count
            duration &+= count &* UInt64(sampleDelta(ofRun: run))
        }
        return (samples, duration)
    }

    public var fields: [BoxField] {
        [BoxField("entryCount", .int(entries.count)),
         BoxField("entries", .table(entries.count) { .list([.int(sampleCount(ofRun: $0)), .int(sampleDelta(ofRun: $0))]) })]
    }
}
