/// Names for languages, so an option can be labelled the way a player's menu shows it: in English
/// ("Spanish", "Chinese (Traditional)") or in the language itself ("Español", "繁體中文"), from an
/// ISO 639 code (`spa`, `ger`, `yue`) or a BCP 47 tag (`es-MX`, `zh-Hant`).
///
/// The names come from the generated `LanguageTables`: CLDR's where it has one, else the
/// ISO 639 / ISO 3166-1 / ISO 15924 name from Debian iso-codes up to its first ";" (the full rule
/// is in Scripts/make-language-tables).
public enum LanguageName {
    /// The English name for a language code or BCP 47 tag, with its script and region in parentheses
    /// ("Portuguese (Brazil)", "Chinese (Traditional, Taiwan)"); nil when unknown or undetermined.
    public static func englishName(for tag: String) -> String? {
        guard let subtags = Subtags(tag), let base = subtags.language?.englishName else { return nil }
        let qualifiers = [subtags.script.flatMap(SubtagTable.scriptName), subtags.region.flatMap(SubtagTable.regionName)]
            .compactMap { $0 }
        return qualifiers.isEmpty ? base : "\(base) (\(qualifiers.joined(separator: ", ")))"
    }

    /// The language's name in that language, from CLDR and capitalized as that language capitalizes
    /// a menu item ("Español", "Deutsch", "日本語"): the name of the whole locale when CLDR has one
    /// (`es-419` → "Español latinoamericano", `zh-Hant-TW` → "繁體中文"), else of the language alone
    /// (`es-MX-x-foo` → "Español"); nil when CLDR has no name for the language in that language.
    public static func nativeName(for tag: String) -> String? {
        guard let subtags = Subtags(tag), let language = subtags.language else { return nil }
        let code = language.alpha2 ?? language.code
        let candidates = [[code, subtags.script, subtags.region], [code, subtags.script], [code, subtags.region], [code]]
        for locale in candidates where !locale.contains(nil) {
            if let name = CodeTable.name(of: locale.compactMap { $0 }.joined(separator: "_"), in: LanguageTables.nativeNames) { return name }
        }
        return nil
    }

    /// The ISO 639-2/T form of a code (`ger` → `deu`, `de` → `deu`); the input when unknown.
    public static func terminologyCode(for code: String) -> String {
        ISO639Table.terminologyCode(for: code.lowercased()) ?? code.lowercased()
    }

    /// The ISO 639-2/B form, which ffprobe prints for some languages (`deu` → `ger`).
    public static func bibliographicCode(for code: String) -> String {
        let terminology = terminologyCode(for: code)
        return ISO639Table.language(terminology)?.bibliographic ?? terminology
    }

    /// The language, script and region of a tag, read leniently (a name is wanted even for a tag
    /// ``LanguageTag`` would refuse): an extended language (`zh-yue`) stands for the language, and
    /// reading stops at the first variant, extension or private-use subtag.
    private struct Subtags {
        var language: ISO639Table.Language?
        var script: String?
        var region: String?

        init?(_ tag: String) {
            var parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }[...]
            guard let primary = parts.popFirst(), primary != "und" else { return nil }
            language = ISO639Table.language(primary)
            if let extended = parts.first, extended.count == 3, let member = ISO639Table.language(extended) {
                language = member
                parts.removeFirst()
            }
            if let next = parts.first, next.count == 4, next.allSatisfy(\.isLetter) {
                script = next.prefix(1).uppercased() + next.dropFirst()
                parts.removeFirst()
            }
            if let next = parts.first, next.count == 2 || (next.count == 3 && next.allSatisfy(\.isNumber)) {
                region = next.uppercased()
            }
        }
    }
}
