import Delivery
import Language
import Movie

/// A viewer whose menus the report shows: preferred languages and captioning settings, written
/// the way `report --viewers` takes them. `es` is a Spanish speaker with the system defaults;
/// `es/en` prefers Spanish, then English; `+sdh` turns on "Closed Captions + SDH", `+captions`
/// shows subtitles always, `+forced` only forced ones, `+ad` turns on "Audio Descriptions" (the
/// settings of `legible select`: --prefer-sdh, --prefer-captions, --forced-only,
/// --prefer-audio-description).
public struct ViewerProfile: Sendable, Equatable, CustomStringConvertible {
    /// How the profile was written: `en+sdh`.
    public var name: String
    /// The preferences the profile stands for.
    public var preferences: SelectionPreferences

    /// Why a profile could not be read.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Reads a profile written like `es/en+sdh`.
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false)
        guard let languagePart = parts.first, !languagePart.isEmpty else {
            throw ParseError(description: "'\(text)': a viewer starts with a language (en, es/en)")
        }
        var languages: [LanguageTag] = []
        for piece in languagePart.split(separator: "/", omittingEmptySubsequences: false) {
            do {
                languages.append(try LanguageTag(parsing: String(piece)))
            } catch {
                throw ParseError(description: "'\(text)': \(error)")
            }
        }
        var prefersSDH = false
        var prefersAudioDescriptions = false
        var display: SelectionPreferences.CaptionDisplay?
        for setting in parts.dropFirst() {
            switch setting.lowercased() {
            case "sdh" where !prefersSDH: prefersSDH = true
            case "ad" where !prefersAudioDescriptions: prefersAudioDescriptions = true
            case "captions" where display == nil: display = .alwaysOn
            case "forced" where display == nil: display = .forcedOnly
            default:
                throw ParseError(description: "'\(text)': '+\(setting)' is not a setting: +sdh, +ad, +captions or +forced, once each")
            }
        }
        if prefersSDH && display == .forcedOnly {
            throw ParseError(description: "'\(text)': +forced turns subtitles off, so it cannot go with +sdh")
        }
        name = text
        preferences = SelectionPreferences(languages: languages, prefersAccessibleSubtitles: prefersSDH, captionDisplay: display,
                                           prefersAudioDescriptions: prefersAudioDescriptions)
    }

    public var description: String { name }

    /// The viewers a movie's menus are worth seeing for: a speaker of each of its languages
    /// (audio first, then subtitles; at most four), the main audio language's speaker with
    /// "Closed Captions + SDH", for each language with audio that describes the video, its
    /// speaker with "Audio Descriptions" on, and for each language with a forced-only subtitle,
    /// its speaker with subtitles off. A movie without a language gets an English speaker.
    public static func defaults(for movie: Movie) -> [ViewerProfile] {
        let selection = MediaSelection(movie: movie)
        func languages(_ characteristic: SelectionGroup.Characteristic) -> [String] {
            selection.groups.filter { $0.characteristic == characteristic }.flatMap(\.options).map { DeliveryLanguage.tag(for: $0.language) }
        }
        var spoken: [String] = []
        for language in languages(.audible) + languages(.legible) where language != "und" && !spoken.contains(language) {
            spoken.append(language)
        }
        if spoken.isEmpty { spoken = ["en"] }
        var names = Array(spoken.prefix(4))
        names.insert("\(spoken[0])+sdh", at: 1)
        let described = selection.groups.filter { $0.characteristic == .audible }.flatMap(\.options)
            .filter { $0.characteristics.contains(MediaCharacteristic.describesVideo) }.map { DeliveryLanguage.tag(for: $0.language) }
        for language in described where language != "und" && !names.contains("\(language)+ad") {
            names.append("\(language)+ad")
        }
        let forced = selection.groups.filter { $0.characteristic == .legible }.flatMap(\.options)
            .filter { $0.isForcedOnly || $0.forcedOnlyTrackID != nil }.map { DeliveryLanguage.tag(for: $0.language) }
        for language in forced where language != "und" && !names.contains("\(language)+forced") {
            names.append("\(language)+forced")
        }
        return names.compactMap { try? ViewerProfile(parsing: $0) }
    }
}
