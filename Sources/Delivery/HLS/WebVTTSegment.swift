import ISOBMFF
import TimedText

/// One WebVTT media segment of a subtitle rendition: a span of the movie timeline and the cues
/// that show during it.
public struct WebVTTSegment: Sendable, Equatable {
    /// The segment's place in the playlist, from 0 (its media sequence number, RFC 8216 §3).
    public var index: Int
    /// Where the segment starts on the movie's timeline.
    public var start: SubtitleTime
    /// How long it lasts.
    public var duration: SubtitleTime
    /// Every cue showing at some moment of the segment, with its own (unclipped) times: a cue
    /// crossing a boundary is in both segments (RFC 8216 §3.5 lets a cue's times fall outside
    /// the segment; the WebVTT time base is the whole presentation's, mapped by X-TIMESTAMP-MAP).
    public var cues: [Cue]

    /// Where it ends: ``start`` plus ``duration``.
    public var end: SubtitleTime { start + duration }
}

/// Cuts a track's cues into segments covering the whole movie.
public enum WebVTTSegmenter {
    /// The most segments a rendition may have, so a tiny `--segment-duration` on a long movie
    /// is refused instead of writing millions of files.
    public static let maximumSegmentCount = 100_000

    /// Segments of `segmentDuration` from 0 to `movieDuration` (the last one shorter when the
    /// movie does not divide evenly), each holding the cues that overlap it. Segments without
    /// cues are kept so that the playlist covers the timeline without holes. Cues that start at
    /// or after the movie's end are in no segment: the movie never shows them.
    public static func segments(of cues: [Cue], movieDuration: SubtitleTime,
                                segmentDuration: SubtitleTime) throws(DeliveryError) -> [WebVTTSegment] {
        guard movieDuration > .zero else { throw .noDuration }
        guard segmentDuration > .zero else { throw .invalidParameter("the segment duration must be more than 0 seconds") }
        let total = movieDuration.microseconds, step = segmentDuration.microseconds
        let count = total / step + (total % step == 0 ? 0 : 1)
        guard count <= Int64(maximumSegmentCount) else {
            throw .invalidParameter("\(count) segments of \(segmentDuration) would be needed for \(movieDuration); at most \(maximumSegmentCount) are written: use a longer segment duration")
        }
        // One pass: cues join the open set when their segment is reached and leave it once
        // ended, so each segment looks only at the cues that can still overlap it.
        let sorted = cues.sorted { $0.start < $1.start }
        var next = sorted.startIndex
        var open: [Cue] = []
        return (0..<Int(count)).map { index in
            let start = SubtitleTime(microseconds: Int64(index) * step)
            let end = SubtitleTime(microseconds: min(Int64(index + 1) * step, total))
            open.removeAll { $0.end <= start }
            while next < sorted.endIndex, sorted[next].start < end {
                if sorted[next].end > start { open.append(sorted[next]) }
                next += 1
            }
            return WebVTTSegment(index: index, start: start, duration: end - start, cues: open)
        }
    }
}
