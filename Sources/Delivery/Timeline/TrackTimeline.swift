import ISOBMFF
import Movie
import TimedText

/// Where a track's media time lands on the movie timeline, from its edit list
/// (ISO/IEC 14496-12 §8.6.6; QTFF "Edit list atom"): cues are media times, and video segments
/// are cut on the movie timeline, so subtitles line up only once mapped.
///
/// The forms followed are those writers use for a track that plays once from start to end: no
/// edit list (media time is movie time); one edit showing media from `media_time`; the same
/// after a leading empty edit (`media_time` -1), which delays the track. Anything else —
/// several media edits, a rate other than 1, a dwell — is refused rather than guessed.
public struct TrackTimeline: Sendable, Equatable {
    /// Movie time at which the shown media starts (the empty edit's length).
    public var delay: SubtitleTime
    /// The media time shown first (the edit's `media_time`).
    public var mediaStart: SubtitleTime
    /// How much media is shown; nil when the edit runs to the end of the media (no edit list,
    /// or an edit whose duration is 0, which ISO/IEC 14496-12 §8.6.6.1 allows in fragmented files).
    public var shownDuration: SubtitleTime?

    /// A timeline from its parts; the defaults are a track without an edit list.
    public init(delay: SubtitleTime = .zero, mediaStart: SubtitleTime = .zero, shownDuration: SubtitleTime? = nil) {
        self.delay = delay
        self.mediaStart = mediaStart
        self.shownDuration = shownDuration
    }

    /// The timeline of `track` in `movie`.
    public init(track: Track, movie: Movie) throws(DeliveryError) {
        guard let entries = track.editList?.entries, !entries.isEmpty else {
            self.init()
            return
        }
        let movieScale = movie.header?.timescale ?? 0
        let mediaScale = track.mediaHeader.timescale
        func refuse(_ reason: String) -> DeliveryError { .unsupportedEditList(trackID: track.id, reason: reason) }
        var remaining = entries[...]
        var delay = SubtitleTime.zero
        if let first = remaining.first, first.mediaTime == -1 {
            guard let time = SubtitleTime(units: Int64(clamping: first.segmentDuration), timescale: movieScale) else {
                throw refuse("the edit list has an empty edit but the movie timescale is 0")
            }
            delay = time
            remaining = remaining.dropFirst()
        }
        guard remaining.count == 1, let edit = remaining.first else {
            throw refuse(remaining.isEmpty ? "the edit list shows no media (only an empty edit)"
                : "the edit list has \(entries.count) edits, \(remaining.count) of them showing media")
        }
        guard edit.mediaTime >= 0 else { throw refuse("the edit list has two empty edits") }
        guard edit.mediaRate == 0x0001_0000 else {
            throw refuse("the edit plays at rate \(Double(edit.mediaRate) / 65536), not 1 (a dwell or speed change)")
        }
        guard let start = SubtitleTime(units: edit.mediaTime, timescale: mediaScale) else {
            throw refuse("the media timescale is 0")
        }
        var shown: SubtitleTime?
        if edit.segmentDuration > 0 {
            guard let duration = SubtitleTime(units: Int64(clamping: edit.segmentDuration), timescale: movieScale) else {
                throw refuse("the movie timescale is 0")
            }
            shown = duration
        }
        self.init(delay: delay, mediaStart: start, shownDuration: shown)
    }

    /// `cues` (media time) on the movie timeline: shifted by the edit, cut to the part the edit
    /// shows, and dropped when wholly outside it — what a player shows. Cues that show nothing
    /// (end not after start) are dropped too.
    public func movieCues(_ cues: [Cue]) -> [Cue] {
        let windowEnd = shownDuration.map { mediaStart + $0 }
        return cues.compactMap { cue in
            let start = max(cue.start, mediaStart)
            let end = windowEnd.map { min(cue.end, $0) } ?? cue.end
            guard end > start else { return nil }
            var moved = cue
            moved.start = start - mediaStart + delay
            moved.end = end - mediaStart + delay
            return moved
        }
    }
}
