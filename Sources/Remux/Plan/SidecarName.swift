import Language

/// What the name of a subtitle file beside a movie says about the track it makes, read the way
/// media servers read it: `MOVIE.LANGUAGE[.KIND…].EXTENSION`, the words after the movie's name
/// separated by dots, in any order and any case.
///
/// - The language: one word `LanguageWord` reads (`en`, `eng`, `pt-BR`, `English`, `Español`).
/// - The kind: `sdh`, `hi` or `cc` (subtitles for the deaf and hard of hearing), `forced` or
///   `foreign` (forced-only), `default`.
/// - The format, from the extension: `.srt`, `.vtt`, `.ttml`, `.dfxp` and `.xml` make subtitle
///   tracks, `.scc` a CEA-608 caption track.
///
/// These are the conventions of Plex
/// (https://support.plex.tv/articles/200471133-adding-local-subtitles-to-your-media/),
/// Jellyfin and Emby (https://jellyfin.org/docs/general/server/media/external-files/) and Kodi
/// (https://kodi.wiki/view/Subtitles). `hi` is always hearing impaired, as Jellyfin reads it,
/// never Hindi (write `hin` or `Hindi`); `sdh` is never Southern Kurdish. A name with a word that
/// is neither a language nor a kind, with no language or with two, is not guessed at: it is a
/// ``SidecarNameError``.
///
/// ```swift
/// let name = try SidecarName(fileName: "Movie.es.forced.srt", movieName: "Movie")
/// // name.language = es, name.isForcedOnly = true, name.format = .subRip
/// ```
public struct SidecarName: Sendable, Hashable {
    /// The subtitle format an extension names.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case subRip = "SubRip"
        case webVTT = "WebVTT"
        case ttml = "TTML"
        /// Scenarist Closed Captions: CEA-608 byte pairs, for a caption track.
        case scc = "SCC"

        /// The format of a file extension (without its dot, any case); nil for any other.
        public init?(extension text: String) {
            switch text.lowercased() {
            case "srt": self = .subRip
            case "vtt": self = .webVTT
            case "ttml", "dfxp", "xml": self = .ttml
            case "scc": self = .scc
            default: return nil
            }
        }

        /// True for SCC, which makes a closed-caption track rather than a subtitle track.
        public var makesCaptions: Bool { self == .scc }
    }

    /// The language.
    public var language: LanguageTag
    /// Subtitles for the deaf and hard of hearing (`sdh`, `hi`, `cc`).
    public var isSDH: Bool
    /// A forced-only track (`forced`, `foreign`).
    public var isForcedOnly: Bool
    /// The track to enable by default (`default`).
    public var isDefault: Bool
    /// The format, from the extension.
    public var format: Format

    /// The kind words and what each sets.
    private enum Kind {
        case sdh, forced, isDefault

        static func of(_ word: String) -> Kind? {
            switch word.lowercased() {
            case "sdh", "hi", "cc": .sdh
            case "forced", "foreign": .forced
            case "default": .isDefault
            default: nil
            }
        }
    }

    /// Whether `fileName` is named after the movie: the movie's name (without its extension)
    /// followed by a dot. Other files beside the movie belong to something else and are not read.
    public static func isNamedAfter(movieName: String, fileName: String) -> Bool {
        fileName.count > movieName.count + 1 && fileName.hasPrefix(movieName + ".")
    }

    /// Reads the name of a file named after the movie (``isNamedAfter(movieName:fileName:)``).
    public init(fileName: String, movieName: String) throws(SidecarNameError) {
        guard Self.isNamedAfter(movieName: movieName, fileName: fileName) else { throw .notNamedAfterMovie }
        var words = fileName.dropFirst(movieName.count + 1).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let fileExtension = words.removeLast()
        guard let format = Format(extension: fileExtension) else { throw .unknownExtension(fileExtension) }
        self.format = format
        var language: (word: String, tag: LanguageTag)?
        isSDH = false
        isForcedOnly = false
        isDefault = false
        for word in words where !word.isEmpty {
            if let kind = Kind.of(word) {
                switch kind {
                case .sdh: isSDH = true
                case .forced: isForcedOnly = true
                case .isDefault: isDefault = true
                }
            } else if let tag = LanguageWord.tag(for: word) {
                if let first = language { throw .twoLanguages(first.word, word) }
                language = (word, tag)
            } else {
                throw .unknownWord(word)
            }
        }
        guard let language else { throw .noLanguage }
        if format.makesCaptions, isForcedOnly { throw .forcedCaptions }
        self.language = language.tag
    }

    /// The track name a player's menu shows, as Apple's players label such tracks: the English
    /// name of the language, then `SDH` and `Forced` ("English SDH", "Spanish Forced"), or `CC`
    /// for a caption track ("English CC").
    public var trackName: String {
        let base = LanguageNaming.english.name(for: language.description) ?? language.description
        if format.makesCaptions { return base + " CC" }
        return [base, isSDH ? "SDH" : nil, isForcedOnly ? "Forced" : nil].compactMap { $0 }.joined(separator: " ")
    }
}

/// Why a file beside a movie makes no track: its name says nothing Legible can read for certain.
public enum SidecarNameError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not named after the movie.
    case notNamedAfterMovie
    /// The extension is no subtitle format.
    case unknownExtension(String)
    /// A word is neither a language nor a kind.
    case unknownWord(String)
    /// Two words are languages.
    case twoLanguages(String, String)
    /// No word is a language.
    case noLanguage
    /// An SCC file named forced: a CEA-608 caption track cannot be forced-only.
    case forcedCaptions

    public var description: String {
        switch self {
        case .notNamedAfterMovie: "the name does not start with the movie's name and a dot"
        case .unknownExtension(let text): "'.\(text)' is not a subtitle format (srt, vtt, ttml, dfxp, xml, scc)"
        case .unknownWord(let word): "'\(word)' is neither a language nor a kind (sdh, hi, cc, forced, foreign, default)"
        case .twoLanguages(let first, let second): "'\(first)' and '\(second)' are both languages"
        case .noLanguage: "the name gives no language"
        case .forcedCaptions: "a CEA-608 caption track cannot be forced-only"
        }
    }
}
