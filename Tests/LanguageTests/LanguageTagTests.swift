import Testing
@testable import Language

/// `--language` values become an `mdhd` ISO 639-2/T code plus, when that code loses something, a
/// QuickTime `elng` tag. Expected values come from RFC 5646 (§2.1, §2.2 and the Appendix A examples),
/// QTFF's extended language tag atom (`en-AU` → `eng`) and the Library of Congress ISO 639-2 list.
@Suite struct LanguageTagTests {
    @Test(arguments: [
        // (input, normalized tag, mdhd code, needs elng)
        ("pt-BR", "pt-BR", "por", true),
        ("EN", "en", "eng", false),
        ("en", "en", "eng", false),
        ("eng", "eng", "eng", false),
        ("pt", "pt", "por", false),
        ("und", "und", "und", false),
        ("ger", "ger", "deu", false),
        ("fre", "fre", "fra", false),
        ("mul", "mul", "mul", false),
        ("zxx", "zxx", "zxx", false),
        ("mis", "mis", "mis", false),
        ("qaa", "qaa", "qaa", false),
        ("qtz", "qtz", "qtz", false),
        ("en-AU", "en-AU", "eng", true),
        ("zh-hant-tw", "zh-Hant-TW", "zho", true),
        ("zh-Hant", "zh-Hant", "zho", true),
        ("zh-Hans-CN", "zh-Hans-CN", "zho", true),
        ("sr_Latn", "sr-Latn", "srp", true),
        ("sr-Latn-RS", "sr-Latn-RS", "srp", true),
        ("pt_br", "pt-BR", "por", true),
        ("es-419", "es-419", "spa", true),
        ("de-CH-1996", "de-CH-1996", "deu", true),
        ("sl-rozaj-biske", "sl-rozaj-biske", "slv", true),
        ("hy-Latn-IT-arevela", "hy-Latn-IT-arevela", "hye", true),
        ("en-US-x-twain", "en-US-x-twain", "eng", true),
        ("de-CH-x-phonebk", "de-CH-x-phonebk", "deu", true),
        ("az-Arab-x-AZE-derbend", "az-Arab-x-aze-derbend", "aze", true),
        ("qaa-Qaaa-QM-x-southern", "qaa-Qaaa-QM-x-southern", "qaa", true),
        ("en-US-u-islamcal", "en-US-u-islamcal", "eng", true),
        ("zh-CN-a-myext-x-private", "zh-CN-a-myext-x-private", "zho", true),
        ("en-a-myext-b-another", "en-a-myext-b-another", "eng", true),
        ("x-whatever", "x-whatever", "und", true),
        // ISO 639-3 languages with no ISO 639-2 code: the macrolanguage's code is the closest.
        ("yue", "yue", "zho", true),
        ("yue-HK", "yue-HK", "zho", true),
        ("cmn-Hans-CN", "cmn-Hans-CN", "zho", true),
        ("zh-yue-HK", "zh-yue-HK", "zho", true),
        ("arz", "arz", "ara", true),
    ])
    func parsesAndNormalizes(input: String, tag: String, code: String, needsExtendedTag: Bool) throws {
        let parsed = try LanguageTag(parsing: input)
        #expect(parsed.description == tag)
        #expect(parsed.iso639Code == code)
        #expect(parsed.needsExtendedTag == needsExtendedTag)
    }

    @Test func subtagsLandInTheirFields() throws {
        let chinese = try LanguageTag(parsing: "zh-hant-tw")
        #expect(chinese.language == "zh")
        #expect(chinese.script == "Hant")
        #expect(chinese.region == "TW")
        #expect(chinese.extendedLanguage == nil)

        let swiss = try LanguageTag(parsing: "de-CH-1996")
        #expect(swiss.region == "CH")
        #expect(swiss.variants == ["1996"])

        let cantonese = try LanguageTag(parsing: "zh-yue-HK")
        #expect(cantonese.language == "zh")
        #expect(cantonese.extendedLanguage == "yue")

        let full = try LanguageTag(parsing: "sl-IT-nedis-U-CA-Gregory-t-hi-x-Foo-Bar")
        #expect(full.variants == ["nedis"])
        #expect(full.extensions == ["u-ca-gregory", "t-hi"])
        #expect(full.privateUse == "x-foo-bar")
        #expect(full.description == "sl-IT-nedis-u-ca-gregory-t-hi-x-foo-bar")

        let privateOnly = try LanguageTag(parsing: "x-whatever")
        #expect(privateOnly.language == "")
        #expect(privateOnly.privateUse == "x-whatever")

        #expect(try LanguageTag(parsing: "yue").language == "yue")
    }

    @Test func caseAndSeparatorDoNotMakeADifferentTag() throws {
        #expect(try LanguageTag(parsing: "PT_br") == LanguageTag(parsing: "pt-BR"))
        #expect(try LanguageTag(parsing: "zh-HANT") == LanguageTag(parsing: "zh-Hant"))
    }

