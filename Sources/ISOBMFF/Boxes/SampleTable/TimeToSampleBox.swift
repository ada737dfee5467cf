/// `stts` — decoding time to sample: runs of (sample count, sample duration).
/// ISO/IEC 14496-12 §8.6.1.2; QTFF "Time-to-sample atom". In `stbl`, exactly one.
public struct TimeToSampleBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["stts"]
    public var boxType: FourCC { "stts" }

    /// Records of (sampleCount u32, sampleDelta u32).
    public var body: TableBoxBody

    /// A table of `runs`: so many samples, each lasting `delta` units.
    public init(runs: [(count: UInt32, delta: UInt32)]) {
        body = TableBoxBody(entries: PackedTable(uint32s: runs.flatMap { [$0.count, $0.delta] }, fieldsPerRecord: 2))
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        body = try TableBoxBody(parsing: &reader, recordSize: 8)
    }

    public func encode(into writer: inout ByteWriter) { body.encode(into: &writer) }

    /// The number of samples in run `index`.
    public func sampleCount(ofRun index: Int) -> UInt32 { body.entries.uint32(index) }
    /// The duration of each sample of run `index`, in media timescale units.
    public func sampleDelta(ofRun index: Int) -> UInt32 { body.entries.uint32(index, at: 4) }

    /// Total samples and total duration; a total that does not fit in 64 bits saturates.
    public var totals: (samples: UInt64, duration: UInt64) {
        var samples: UInt64 = 0
        var duration: UInt64 = 0
        for run in 0..<body.count {
            let count = UInt64(sampleCount(ofRun: run))
            samples = samples.saturatingAdd(count)
            duration = duration.saturatingAdd(count.saturatingMultiply(UInt64(sampleDelta(ofRun: run))))
        }
        return (samples, duration)
    }

    public var fields: [BoxField] {
        [BoxField("entryCount", .int(body.count)),
         BoxField("entries", .table(body.count) { .list([.int(sampleCount(ofRun: $0)), .int(sampleDelta(ofRun: $0))]) })]
    }
}
