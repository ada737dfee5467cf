import ISOBMFF

/// A role a track declares in a `kind` box of its `udta` (ISO/IEC 14496-12 §8.10.4): a value
/// within a scheme, e.g. the DASH role `caption`.
public struct TrackKind: Sendable, Hashable {
    /// The scheme that gives `value` its meaning.
    public var schemeURI: String
    /// The role within the scheme.
    public var value: String

    /// The role `value` within the scheme `schemeURI` (such as `urn:mpeg:dash:role:2011`).
    public init(schemeURI: String, value: String) {
        self.schemeURI = schemeURI
        self.value = value
    }

    init(_ box: TrackKindBox) {
        self.init(schemeURI: box.schemeURI, value: box.value)
    }

    /// The DASH role scheme (ISO/IEC 23009-1 §5.8.5.5), the one ffmpeg writes for dispositions.
    public static let dashRoleScheme = "urn:mpeg:dash:role:2011"

    /// DASH role `caption`: captions for the hearing impaired (ffmpeg: hearing_impaired, captions).
    public static let dashCaption = TrackKind(schemeURI: dashRoleScheme, value: "caption")
    /// DASH role `forced-subtitle`: only the subtitles shown when none are chosen (ffmpeg: forced).
    public static let dashForcedSubtitle = TrackKind(schemeURI: dashRoleScheme, value: "forced-subtitle")
    /// DASH role `description`: a description of the video, e.g. audio description (ffmpeg:
    /// visual_impaired, descriptions).
    public static let dashDescription = TrackKind(schemeURI: dashRoleScheme, value: "description")
}
