/// How well an option's language answers one preferred language.
///
/// AVFoundation filters options by "whether their locales match any language identifier in the
/// specified array of preferred languages" (`AVMediaSelectionGroup`
/// `mediaSelectionOptions(from:filteredAndSortedAccordingToPreferredLanguages:)`), each an IETF
/// BCP 47 tag. The comparison here: RFC 4647 §3.3.1 basic filtering (`en` matches `en-US`), the
/// primary languages compared as ISO 639-2/T codes so `en`, `eng` and an `mdhd` code agree, and
/// two weaker matches a player needs for tracks that carry only an `mdhd` code: the option is less
/// specific than the preference (`eng` for `en-GB`), or only the region differs (`en-US` for
/// `en-GB`). Different scripts (`zh-Hant`, `zh-Hans`) never match: they are written differently.
public enum LanguageMatch: Int, Sendable, Comparable {
    /// The languages differ.
    case none = 0
    /// Same language, another region.
    case sameLanguage
    /// The option's tag is a prefix of the preference (`eng` for `en-GB`).
    case broader
    /// The preference is a prefix of the option's tag (`en` for `en-US`, or equal).
    case exact

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// How `language` (an option's `elng` tag or `mdhd` code) answers `preference`.
    public init(language: String, preference: LanguageTag) {
        guard let tag = try? LanguageTag(parsing: language), tag.iso639Code != "und",
              tag.iso639Code == preference.iso639Code else {
            self = .none
            return
        }
        if let script = tag.script, let wanted = preference.script, script != wanted {
            self = .none
            return
        }
        let wanted = [preference.script, preference.region]
        let offered = [tag.script, tag.region]
        // Each subtag the one side names, the other names the same way.
        let covers = { (narrow: [String?], wide: [String?]) in zip(narrow, wide).allSatisfy { $1 == nil || $0 == $1 } }
        if covers(offered, wanted) {
            self = .exact
        } else if covers(wanted, offered) {
            self = .broader
        } else {
            self = .sameLanguage
        }
    }

    /// "matches", "is a broader tag for", "is another region of": how `AutomaticSelection` explains
    /// a choice.
    package var phrase: String {
        switch self {
        case .none: "does not match"
        case .sameLanguage: "is another region of"
        case .broader: "is a broader tag for"
        case .exact: "matches"
        }
    }
}
