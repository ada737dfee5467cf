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

    public var description: String {
        switch self {
        case .unreadableFile(let error): "\(error)"
        case .invalidLanguage(let error): "language: \(error)"
        case .invalidGroup(let text): "group '\(text)' is neither 'auto' nor a group number"
        case .invalidFollowAudio(let text): "follow-audio '\(text)' is neither 'auto' nor a track ID"
        case .imageSubtitles(let lines): "\(lines.count) image subtitle\(lines.count == 1 ? "" : "s") (SMPTE-TT smpte:backgroundImage); image subtitles are not supported"
        }
    }
}
