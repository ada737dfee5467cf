/// Where a stream's samples are in its source file: their sizes and the contiguous runs of bytes
/// that hold them, never the bytes themselves (they are copied byte for byte when a track is written).
///
/// An AC-3 file is one run of frames; an ADTS file a run per frame (each header is skipped); a
/// WAV file one run per chunk of PCM frames. The memory is the per-sample size table (none for
/// PCM, whose samples are one size) and a run per gap in the source.
public struct ElementaryStreamSamples: Sendable, Equatable {
    /// Consecutive samples stored back to back in the source.
    public struct Run: Sendable, Equatable {
        /// The byte offset of the run's first sample in the source.
        public var offset: UInt64
        /// The number of samples in the run.
        public var sampleCount: Int
        /// The run's length in bytes.
        public var byteCount: UInt64

        /// A run of `sampleCount` samples, `byteCount` bytes from `offset` on.
        public init(offset: UInt64, sampleCount: Int, byteCount: UInt64) {
            self.offset = offset
            self.sampleCount = sampleCount
            self.byteCount = byteCount
        }
    }

    /// The samples' sizes: one size for all (PCM), or one a sample.
    public enum Sizes: Sendable, Equatable {
        /// Every sample has this size.
        case constant(UInt32)
        /// The size of each sample, in order.
        case varying([UInt32])
    }

    /// The runs in the order of their samples.
    public private(set) var runs: [Run] = []
    /// The sample sizes.
    public private(set) var sizes: Sizes
    /// The number of samples.
    public private(set) var count = 0
    /// The total size of the samples in bytes.
    public private(set) var byteCount: UInt64 = 0
    /// The largest sample in bytes.
    public private(set) var largestSize: UInt32 = 0

    /// Samples of varying sizes, appended one by one.
    init() { sizes = .varying([]) }

    /// `count` samples of `size` bytes each from `offset` on, in runs of at most `samplesPerRun`.
    init(constantSize size: UInt32, count: Int, from offset: UInt64, samplesPerRun: Int) {
        sizes = .constant(size)
        self.count = count
        largestSize = count > 0 ? size : 0
        byteCount = UInt64(size) * UInt64(count)
        var start = offset
        var left = count
        while left > 0 {
            let take = min(left, max(samplesPerRun, 1))
            let bytes = UInt64(take) * UInt64(size)
            runs.append(Run(offset: start, sampleCount: take, byteCount: bytes))
            start += bytes
            left -= take
        }
    }

    /// Appends a sample of `size` bytes at `offset`, extending the last run when it ends there.
    mutating func append(offset: UInt64, size: UInt32) {
        guard case var .varying(list) = sizes else { preconditionFailure("constant-size samples are made whole") }
        sizes = .constant(0)  // let `list` be the array's only reference while it grows
        list.append(size)
        sizes = .varying(list)
        count += 1
        byteCount += UInt64(size)
        largestSize = max(largestSize, size)
        if var last = runs.last, last.offset + last.byteCount == offset {
            last.sampleCount += 1
            last.byteCount += UInt64(size)
            runs[runs.count - 1] = last
        } else {
            runs.append(Run(offset: offset, sampleCount: 1, byteCount: UInt64(size)))
        }
    }

    /// The size of sample `index` (0-based).
    public func size(of index: Int) -> UInt32 {
        switch sizes {
        case let .constant(size): return size
        case let .varying(list): return list[index]
        }
    }

    /// The byte offset of every sample in the source, in order (for tests and small streams;
    /// a writer walks ``runs``).
    public var offsets: [UInt64] {
        var result: [UInt64] = []
        result.reserveCapacity(count)
        var index = 0
        for run in runs {
            var offset = run.offset
            for _ in 0..<run.sampleCount {
                result.append(offset)
                offset += UInt64(size(of: index))
                index += 1
            }
        }
        return result
    }
}
