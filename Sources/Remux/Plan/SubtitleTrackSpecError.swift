import Language
import Movie
import TimedText

/// Why a ``SubtitleTrackSpec`` (or a ``SubtitlePlan`` entry) makes no track.
public enum SubtitleTrackSpecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The subtitle file could not be read or parsed.
    case unreadableFile(SubtitleFileError)
    /// The language is not a valid BCP 47 tag.
    case invalidLanguage(LanguageTagError)
    /// The group is neither `auto` nor a group number.
    case invalidGroup(String)
    /// The followed-by audio is neither `auto` nor a track ID.
    case invalidFollowAudio(String)
    /// The file holds image subtitles, on these 1-based lines, and the request did not allow
    /// leaving them out.
    case imageSubtitles(lines: [Int])
    /// A forced-only twin was asked for, but the file, in this format, marks no cue forced.
    case noForcedCues(SubtitleFormat)
    /// A forced-only twin was asked for a track that is forced-only itself or the twin of another.
    case forcedTrackOfForcedTrack

    public var description: String {
        switch self {
        case .unreadableFile(let error): "\(error)"
        case .invalidLanguage(let error): "language: \(error)"
        case .invalidGroup(let text): "group '\(text)' is neither 'auto' nor a group number"
        case .invalidFollowAudio(let text): "follow-audio '\(text)' is neither 'auto' nor a track ID"
        case .imageSubtitles(let lines): "\(lines.count) image subtitle\(lines.count == 1 ? "" : "s") (SMPTE-TT smpte:backgroundImage); image subtitles are not supported"
        case .noForcedCues(let format): format == .ttml
            ? "no forced cue to make a forced-only track of: the file marks no cue or span itts:forcedDisplay=\"true\""
            : "no forced cue to make a forced-only track of: \(format == .subRip ? "SubRip" : "WebVTT") cannot mark a cue forced (TTML's itts:forcedDisplay can)"
        case .forcedTrackOfForcedTrack: "a forced-only twin is made of a full track's marked cues; this track is forced-only itself"
        }
    }
}
