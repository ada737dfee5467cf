/// Which name a menu gives a language: the English one ("Spanish") as `info` and Apple's
/// English-language menus show it, or the language's own ("Español"), which HLS renditions and
/// web players often use so that each viewer finds their own language whatever the page's language.
public enum LanguageNaming: String, Sendable, CaseIterable {
    /// In English ("Spanish").
    case english
    /// In the language itself ("Español").
    case native

    /// The language's name for a BCP 47 tag or ISO 639 code; a language CLDR has no native name
    /// for keeps its English name.
    public func name(for tag: String) -> String? {
        switch self {
        case .english: LanguageName.englishName(for: tag)
        case .native: LanguageName.nativeName(for: tag) ?? LanguageName.englishName(for: tag)
        }
    }
}
