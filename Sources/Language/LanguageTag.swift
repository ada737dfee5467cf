/// A BCP 47 language tag (RFC 5646) such as `pt-BR`, `zh-Hant` or `sr-Latn-RS`, as given to a
/// `--language` option.
///
/// A track can hold its language in two places: `mdhd` has room only for an ISO 639-2/T code, which
/// is all many players read, and QuickTime's extended language tag box (`elng`) holds the whole tag
/// when that code loses something. One parse gives both: ``iso639Code`` for `mdhd`, and
/// ``description`` for `elng` when ``needsExtendedTag`` says it is needed.
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    /// The primary language subtag, lowercased: `pt`, `zh`, `yue`, `und`. Empty for a tag that is
    /// private use only (`x-klingon`), which has none.
    public var language: String
    /// The extended language subtag (`yue` in `zh-yue`). RFC 5646 prefers the bare `yue`, but older
    /// tags use this form, so it is kept rather than rewritten.
    public var extendedLanguage: String?
    /// The script subtag, titlecased: `Hant`, `Latn`.
    public var script: String?
    /// The region subtag, uppercased: an ISO 3166-1 code (`BR`) or a UN M.49 area (`419`).
    public var region: String?
    /// The variant subtags, lowercased, in the order given (`1996` in `de-CH-1996`).
    public var variants: [String]
    /// The extensions, each its singleton and subtags, lowercased and in the order given (`u-ca-gregory`).
    public var extensions: [String]
    /// The private-use part with its `x-`, lowercased (`x-twain`).
    public var privateUse: String?

    /// Parses and normalizes a BCP 47 tag (RFC 5646 §2.1 well-formedness; case normalized per §2.1.1:
    /// language lowercase, script Titlecase, region uppercase, variants/extensions lowercase).
    /// Accepts `_` as a separator too (pt_BR) and normalizes it to `-`.
    ///
    /// Each subtag must be one the standards behind BCP 47 define, so that a typo is reported rather
    /// than written into a file: the primary (and extended) language an ISO 639-1, ISO 639-2 or
    /// ISO 639-3 code (or `qaa`…`qtz`), the script an ISO 15924 code, the region an ISO 3166-1
    /// alpha-2 code or a UN M.49 area (`419`); private-use scripts and regions (RFC 5646 §2.2.3,
    /// §2.2.4) pass. Grandfathered `i-` tags are refused; their languages have codes.
    public init(parsing text: String) throws(LanguageTagError) {
        func failure(_ reason: String) -> LanguageTagError { LanguageTagError(text, reason) }

        guard !text.isEmpty else { throw failure("empty tag") }
        if let character = text.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_")) }) {
            throw failure("'\(LanguageTagError.printable(String(character)))' is not an ASCII letter, digit or hyphen")
        }
        let subtags = text.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "_" }.map { $0.lowercased() }
        guard !subtags.contains("") else { throw failure("empty subtag") }
        if let long = subtags.first(where: { $0.count > 8 }) { throw failure("subtag '\(long)' is longer than 8 characters") }

        language = ""
        variants = []
        extensions = []
        var rest = subtags[...]
        if rest.first != "x" {
            let primary = rest.removeFirst()
            guard primary != "i" else {
                throw failure("grandfathered 'i-' tags are not supported; use the language's ISO 639 code")
            }
            guard (2...3).contains(primary.count), primary.allSatisfy(\.isLetter) else {
                throw failure("language subtag '\(primary)' must be 2 or 3 letters (an ISO 639 code)")
            }
            guard ISO639Table.isLanguage(primary) else { throw failure("unknown language '\(primary)'") }
            language = primary
            if let next = rest.first, next.count == 3, next.allSatisfy(\.isLetter) {
                guard ISO639Table.isLanguage(next) else { throw failure("unknown extended language '\(next)'") }
                extendedLanguage = next
                rest.removeFirst()
                // RFC 5646 §2.2.2: the grammar's second and third extlang positions are permanently invalid.
                if let another = rest.first, another.count == 3, another.allSatisfy(\.isLetter) {
                    throw failure("'\(another)': only one extended language subtag is allowed")
                }
            }
            if let next = rest.first, next.count == 4, next.allSatisfy(\.isLetter) {
                let code = next.prefix(1).uppercased() + next.dropFirst()
                guard SubtagTable.isScript(code) else { throw failure("unknown script '\(code)'") }
                script = code
                rest.removeFirst()
            }
            if let next = rest.first,
               (next.count == 2 && next.allSatisfy(\.isLetter)) || (next.count == 3 && next.allSatisfy(\.isNumber)) {
                let code = next.uppercased()
                guard SubtagTable.isRegion(code) else { throw failure("unknown region '\(code)'") }
                region = code
                rest.removeFirst()
            }
            while let next = rest.first, (5...8).contains(next.count) || (next.count == 4 && next.first?.isNumber == true) {
                guard !variants.contains(next) else { throw failure("duplicate variant '\(next)'") }
                variants.append(next)
                rest.removeFirst()
            }
            while let singleton = rest.first, singleton.count == 1, singleton != "x" {
                rest.removeFirst()
                let subtags = rest.prefix { $0.count >= 2 }
                guard !subtags.isEmpty else { throw failure("extension '\(singleton)' has no subtags") }
                guard !extensions.contains(where: { $0.hasPrefix(singleton + "-") }) else {
                    throw failure("duplicate extension '\(singleton)'")
                }
                extensions.append(([singleton] + subtags).joined(separator: "-"))
                rest.removeFirst(subtags.count)
            }
        }
        if rest.first == "x" {
            guard rest.count > 1 else { throw failure("'x' has no private-use subtags after it") }
            privateUse = rest.joined(separator: "-")
            rest.removeAll()
        }
        if let unexpected = rest.first {
            throw failure("'\(unexpected)' is not a valid script, region, variant or extension subtag at that position")
        }
    }

    /// The ISO 639-2/T code for mdhd: 2-letter ISO 639-1 codes mapped to 639-2/T ("pt"→"por",
    /// "de"→"deu", "zh"→"zho"), 639-2/B codes mapped to /T ("ger"→"deu", "fre"→"fra"), other 639-2
    /// codes kept; "und" when the primary subtag is "und", private-use ("qaa".."qtz" kept as is), or unknown.
    ///
    /// An ISO 639-3 language with no ISO 639-2 code gets its macrolanguage's code (`yue` → `zho`,
    /// `arz` → `ara`): QuickTime asks for the closest ISO 639-2/T code, and `mdhd` can hold no other,
    /// so a player that reads only `mdhd` shows Chinese rather than an undetermined language.
    public var iso639Code: String {
        ISO639Table.terminologyCode(for: language) ?? ISO639Table.macrolanguage(of: language) ?? "und"
    }

    /// True when `description` says more than `iso639Code` does — any script/region/variant/
    /// extension/private-use subtag, or a primary language with no ISO 639-2 code — so an `elng`
    /// box is needed. False for "en", "eng", "pt", "und".
    public var needsExtendedTag: Bool {
        extendedLanguage != nil || script != nil || region != nil || !variants.isEmpty || !extensions.isEmpty
            || privateUse != nil || ISO639Table.terminologyCode(for: language) == nil
    }

    /// The same tag with its primary language in the shortest form: RFC 5646 §2.2.1 makes a
    /// language's ISO 639-1 code, where it has one, its only valid primary subtag, so `eng-US`
    /// becomes `en-US` and the bibliographic `ger` becomes `de`. Codes with no two-letter twin
    /// (`fil`, `yue`) stay as they are.
    public var shortestForm: LanguageTag {
        var tag = self
        if let alpha2 = ISO639Table.language(language)?.alpha2 { tag.language = alpha2 }
        return tag
    }

    /// The normalized tag text ("pt-BR", "zh-Hant", "sr-Latn-RS").
    public var description: String {
        let parts: [String?] = [language.isEmpty ? nil : language, extendedLanguage, script, region]
            + variants + extensions + [privateUse]
        return parts.compactMap { $0 }.joined(separator: "-")
    }
}
