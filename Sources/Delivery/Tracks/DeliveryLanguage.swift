import Language
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
        (try? LanguageTag(parsing: language))?.shortestForm.description ?? "und"
    }
}
