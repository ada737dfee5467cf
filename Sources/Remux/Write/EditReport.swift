import Conversion
import TimedText

/// What a write did.
public struct EditReport: Sendable {
    /// The file written (the source itself for an in-place edit).
    public var path: String
    /// IDs of the tracks added, in the order of the plan.
    public var addedTrackIDs: [UInt32]
    /// Bytes written: the whole output, or what an in-place edit appended and patched.
    public var bytesWritten: UInt64
    /// Size of the resulting file.
    public var fileSize: UInt64
    /// Cues that were dropped or cut (zero-length, before time 0), naming track and cue.
    public var diagnostics: [String]
    /// What the plan's conversions could not carry, each naming its track.
    public var losses: [ConversionLoss] = []
    /// The alternate group and enabled state of each added track, in the order of
    /// ``addedTrackIDs``; filled by a dry run
    /// (``MovieEditor/planned(_:inPlace:keepingFragments:)``), empty otherwise.
    public var addedTrackPlacements: [AddedTrackPlacement] = []
}
