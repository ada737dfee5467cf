import ISOBMFF

/// One kind of reference from a track to others (a child of `tref`): `chap` chapter list, `folw`
/// subtitle to follow an audio track, `forc` forced-only twin, `cdsc` described track, `fall`
/// audio fallback, `tmcd`, `sync`, `hint`, …
public struct TrackReference: Sendable, Hashable {
    /// The reference type (`folw`, `forc`, `chap`, `cdsc`, …).
    public var type: FourCC
    /// The referenced tracks.
    public var trackIDs: [UInt32]

    /// A reference of `type` to `trackIDs`.
    public init(type: FourCC, trackIDs: [UInt32]) {
        self.type = type
        self.trackIDs = trackIDs
    }

    /// Chapter list.
    public static let chapterList: FourCC = "chap"
    /// Subtitle track to select when this audio track is selected.
    public static let selectionFollower: FourCC = "folw"
    /// The forced-only twin of this subtitle track.
    public static let forcedSubtitlesOnly: FourCC = "forc"
    /// The track(s) this timed metadata describes.
    public static let metadataReferent: FourCC = "cdsc"
    /// A more compatible encoding of this audio.
    public static let audioFallback: FourCC = "fall"
}
