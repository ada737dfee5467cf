import TimedText

/// New cues for an existing subtitle track (`tx3g` or `wvtt`): the track's samples are written
/// anew from them by the subtitle track builder, in the track's own format, and the track keeps
/// everything else it has — header flags, alternate group, layer, language, name,
/// characteristics, its references and those to it, its edit list. Every other track is copied
/// unchanged. `check --fix` uses it to put a forced-only track's cues into the full subtitle
/// track of its language.
///
/// The rebuilt track gets a new track ID and goes after the movie's other tracks (references to
/// the old ID follow it): the engine lays a source track's chunks out from the source file, so a
/// track with new samples is an added track, and the old one goes as a removed track does.
public struct CueReplacementRequest: Sendable {
    /// The ID of the text track whose cues are replaced.
    public var trackID: UInt32
    /// The track's cues in its media time, in any order (the builder lays them out).
    public var cues: [Cue]

    /// Creates a request to replace the cues of track `trackID` with `cues`.
    public init(trackID: UInt32, cues: [Cue]) {
        self.trackID = trackID
        self.cues = cues
    }
}
