import ISOBMFF

/// What a track carries, from its handler type.
public enum MediaType: String, Sendable, Hashable, Codable {
    /// Video (`vide`, `auxv`, `pict`).
    case video
    /// Sound (`soun`).
    case audio
    /// Subtitles (`sbtl`, QTFF "Subtitle media"; `subt`, ISO/IEC 14496-12 §12.6).
    case subtitle
    /// Text (`text`): QuickTime text media, 3GPP timed text, WebVTT in MP4, chapter titles.
    case text
    /// Closed captions (`clcp`, CEA-608 in QTFF "Closed captioning media").
    case closedCaption
    /// Timed metadata (`meta`).
    case metadata
    /// Timecode (`tmcd`).
    case timecode
    /// Hint tracks (`hint`), instructions for streaming servers.
    case hint
    /// Any other handler.
    case other

    /// The media type a handler type names (`vide`, `soun`, `sbtl`, …).
    public init(handler: FourCC?) {
        switch handler {
        case "vide"?, "auxv"?, "pict"?: self = .video
        case "soun"?: self = .audio
        case "sbtl"?, "subt"?: self = .subtitle
        case "text"?: self = .text
        case "clcp"?: self = .closedCaption
        case "meta"?: self = .metadata
        case "tmcd"?: self = .timecode
        case "hint"?: self = .hint
        default: self = .other
        }
    }

    /// Whether players list the track among subtitles and captions.
    public var isLegible: Bool { self == .subtitle || self == .text || self == .closedCaption }
}
