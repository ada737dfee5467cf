import Remux

/// A repair: changes to one track, as one `legible set-track` command would make them.
public struct TrackFix: Sendable {
    /// The track to change.
    public var trackID: UInt32
    /// What to change.
    public var changes: TrackChanges
    /// Whether the change is the only sensible answer, so `check --fix` may make it unasked.
    /// A fix that chooses between tracks or invents a value (a language, a name) is only suggested.
    public var isAutomatic: Bool

    /// A fix of `trackID`; `automatic` when `check --fix` may make it unasked.
    public init(track trackID: UInt32, _ changes: TrackChanges, automatic: Bool) {
        self.trackID = trackID
        self.changes = changes
        isAutomatic = automatic
    }

    /// The request the remux engine applies.
    public var request: TrackChangeRequest { TrackChangeRequest(trackID: trackID, changes: changes) }
}
