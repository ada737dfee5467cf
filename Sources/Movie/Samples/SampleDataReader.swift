import ISOBMFF

/// Reads the bytes of a track's samples within a budget.
///
/// Chunk offsets and sample sizes come from the file, and nothing stops a hostile one from
/// pointing thousands of samples at the same large range: the number of samples, the size of
/// each and their total are checked against the budget from the sample table alone, before a
/// single sample byte is read.
public struct SampleDataReader: Sendable {
    /// One sample's place, timing and bytes.
    public struct SampleData: Sendable {
        /// The sample's place and timing.
        public var sample: SampleTable.Sample
        /// The sample's bytes.
        public var bytes: [UInt8]
    }

    /// The most samples one read may return.
    public var maxSamples: Int
    /// The largest sample accepted.
    public var maxSampleBytes: UInt32
    /// The most bytes one read may return in all.
    public var maxTotalBytes: UInt64

    /// Budgets for text tracks: real subtitle samples are well under a kilobyte, and a
    /// three-hour film has a few thousand.
    public static let textTrack = SampleDataReader(maxSamples: 1_000_000, maxSampleBytes: 1 << 20, maxTotalBytes: 64 << 20)

    /// A reader with these budgets.
    public init(maxSamples: Int, maxSampleBytes: UInt32, maxTotalBytes: UInt64) {
        self.maxSamples = maxSamples
        self.maxSampleBytes = maxSampleBytes
        self.maxTotalBytes = maxTotalBytes
    }

    /// Every sample of `track`, in decode order, or an error naming the track's sample table
    /// when the table asks for more than the budget. With `movie`, the samples of the track's
    /// movie fragments too (``Movie/samples(of:maxSamples:)``).
    public func samples(of track: Track, in movie: Movie? = nil) throws(BoxError) -> [SampleData] {
        let location = track.box.descendant(["mdia", "minf", "stbl"])?.location
            ?? track.box.location ?? BoxLocation(path: "trak", offset: 0)
        let samples = if let movie { try movie.samples(of: track, maxSamples: maxSamples) } else { try track.tableSamples(maxSamples: maxSamples) }
        var total: UInt64 = 0
        for sample in samples {
            guard sample.size <= maxSampleBytes else {
                throw BoxError(.limitExceeded("sample \(sample.index + 1) of track \(track.id) is \(sample.size) bytes (at most \(maxSampleBytes))"),
                               at: location)
            }
            total = total.saturatingAdd(UInt64(sample.size))
        }
        guard total <= maxTotalBytes else {
            throw BoxError(.limitExceeded("track \(track.id) samples add up to \(total) bytes (at most \(maxTotalBytes) are read)"),
                           at: location)
        }
        var result: [SampleData] = []
        result.reserveCapacity(samples.count)
        for sample in samples {
            result.append(SampleData(sample: sample, bytes: try track.source.read(at: sample.offset, count: Int(sample.size))))
        }
        return result
    }
}
