import ISOBMFF
import Movie
import TimedText

/// Where a movie's CMAF segments start (ISO/IEC 23000-19 §7.3.3: every track's segments start
/// together, each video segment at a sync sample): at the first sync sample of the video track
/// at or after each multiple of the target duration past the previous start, on the video's
/// timescale. Audio and text are cut at the same times, each on its own timescale.
public struct CMAFSegmentation: Sendable, Equatable {
    /// The timescale of ``starts``.
    public var timescale: UInt32
    /// Each segment's start, from 0 (the first sample), ascending.
    public var starts: [UInt64]

    /// Creates a segmentation of segments starting at `starts`, in units of `timescale`.
    public init(timescale: UInt32, starts: [UInt64]) {
        self.timescale = timescale
        self.starts = starts
    }

    /// Segments of about `target` cut at the sync samples of `video`, at their presentation times
    /// as `placement` puts them (``CMAFTimeline``).
    public init(video samples: [SampleTable.Sample], timescale: UInt32, placement: CMAFTimeline.Placement = .init(),
                target: SubtitleTime) throws(DeliveryError) {
        guard timescale > 0 else { throw .invalidParameter("the video track's timescale is 0") }
        let step = UInt64(max(1, target.units(inTimescale: timescale)))
        var starts: [UInt64] = [0]
        for sample in samples where sample.isSync {
            let time = placement.presentationTime(ofDecodeTime: sample.decodeTime)
            if time > 0, let last = starts.last, UInt64(time) >= last.saturatingAdd(step) { starts.append(UInt64(time)) }
        }
        guard starts.count <= WebVTTSegmenter.maximumSegmentCount else {
            throw .tooManySegments(count: starts.count, maximum: WebVTTSegmenter.maximumSegmentCount)
        }
        self.init(timescale: timescale, starts: starts)
    }

    /// The segment starts on another `timescale`, rounded up by default (a sample at the
    /// boundary or after it starts the segment); `.toNearestOrAwayFromZero` and
    /// `.toNearestOrEven` round to the nearest unit (ties up), `.down` and `.towardZero` down.
    public func starts(inTimescale other: UInt32, rounding: FloatingPointRoundingRule = .up) -> [UInt64] {
        starts.map { roundedMultiplyDivide($0, by: UInt64(other), over: UInt64(timescale), rounding: rounding) ?? UInt64.max }
    }

    /// `samples` (decode order) split into one run per segment, by presentation time as
    /// `placement` puts them (``CMAFTimeline``), on the samples' `timescale`, the segment starts
    /// rounded to it by `rounding` (``starts(inTimescale:rounding:)``). Runs may be empty.
    public func split(_ samples: [SampleTable.Sample], timescale: UInt32, placement: CMAFTimeline.Placement = .init(),
                      rounding: FloatingPointRoundingRule = .up) -> [ArraySlice<SampleTable.Sample>] {
        let bounds = starts(inTimescale: timescale, rounding: rounding)
        var result: [ArraySlice<SampleTable.Sample>] = []
        var index = samples.startIndex
        for (segment, _) in bounds.enumerated() {
            let end = segment + 1 < bounds.count ? Int64(clamping: bounds[segment + 1]) : Int64.max
            let first = index
            while index < samples.endIndex, placement.presentationTime(ofDecodeTime: samples[index].decodeTime) < end { index += 1 }
            result.append(samples[first..<index])
        }
        return result
    }
}