    @Test(arguments: [
        ("", "empty tag"),
        ("e", "language subtag 'e' must be 2 or 3 letters (an ISO 639 code)"),
        ("english", "language subtag 'english' must be 2 or 3 letters (an ISO 639 code)"),
        ("123", "language subtag '123' must be 2 or 3 letters (an ISO 639 code)"),
        ("en-", "empty subtag"),
        ("en--US", "empty subtag"),
        ("-en", "empty subtag"),
        ("xx", "unknown language 'xx'"),
        ("qzz", "unknown language 'qzz'"),
        ("de-1996-1996", "duplicate variant '1996'"),
        ("en-a-bbb-a-ccc", "duplicate extension 'a'"),
        ("é", "'é' is not an ASCII letter, digit or hyphen"),
        ("en US", "' ' is not an ASCII letter, digit or hyphen"),
        ("de-CH-abcdefghi", "subtag 'abcdefghi' is longer than 8 characters"),
        ("i-klingon", "grandfathered 'i-' tags are not supported; use the language's ISO 639 code"),
        ("zh-min-nan", "'nan': only one extended language subtag is allowed"),
        ("en-US-Latn", "'latn' is not a valid script, region, variant or extension subtag at that position"),
        ("en-a", "extension 'a' has no subtags"),
        ("en-a-x-foo", "extension 'a' has no subtags"),
        ("en-x", "'x' has no private-use subtags after it"),
    ])
    func rejects(input: String, reason: String) {
        #expect(throws: LanguageTagError(input, reason)) { try LanguageTag(parsing: input) }
    }

    @Test func errorSaysWhatIsWrongOnOneLine() {
        #expect(LanguageTagError("en-", "empty subtag").description
                == "'en-' is not a valid BCP 47 language tag: empty subtag (valid tags look like en, pt-BR or zh-Hant)")
        let pasted = #expect(throws: LanguageTagError.self) { try LanguageTag(parsing: "en\nUS") }
        #expect(pasted?.description.contains("\n") == false)
        #expect(pasted?.description.hasPrefix("'en\\nUS' is not") == true)
    }

    /// From the Library of Congress ISO 639-2 list (ISO 639-1 column → ISO 639-2/T).
    @Test(arguments: [
        ("en", "eng"), ("fr", "fra"), ("de", "deu"), ("es", "spa"), ("pt", "por"), ("it", "ita"),
        ("nl", "nld"), ("ja", "jpn"), ("zh", "zho"), ("ko", "kor"), ("ru", "rus"), ("ar", "ara"),
        ("he", "heb"), ("hi", "hin"), ("sv", "swe"), ("no", "nor"), ("nb", "nob"), ("nn", "nno"),
        ("da", "dan"), ("fi", "fin"), ("pl", "pol"), ("cs", "ces"), ("el", "ell"), ("tr", "tur"),
        ("hu", "hun"), ("sq", "sqi"), ("hy", "hye"), ("eu", "eus"), ("my", "mya"), ("ka", "kat"),
        ("is", "isl"), ("mk", "mkd"), ("mi", "mri"), ("ms", "msa"), ("fa", "fas"), ("ro", "ron"),
        ("sk", "slk"), ("bo", "bod"), ("cy", "cym"), ("kw", "cor"), ("rw", "kin"), ("gd", "gla"),
        ("fy", "fry"), ("lb", "ltz"), ("ug", "uig"), ("za", "zha"), ("zu", "zul"), ("aa", "aar"),
    ])
    func iso639_1MapsToTerminologyCode(alpha2: String, terminology: String) throws {
        #expect(try LanguageTag(parsing: alpha2).iso639Code == terminology)
    }

    /// The LoC list's 20 languages whose bibliographic and terminology codes differ.
    @Test(arguments: [
        ("alb", "sqi"), ("arm", "hye"), ("baq", "eus"), ("bur", "mya"), ("chi", "zho"),
        ("cze", "ces"), ("dut", "nld"), ("fre", "fra"), ("geo", "kat"), ("ger", "deu"),
        ("gre", "ell"), ("ice", "isl"), ("mac", "mkd"), ("mao", "mri"), ("may", "msa"),
        ("per", "fas"), ("rum", "ron"), ("slo", "slk"), ("tib", "bod"), ("wel", "cym"),
    ])
    func bibliographicMapsToTerminologyCode(bibliographic: String, terminology: String) throws {
        let tag = try LanguageTag(parsing: bibliographic)
        #expect(tag.iso639Code == terminology)
        #expect(!tag.needsExtendedTag)
        #expect(try LanguageTag(parsing: terminology).iso639Code == terminology)
    }

    /// The SIL macrolanguage mapping maps ISO 639-3 languages without an ISO 639-2 code (so not ones
    /// `mdhd` could hold already) to macrolanguages that have one.
    @Test func macrolanguagesMapISO639_3ToISO639_2() {
        for (member, macrolanguage) in ISO639Table.macrolanguages {
            #expect(ISO639Table.isLanguage(member), "\(member)")
            #expect(ISO639Table.terminologyCode(for: member) == nil, "\(member)")
            #expect(ISO639Table.terminologyCode(for: macrolanguage) == macrolanguage, "\(macrolanguage)")
        }
    }
}
