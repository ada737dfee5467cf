import ISOBMFF

/// A stream's bit rates as ISO/IEC 14496-1's DecoderConfigDescriptor and ISO/IEC 14496-12
/// §8.5.2.2's `btrt` carry them.
public struct AudioBitrate: Sendable, Equatable {
    /// The largest sample in bytes (`bufferSizeDB`).
    public var bufferSize: UInt32
    /// The most bits in any one second of the stream, counting the samples that start in it.
    public var maximum: UInt32
    /// The bits of all samples over the stream's duration, per second.
    public var average: UInt32

    /// Rates known otherwise.
    public init(bufferSize: UInt32, maximum: UInt32, average: UInt32) {
        self.bufferSize = bufferSize
        self.maximum = maximum
        self.average = average
    }

    /// The rates of `samples`, each `sampleDuration` long at `timescale` ticks a second.
    init(_ samples: ElementaryStreamSamples, sampleDuration: UInt32, timescale: UInt32) {
        bufferSize = samples.largestSize
        let duration = UInt64(samples.count) * UInt64(sampleDuration)
        let bits = samples.byteCount.multipliedReportingOverflow(by: 8 * UInt64(timescale))
        average = duration == 0 || bits.overflow ? 0 : UInt32(clamping: bits.partialValue / duration)
        maximum = UInt32(clamping: Self.mostBytesInASecond(samples, sampleDuration: sampleDuration, timescale: timescale) * 8)
    }

    /// The most bytes of the samples that start within one second (0 s to 1 s, 1 s to 2 s, …).
    /// Samples of one size (PCM: millions of them) are counted, not walked.
    private static func mostBytesInASecond(_ samples: ElementaryStreamSamples, sampleDuration: UInt32,
                                           timescale: UInt32) -> UInt64 {
        let duration = UInt64(max(sampleDuration, 1))
        let ticks = UInt64(max(timescale, 1))
        if case let .constant(size) = samples.sizes {
            return min(UInt64(samples.count), (ticks + duration - 1) / duration) * UInt64(size)
        }
        var most: UInt64 = 0
        var second: UInt64 = 0
        var bytesInSecond: UInt64 = 0
        for index in 0..<samples.count {
            let start = UInt64(index) * duration / ticks
            if start != second {
                most = max(most, bytesInSecond)
                second = start
                bytesInSecond = 0
            }
            bytesInSecond += UInt64(samples.size(of: index))
        }
        return max(most, bytesInSecond)
    }

    /// The `btrt` box (ISO/IEC 14496-12 §8.5.2.2) an audio sample entry may hold.
    public var box: Box {
        var writer = ByteWriter(capacity: 12)
        writer.write(bufferSize)
        writer.write(maximum)
        writer.write(average)
        return Box(type: "btrt", payload: writer.bytes)
    }
}
