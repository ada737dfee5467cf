import ISOBMFF

/// What a track carries, from its handler type.
public enum MediaType: String, Sendable, Hashable, Codable {
    case video, audio, subtitle, text, closedCaption, metadata, timecode, hint, other

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
