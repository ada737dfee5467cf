import Movie

/// The language tag HLS `LANGUAGE` and HTML `srclang` carry: BCP 47 (RFC 8216 §4.3.4.1 and the
/// HTML standard both point at RFC 5646), in its shortest form.
///
/// RFC 5646 §2.2.1: where a language has both an ISO 639-1 two-letter code and a three-letter
/// code, only the two-letter code is a valid primary subtag, so `eng` (what `mdhd` holds) is
/// written `en` and the bibliographic `ger` is written `de`. Three-letter codes with no two-letter
/// twin (`fil`, `yue`) stay as they are.
public enum DeliveryLanguage {
    /// The shortest BCP 47 form of a track's language (`elng` tag or `mdhd` code); `und` for a
    /// language that does not parse.
    public static func tag(for language: String) -> String {
        guard var tag = try? LanguageTag(parsing: language) else { return "und" }
        // Only a primary subtag that is itself an ISO 639-2 code has a two-letter twin; an
        // ISO 639-3 code maps to its macrolanguage's code (`yue` → `zho`) and must not be replaced.
        if tag.language.count == 3, let primary = try? LanguageTag(parsing: tag.language), !primary.needsExtendedTag,
           let twoLetter = twoLetterCodes[primary.iso639Code] {
            tag.language = twoLetter
        }
        return tag.description
    }

    /// ISO 639-2/T code → ISO 639-1 code, derived from the codes `LanguageTag` accepts: every
    /// two-letter primary subtag it parses is an ISO 639-1 code, and its ``LanguageTag/iso639Code``
    /// is the matching ISO 639-2/T code. Deriving it keeps one code table in the project.
    static let twoLetterCodes: [String: String] = {
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        var codes: [String: String] = [:]
        for first in letters {
            for second in letters {
                guard let tag = try? LanguageTag(parsing: first + second), tag.iso639Code != "und" else { continue }
                codes[tag.iso639Code] = first + second
            }
        }
        return codes
    }()
}
