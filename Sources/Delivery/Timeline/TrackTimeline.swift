import ISOBMFF
import Movie
import TextTracks
import TimedText

/// Where a subtitle track's cues land on the movie timeline: cues are media times, and video
/// segments are cut on the movie timeline, so subtitles line up only once mapped through the
/// track's edit list (`EditListTimeline`; ISO/IEC 14496-12 §8.6.6, QTFF "Edit list atom").
///
/// Delivery follows only the forms writers use for a track that plays once from start to end:
/// no edit list; one edit showing media from `media_time`; the same after a leading empty edit
/// (`media_time` -1), which delays the track. Anything else — several media edits, a rate other
/// than 1, a dwell — is refused rather than guessed, as a rendition cannot repeat or skip cues.
public struct TrackTimeline: Sendable {
    private let edits: EditListTimeline

    /// The timeline of `track` in `movie`, or why its edit list is not one delivery follows.
    public init(track: Track, movie: Movie) throws(DeliveryError) {
        func refuse(_ reason: String) -> DeliveryError { .unsupportedEditList(trackID: track.id, reason: reason) }
        if let entries = track.editList?.entries, !entries.isEmpty {
            let media = entries.first?.mediaTime == -1 ? entries.dropFirst() : entries[...]
            guard media.count == 1, let edit = media.first else {
                throw refuse(media.isEmpty ? "the edit list shows no media (only an empty edit)"
                    : "the edit list has \(entries.count) edits, \(media.count) of them showing media")
            }
            guard edit.mediaTime >= 0 else { throw refuse("the edit list has two empty edits") }
            guard edit.mediaRate == 0x0001_0000 else {
                throw refuse("the edit plays at rate \(Double(edit.mediaRate) / 65536), not 1 (a dwell or speed change)")
            }
            guard (movie.header?.timescale ?? 0) > 0 else { throw refuse("the movie timescale is 0") }
            guard track.mediaHeader.timescale > 0 else { throw refuse("the media timescale is 0") }
        }
        edits = EditListTimeline(track: track, in: movie)
    }

    /// `cues` (media time) on the movie timeline, as a player shows them
    /// (`EditListTimeline.movieCues(_:)`).
    public func movieCues(_ cues: [Cue]) -> [Cue] {
        edits.movieCues(cues)
    }
}
