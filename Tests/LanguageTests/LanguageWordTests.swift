import Testing
import Language

/// A word of a subtitle file's name read as a language. Expected codes are ISO 639-1's (Library
/// of Congress list: German `de`, bibliographic `ger`, terminology `deu`), RFC 5646's shortest
/// form, and CLDR's names of locales for themselves (`Español`, `Deutsch`, `日本語`).
@Suite struct LanguageWordTests {
    @Test(arguments: [
        // ISO 639-1 and 639-2 codes, any case, in their shortest form
        ("en", "en"), ("EN", "en"), ("eng", "en"), ("ger", "de"), ("deu", "de"), ("fre", "fr"), ("chi", "zh"),
        ("spa", "es"), ("fil", "fil"),
        // BCP 47 tags
        ("pt-BR", "pt-BR"), ("pt_br", "pt-BR"), ("zh-Hant", "zh-Hant"), ("es-419", "es-419"), ("eng-US", "en-US"),
        // English names (Kodi's "The Matrix.English.srt", Jellyfin's "Film.german.ac3")
        ("English", "en"), ("english", "en"), ("German", "de"), ("Chinese", "zh"), ("French", "fr"), ("Cantonese", "yue"),
        // names in the language itself
        ("Español", "es"), ("Deutsch", "de"), ("Français", "fr"), ("日本語", "ja"), ("español latinoamericano", "es-419"),
        ("繁體中文", "zh-Hant"),
    ])
    func readsALanguage(word: String, tag: String) {
        #expect(LanguageWord.tag(for: word)?.description == tag)
    }

    @Test(arguments: [
        "", "commentary", "sdh2", "x-klingon",
        // ISO 639-3 codes (Dubli, Suku) that are ordinary words in file names: not read as languages
        "dub", "sub",
        // codes that name no language, and the local-use range
        "und", "mul", "zxx", "qaa",
    ])
    func leavesOtherWords(word: String) {
        #expect(LanguageWord.tag(for: word) == nil)
    }
}
