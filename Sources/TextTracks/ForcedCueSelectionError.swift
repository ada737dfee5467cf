/// Why a text track has no forced cues to give (``ForcedCueSelection``).
public enum ForcedCueSelectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The track's sample format, named, has no way to mark a cue forced.
    case cannotMark(String)
    /// The track can mark cues forced but marks none.
    case noForcedCues

    public var description: String {
        switch self {
        case .cannotMark(let format):
            "its samples (\(format)) cannot mark a cue forced; tx3g (frcd, or all samples forced in its display flags) and stpp (TTML itts:forcedDisplay) can"
        case .noForcedCues:
            "it marks no cue forced"
        }
    }
}
