import ISOBMFF
import Language

/// The language of a value as the carriers store it: a packed ISO 639-2/T code (`data` atom
/// locales, `©xxx` records) and, from a BCP 47 region, an ISO 3166-1 country (`data` locales
/// only). Nil language = the language-neutral value. A tag the two cannot say (a script, a
/// variant, a language with no ISO 639-2 code) also keeps its full form for a metadata locale
/// atom (`loca`), which QuickTime metadata writes beside the `data` atom.
struct MetadataLocale: Hashable, Sendable {
    /// Packed ISO 639-2/T; 0 for the neutral value.
    var language: UInt16
    /// Two ASCII letters; 0 for any country.
    var country: UInt16
    /// The BCP 47 tag (`zh-Hans`), when `language` and `country` do not say all of it; nil
    /// otherwise. Values whose packed locales agree differ by this tag alone.
    var tag: String?

    static let neutral = MetadataLocale(language: 0, country: 0)

    var isNeutral: Bool { language == 0 && country == 0 }

    init(language: UInt16, country: UInt16, tag: String? = nil) {
        self.language = language
        self.country = country
        self.tag = tag
    }

    /// `eng`, `fr`, `pt-BR`: converted with `LanguageTag` so 639-1 and 639-2/B codes become
    /// the 639-2/T code QuickTime asks for.
    init(_ text: String?) throws(BoxError) {
        guard let text else {
            self = .neutral
            return
        }
        let tag: LanguageTag
        do {
            tag = try LanguageTag(parsing: text)
        } catch {
            throw BoxError(.unwritableMetadata(error.description), at: nil)
        }
        guard let packed = MediaLanguage(iso639: tag.iso639Code), tag.iso639Code != "und" else {
            self = .neutral
            return
        }
        language = packed.rawValue
        country = MetadataDataBox.country(tag.region)
        var withoutRegion = tag
        withoutRegion.region = nil
        let regionIsCountry = tag.region.map { MetadataDataBox.country($0) != 0 } ?? true
        self.tag = withoutRegion.needsExtendedTag || !regionIsCountry ? tag.shortestForm.description : nil
    }

    /// Whether a `©xxx` record stands for this locale. The neutral value is the record without
    /// an ISO language: `und`, unspecified, or a Macintosh code, which predates per-language
    /// values and is what old writers give every item.
    func matches(_ record: MediaLanguage) -> Bool {
        isNeutral ? record.isMacintosh || record.isUndetermined : record.rawValue == language
    }

    /// The record language to write: `und` for the neutral value, as ffmpeg writes.
    var recordLanguage: MediaLanguage { isNeutral ? .undetermined : MediaLanguage(rawValue: language) }
}
