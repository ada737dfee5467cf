/// Reads one word of a file name as a language, the way media servers read the language part of
/// a subtitle file's name (`Movie.pt-BR.srt`, `Movie.ger.srt`, `Movie.English.srt`,
/// `Movie.Español.srt`).
///
/// A word is a language when it is, tried in this order:
/// - a BCP 47 tag whose primary language is an ISO 639-1 or ISO 639-2 code (`en`, `eng`, the
///   bibliographic `ger`, `pt-BR`, `zh-Hant`, `zh_TW`); ISO 639-3 codes are left out on purpose,
///   since thousands of three-letter words (`web`, `dub`) are one;
/// - a language's English name as the tables give it (`German`, `Cantonese`), ISO 639-2 before
///   ISO 639-3;
/// - a locale's name in its own language, from CLDR (`Deutsch`, `Español`,
///   `Español latinoamericano` → `es-419`, `繁體中文` → `zh-Hant`).
///
/// Case does not matter. The codes that name no language (`und`, `mul`, `zxx`, `mis`) and the
/// local-use range `qaa`…`qtz` are not read as one: a file name saying `und` tells nothing.
public enum LanguageWord {
    /// The language `word` names, in its shortest form (`eng` → `en`, `ger` → `de`,
    /// `German` → `de`); nil when the word is none of the above.
    public static func tag(for word: String) -> LanguageTag? {
        guard let tag = code(word) ?? englishName(word) ?? nativeName(word),
              !nonLanguages.contains(tag.iso639Code) else { return nil }
        return tag.shortestForm
    }

    /// A tag whose primary language is an ISO 639-1 or ISO 639-2 code.
    private static func code(_ word: String) -> LanguageTag? {
        guard let tag = try? LanguageTag(parsing: word), ISO639Table.language(tag.language)?.isISO639_2 == true else { return nil }
        return tag
    }

    /// The language whose English name is `word`: each table's records end with the name.
    private static func englishName(_ word: String) -> LanguageTag? {
        let folded = word.lowercased()
        for table in [LanguageTables.iso639_2, LanguageTables.iso639_3] {
            for record in table.split(separator: "\n") {
                let fields = record.split(separator: "|", omittingEmptySubsequences: false)
                if let name = fields.last, name.lowercased() == folded, let code = fields.first {
                    return try? LanguageTag(parsing: String(code))
                }
            }
        }
        return nil
    }

    /// The locale whose CLDR name for itself is `word` (`es_419|Español latinoamericano`).
    private static func nativeName(_ word: String) -> LanguageTag? {
        let folded = word.lowercased()
        for record in LanguageTables.nativeNames.split(separator: "\n") {
            let fields = record.split(separator: "|", omittingEmptySubsequences: false)
            if fields.count == 2, fields[1].lowercased() == folded {
                return try? LanguageTag(parsing: String(fields[0]))
            }
        }
        return nil
    }

    /// ISO 639-2's special codes: undetermined, multiple, no linguistic content, uncoded.
    private static let nonLanguages: Set<String> = ["und", "mul", "zxx", "mis"]
}
