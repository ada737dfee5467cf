/// The formats `legible package` offers its CMAF segments in; both share the same segments.
public struct StreamingFormats: OptionSet, Sendable, Hashable {
    /// The bits: 1 HLS, 2 DASH.
    public let rawValue: Int

    /// Creates a set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// HLS (RFC 8216): media playlists, WebVTT subtitle renditions and `master.m3u8`.
    public static let hls = StreamingFormats(rawValue: 1)
    /// DASH (ISO/IEC 23009-1): side-loaded WebVTT files and `manifest.mpd`.
    public static let dash = StreamingFormats(rawValue: 2)
}
