import Movie
import TimedText

/// A repair: changes to one track, as one `legible set-track` command would make them, or its
/// text rebuilt from new cues.
public struct TrackFix: Sendable {
    /// The track to change.
    public var trackID: UInt32
    /// What to change.
    public var changes: TrackChanges
    /// Whether the change is the only sensible answer, so `check --fix` may make it unasked.
    /// A fix that chooses between tracks or invents a value (a language, a name) is only suggested.
    public var isAutomatic: Bool
    /// The cues the track is rebuilt from (the remux engine's `CueReplacementRequest`) when the
    /// repair is to its text; nil when it is not.
    public var replacementCues: [Cue]?

    /// A fix of `trackID`; `automatic` when `check --fix` may make it unasked; `replacementCues`
    /// when the repair is to the track's text.
    public init(track trackID: UInt32, _ changes: TrackChanges, automatic: Bool, replacementCues: [Cue]? = nil) {
        self.trackID = trackID
        self.changes = changes
        isAutomatic = automatic
        self.replacementCues = replacementCues
    }

    /// The request the remux engine applies.
    public var request: TrackChangeRequest { TrackChangeRequest(trackID: trackID, changes: changes) }
}
