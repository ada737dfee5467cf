import ISOBMFF

/// Places a track's media times on the movie timeline through its edit list (ISO/IEC
/// 14496-12 §8.6.6; QTFF "Edit list atom"): each edit shows a span of media from its media time
/// for its segment duration, one after another; an empty edit (media time -1) shows nothing.
/// Chapter lists and subtitle renditions both go through it to land on the video's timeline.
public struct EditListTimeline: Sendable {
    private struct Segment {
        var movieStart: MediaTime
        var mediaStart: MediaTime
        var mediaEnd: MediaTime
    }

    /// nil: no edit list, media time is movie time.
    private let segments: [Segment]?

    /// The timeline of `track` in `movie`.
    public init(track: Track, in movie: Movie) {
        self.init(editList: track.editList, movieTimescale: movie.header?.timescale ?? 0, mediaTimescale: track.mediaHeader.timescale)
    }

    /// The timeline of a track with `editList` (nil: none); a zero timescale, which makes the
    /// edits meaningless, is read as no edit list.
    public init(editList: EditListBox?, movieTimescale: UInt32, mediaTimescale: UInt32) {
        guard let editList, !editList.entries.isEmpty, movieTimescale > 0, mediaTimescale > 0 else {
            segments = nil
            return
        }
        var segments: [Segment] = []
        var movieTime = MediaTime.zero
        for entry in editList.entries {
            let length = MediaTime(units: Int64(clamping: entry.segmentDuration), timescale: movieTimescale) ?? .zero
            if entry.mediaTime >= 0, let mediaStart = MediaTime(units: entry.mediaTime, timescale: mediaTimescale) {
                segments.append(Segment(movieStart: movieTime, mediaStart: mediaStart, mediaEnd: mediaStart + length))
            }
            movieTime = movieTime + length
        }
        self.segments = segments
    }

    /// A media span in movie time: the part the first edit showing it covers; nil when no
    /// edit shows it. A segment duration of 0 (a writer that left it unset) shows the media to
    /// its end.
    public func movieSpan(start: MediaTime, end: MediaTime) -> (start: MediaTime, end: MediaTime)? {
        guard let segments else { return (start, end) }
        for segment in segments {
            let open = segment.mediaEnd == segment.mediaStart
            let overlaps = end > segment.mediaStart && (open || start < segment.mediaEnd)
            guard overlaps else { continue }
            let from = max(start, segment.mediaStart)
            let to = open ? end : min(end, segment.mediaEnd)
            return (segment.movieStart + (from - segment.mediaStart), segment.movieStart + (to - segment.mediaStart))
        }
        return nil
    }
}
