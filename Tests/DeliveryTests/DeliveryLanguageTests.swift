import Delivery
import Testing

/// RFC 5646 §2.2.1: "When languages have both an ISO 639-1 two-character code and a
/// three-character code (assigned by ISO 639-2, ISO 639-3, or ISO 639-5), only the ISO 639-1
/// two-character code is defined in the IANA registry." The pairs are from the Library of
/// Congress ISO 639-2 code list (eng/en, spa/es, ger and deu/de, fre/fr, jpn/ja); `fil` and
/// `yue` have no ISO 639-1 code.
struct DeliveryLanguageTests {
    @Test(arguments: [
        ("eng", "en"), ("spa", "es"), ("ger", "de"), ("deu", "de"), ("fre", "fr"), ("jpn", "ja"),
        ("en", "en"), ("pt-BR", "pt-BR"), ("por-BR", "pt-BR"), ("zh-Hant", "zh-Hant"), ("zho-Hant", "zh-Hant"),
        ("fil", "fil"), ("yue", "yue"), ("und", "und"), ("not a tag", "und"),
    ])
    func shortestForm(language: String, expected: String) {
        #expect(DeliveryLanguage.tag(for: language) == expected)
    }
}
