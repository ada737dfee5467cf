/// English names for languages, so an option can be labelled the way a player's menu shows it
/// ("English", "Spanish"), from an ISO 639-2 code (`spa`, `ger`) or a BCP 47 tag (`es-MX`, `zh-Hant`).
public enum LanguageName {
    /// (ISO 639-2/T, ISO 639-1, ISO 639-2/B when different, English name)
    static let languages: [(String, String, String?, String)] = [
        ("ara", "ar", nil, "Arabic"), ("bul", "bg", nil, "Bulgarian"), ("cat", "ca", nil, "Catalan"),
        ("ces", "cs", "cze", "Czech"), ("cym", "cy", "wel", "Welsh"), ("dan", "da", nil, "Danish"),
        ("deu", "de", "ger", "German"), ("ell", "el", "gre", "Greek"), ("eng", "en", nil, "English"),
        ("est", "et", nil, "Estonian"), ("eus", "eu", "baq", "Basque"), ("fas", "fa", "per", "Persian"),
        ("fin", "fi", nil, "Finnish"), ("fil", "", nil, "Filipino"), ("fra", "fr", "fre", "French"),
        ("gle", "ga", nil, "Irish"), ("glg", "gl", nil, "Galician"), ("heb", "he", nil, "Hebrew"),
        ("hin", "hi", nil, "Hindi"), ("hrv", "hr", nil, "Croatian"), ("hun", "hu", nil, "Hungarian"),
        ("hye", "hy", "arm", "Armenian"), ("ind", "id", nil, "Indonesian"), ("isl", "is", "ice", "Icelandic"),
        ("ita", "it", nil, "Italian"), ("jpn", "ja", nil, "Japanese"), ("kat", "ka", "geo", "Georgian"),
        ("kor", "ko", nil, "Korean"), ("lav", "lv", nil, "Latvian"), ("lit", "lt", nil, "Lithuanian"),
        ("mkd", "mk", "mac", "Macedonian"), ("msa", "ms", "may", "Malay"), ("nld", "nl", "dut", "Dutch"),
        ("nob", "nb", nil, "Norwegian Bokmål"), ("nno", "nn", nil, "Norwegian Nynorsk"), ("nor", "no", nil, "Norwegian"),
        ("pol", "pl", nil, "Polish"), ("por", "pt", nil, "Portuguese"), ("ron", "ro", "rum", "Romanian"),
        ("rus", "ru", nil, "Russian"), ("slk", "sk", "slo", "Slovak"), ("slv", "sl", nil, "Slovenian"),
        ("spa", "es", nil, "Spanish"), ("sqi", "sq", "alb", "Albanian"), ("srp", "sr", nil, "Serbian"),
        ("swe", "sv", nil, "Swedish"), ("tam", "ta", nil, "Tamil"), ("tel", "te", nil, "Telugu"),
        ("tha", "th", nil, "Thai"), ("tur", "tr", nil, "Turkish"), ("ukr", "uk", nil, "Ukrainian"),
        ("urd", "ur", nil, "Urdu"), ("vie", "vi", nil, "Vietnamese"), ("yid", "yi", nil, "Yiddish"),
        ("zho", "zh", "chi", "Chinese"), ("zul", "zu", nil, "Zulu"), ("afr", "af", nil, "Afrikaans"),
        ("ben", "bn", nil, "Bengali"), ("bel", "be", nil, "Belarusian"), ("bos", "bs", nil, "Bosnian"),
        ("kaz", "kk", nil, "Kazakh"), ("khm", "km", nil, "Khmer"), ("lao", "lo", nil, "Lao"),
        ("mar", "mr", nil, "Marathi"), ("mlt", "mt", nil, "Maltese"), ("mon", "mn", nil, "Mongolian"),
        ("nep", "ne", nil, "Nepali"), ("pan", "pa", nil, "Punjabi"), ("swa", "sw", nil, "Swahili"),
        ("tgl", "tl", nil, "Tagalog"), ("uzb", "uz", nil, "Uzbek"), ("lat", "la", nil, "Latin"),
        ("epo", "eo", nil, "Esperanto"), ("yue", "", nil, "Cantonese"),
    ]

    static let regions: [String: String] = [
        "US": "United States", "GB": "United Kingdom", "CA": "Canada", "AU": "Australia", "IN": "India",
        "BR": "Brazil", "PT": "Portugal", "MX": "Mexico", "ES": "Spain", "419": "Latin America", "FR": "France",
        "BE": "Belgium", "CH": "Switzerland", "DE": "Germany", "AT": "Austria", "CN": "China", "TW": "Taiwan",
        "HK": "Hong Kong", "NZ": "New Zealand", "IE": "Ireland",
    ]

    static let scripts: [String: String] = ["Hans": "Simplified", "Hant": "Traditional", "Latn": "Latin", "Cyrl": "Cyrillic"]

    static let byCode: [String: (terminology: String, name: String)] = {
        var table: [String: (String, String)] = [:]
        for (terminology, short, bibliographic, name) in languages {
            table[terminology] = (terminology, name)
            if !short.isEmpty { table[short] = (terminology, name) }
            if let bibliographic { table[bibliographic] = (terminology, name) }
        }
        return table
    }()

    /// The English name for a language code or BCP 47 tag, nil when unknown or undetermined.
    public static func englishName(for tag: String) -> String? {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let primary = parts.first?.lowercased(), primary != "und", let base = byCode[primary]?.name else { return nil }
        let qualifiers = parts.dropFirst().compactMap { part -> String? in
            scripts[part.prefix(1).uppercased() + part.dropFirst().lowercased()] ?? regions[part.uppercased()]
        }
        return qualifiers.isEmpty ? base : "\(base) (\(qualifiers.joined(separator: ", ")))"
    }

    /// The ISO 639-2/T form of a code (`ger` → `deu`, `de` → `deu`); the input when unknown.
    public static func terminologyCode(for code: String) -> String {
        byCode[code.lowercased()]?.terminology ?? code.lowercased()
    }

    /// The ISO 639-2/B form, which ffprobe prints for some languages (`deu` → `ger`).
    public static func bibliographicCode(for code: String) -> String {
        let terminology = terminologyCode(for: code)
        return languages.first { $0.0 == terminology }?.2 ?? terminology
    }
}
