import ISOBMFF
import Movie
import Quality
import TextTracks
import TimedText

/// One text track as the report draws it: its cues on the movie timeline, numbered as
/// `legible extract` numbers them, with the quality findings of the chosen profile.
public struct TextTrackTimeline: Sendable {
    /// The track.
    public var trackID: UInt32
    /// The menu label, as `legible info` shows the option ("English SDH").
    public var label: String
    /// Whether every cue is forced: the track is forced-only (tagged, flagged or marked by its
    /// `kind`) or the forced-only twin of a regular track (`forc`).
    public var isForcedOnly: Bool
    /// The cues a player can show (end after start), in time order.
    public var cues: [QualitySubject.NumberedCue]
    /// The quality findings of its cues.
    public var check: SubtitleQualityCheck

    /// The cues of `track` and their findings under `profile`.
    public init(track: Track, in movie: Movie, profile: QualityProfile) throws(TextTrackReadError) {
        var subject = try QualitySubject(track: track, in: movie)
        trackID = track.id
        let option = SelectionOption(track: track, movie: movie)
        label = option.displayName
        isForcedOnly = option.isForcedOnly
            || movie.tracks.contains { $0.referencedTrackIDs(TrackReference.forcedSubtitlesOnly).contains(track.id) }
        check = SubtitleQualityCheck(subject, profile: profile)
        // Taken from the subject, not filtered into a copy: one array of the cues at a time.
        var shown = subject.cues
        subject.cues = []
        shown.removeAll { $0.cue.end <= $0.cue.start }
        cues = shown
    }
}
