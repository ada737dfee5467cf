import Foundation
import LegibleTestSupport
import Testing
@testable import Language

/// The generated language tables against the data they are made from, read here at run time:
/// Debian iso-codes' JSON (ISO 639-2, ISO 639-3, ISO 3166-1, ISO 15924) and CLDR's XML (English
/// names in en.xml, each locale's name for itself and its contextTransforms). The expected English
/// name follows the rule in Scripts/make-language-tables: CLDR en.xml's name, else iso-codes'
/// `common_name` or `name` up to the first ";". Missing data skips, or fails under
/// LEGIBLE_REQUIRE_INTEROP=1 (Scripts/bootstrap installs iso-codes and unicode-cldr-core).
@Suite struct LanguageTablesTests {
    static let isoCodes = URL(fileURLWithPath: "/usr/share/iso-codes/json")
    static let cldr = URL(fileURLWithPath: "/usr/share/unicode/cldr/common")

    struct MissingData: Error, CustomStringConvertible {
        var description: String
    }

    /// A data file's text; when it is missing the test is cancelled, or fails under LEGIBLE_REQUIRE_INTEROP=1.
    static func text(_ url: URL) throws -> String {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            let problem = "\(url.path) is missing (Scripts/bootstrap installs iso-codes and unicode-cldr-core)"
            if ExternalTool.interopRequired { throw MissingData(description: "LEGIBLE_REQUIRE_INTEROP=1: \(problem)") }
            try Test.cancel("skipped: \(problem) (LEGIBLE_REQUIRE_INTEROP=1 makes this a failure)")
        }
        return text
    }

    /// The entries of an iso-codes JSON file (`iso_639-2.json` holds `{"639-2": [...]}`).
    static func isoEntries(_ standard: String) throws -> [[String: String]] {
        let data = Data(try text(isoCodes.appendingPathComponent("iso_\(standard).json")).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object[standard] as? [[String: String]])
    }

    /// iso-codes' name by the documented rule: `common_name` if present, else `name`, up to the first ";".
    static func isoName(_ entry: [String: String]) -> String? {
        (entry["common_name"] ?? entry["name"])?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A CLDR main/ file's `<element type="…">text</element>` names, without alt forms and
    /// without unconfirmed or provisional drafts.
    static func cldrNames(_ element: String, locale: String) throws -> [String: String] {
        let xml = try text(cldr.appendingPathComponent("main/\(locale).xml"))
        let pattern = try Regex("<\(element) type=\"([^\"]+)\"((?: [a-z]+=\"[^\"]*\")*)>([^<]*)</\(element)>")
        var names: [String: String] = [:]
        for match in xml.matches(of: pattern) {
            guard let type = match.output[1].substring, let attributes = match.output[2].substring,
                  let name = match.output[3].substring else { continue }
            if ["alt=", "\"unconfirmed\"", "\"provisional\""].contains(where: attributes.contains) { continue }
            names[String(type)] = name.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        }
        return names
    }

    /// Whether a CLDR locale file says language names in a menu start with a capital
    /// (`contextTransformUsage type="languages"`, `uiListOrMenu` → `titlecase-firstword`).
    static func titlecasesMenuLanguages(_ locale: String) throws -> Bool {
        let xml = try text(cldr.appendingPathComponent("main/\(locale).xml"))
        guard let usage = xml.firstMatch(of: /<contextTransformUsage type="languages">(?s:(.*?))<\/contextTransformUsage>/) else {
            return false
        }
        return usage.output.1.contains(#"<contextTransform type="uiListOrMenu">titlecase-firstword</contextTransform>"#)
    }

    @Test func everyISO639_2CodeHasItsEnglishName() throws {
        let english = try Self.cldrNames("language", locale: "en")
        let entries = try Self.isoEntries("639-2").filter { $0["alpha_3"]?.count == 3 }
        #expect(entries.count > 480)
        for entry in entries {
            let terminology = try #require(entry["alpha_3"])
            let expected = terminology == "und" ? nil : english[entry["alpha_2"] ?? terminology] ?? Self.isoName(entry)
            for code in [terminology, entry["bibliographic"], entry["alpha_2"]].compactMap({ $0 }) {
                #expect(LanguageName.englishName(for: code) == expected, "\(code)")
            }
        }
    }

    @Test func everyISO639_1AndBibliographicCodeMapsToTheTerminologyCode() throws {
        for entry in try Self.isoEntries("639-2") {
            let terminology = try #require(entry["alpha_3"])
            for code in [entry["alpha_2"], entry["bibliographic"]].compactMap({ $0 }) {
                let tag = try LanguageTag(parsing: code)
                #expect(tag.iso639Code == terminology, "\(code)")
                #expect(!tag.needsExtendedTag, "\(code)")
                #expect(LanguageName.terminologyCode(for: code) == terminology)
            }
            if let bibliographic = entry["bibliographic"] {
                #expect(LanguageName.bibliographicCode(for: terminology) == bibliographic)
            }
        }
    }

    /// BCP 47 primary subtags may be any ISO 639-3 code (RFC 5646 §2.2.1), and each gets a name.
    @Test func everyISO639_3CodeIsALanguageWithItsEnglishName() throws {
        let english = try Self.cldrNames("language", locale: "en")
        let iso639_2 = Dictionary(try Self.isoEntries("639-2").compactMap { entry in entry["alpha_3"].map { ($0, entry) } },
                                  uniquingKeysWith: { first, _ in first })
        let entries = try Self.isoEntries("639-3")
        #expect(entries.count > 7800)
        for entry in entries {
            let code = try #require(entry["alpha_3"])
            #expect(throws: Never.self) { try LanguageTag(parsing: code) }
            let named = iso639_2[code] ?? entry
            let expected = code == "und" ? nil : english[named["alpha_2"] ?? code] ?? Self.isoName(named)
            #expect(LanguageName.englishName(for: code) == expected, "\(code)")
        }
    }

    @Test func everyISO3166RegionIsValidWithItsEnglishName() throws {
        let english = try Self.cldrNames("territory", locale: "en")
        for entry in try Self.isoEntries("3166-1") {
            let code = try #require(entry["alpha_2"])
            #expect(try LanguageTag(parsing: "en-\(code)").region == code)
            let name = try #require(english[code] ?? Self.isoName(entry))
            #expect(LanguageName.englishName(for: "en-\(code)") == "English (\(name))")
        }
    }

    /// The UN M.49 areas BCP 47 allows as regions are CLDR's containment groups (RFC 5646 §2.2.4).
    @Test func unM49AreasAreValidWithTheirEnglishNames() throws {
        let english = try Self.cldrNames("territory", locale: "en")
        let supplemental = try Self.text(Self.cldr.appendingPathComponent("supplemental/supplementalData.xml"))
        let areas = Set(supplemental.matches(of: /<group type="([0-9]{3})"/).map { String($0.output.1) })
        #expect(areas.isSuperset(of: ["001", "150", "419"]))
        for area in areas {
            #expect(try LanguageTag(parsing: "es-\(area)").region == area)
            #expect(LanguageName.englishName(for: "es-\(area)") == "Spanish (\(try #require(english[area])))")
        }
    }

    @Test func everyISO15924ScriptIsValidWithItsEnglishName() throws {
        let english = try Self.cldrNames("script", locale: "en")
        for entry in try Self.isoEntries("15924") {
            let code = try #require(entry["alpha_4"])
            #expect(try LanguageTag(parsing: "und-\(code)").script == code)
            if entry["name"]?.hasPrefix("Reserved for private use") == true { continue }
            let name = try #require(english[code] ?? Self.isoName(entry))
            #expect(LanguageName.englishName(for: "en-\(code)") == "English (\(name))")
        }
    }

    /// Each language's name in its own CLDR locale, capitalized when that locale's contextTransforms
    /// say so for a menu (es.xml and fr.xml do; de.xml has no rule, and "Deutsch" is capitalized anyway).
    @Test(arguments: ["es", "de", "ja", "fr", "it", "ru", "zh", "ar", "hi"])
    func nativeNameFollowsCLDR(locale: String) throws {
        let name = try #require(try Self.cldrNames("language", locale: locale)[locale])
        let expected = try Self.titlecasesMenuLanguages(locale) ? name.prefix(1).uppercased() + name.dropFirst() : name
        #expect(LanguageName.nativeName(for: locale) == expected)
    }

    /// Values from CLDR 41: es.xml `español` and fr.xml `français` with titlecase-firstword for
    /// uiListOrMenu; de.xml `Deutsch`; ja.xml `日本語`; es_419.xml `español latinoamericano`;
    /// zh_Hant.xml `繁體中文` (no zh_Hant_TW name, so the script form); pt_PT.xml `português europeu`
    /// with `no-change`; pt.xml has no pt_BR name, so the language's; de.xml `Schweizer Hochdeutsch` for de_CH;
    /// no.xml `norsk bokmål` for nb, whose parent locale is `no` (supplementalData.xml parentLocales).
    @Test(arguments: [
        ("es", "Español"), ("spa", "Español"), ("de", "Deutsch"), ("ger", "Deutsch"), ("ja", "日本語"),
        ("fr", "Français"), ("es-419", "Español latinoamericano"), ("zh-Hant-TW", "繁體中文"),
        ("pt-PT", "português europeu"), ("pt-BR", "Português"), ("de-CH-1996", "Schweizer Hochdeutsch"),
        ("nb", "norsk bokmål"),
        ("und", nil), ("xx", nil), ("qaa", nil),
    ] as [(String, String?)])
    func nativeNames(tag: String, name: String?) {
        #expect(LanguageName.nativeName(for: tag) == name)
    }

    /// RFC 5646 §2.2: well-formed tags whose subtags are all registered (ISO 639-1/-3 languages,
    /// ISO 15924 scripts, ISO 3166-1 or UN M.49 regions), and private-use script/region codes.
    @Test(arguments: ["sr-Latn-RS", "es-419", "zh-Hant-TW", "de-CH-1996", "yue", "cmn-Hans", "en-001",
                      "qaa-Qabx-XZ", "en-QQ", "en-AA", "und-ZZ", "zh-yue-HK", "abc"])
    func acceptsRegisteredSubtags(tag: String) {
        #expect(throws: Never.self) { try LanguageTag(parsing: tag) }
    }

    /// `UK` is not ISO 3166-1 (the United Kingdom is `GB`); RFC 5646 §2.2.4 takes UN M.49 codes only
    /// for areas, so the United States' `840` is refused for `US`; `Latx` and `xyz` are in no list.
    @Test(arguments: [
        ("en-Latx", "unknown script 'Latx'"), ("en-UK", "unknown region 'UK'"), ("es-840", "unknown region '840'"),
        ("xx", "unknown language 'xx'"), ("zh-xyz", "unknown extended language 'xyz'"),
    ])
    func rejectsUnregisteredSubtags(input: String, reason: String) {
        #expect(throws: LanguageTagError(input, reason)) { try LanguageTag(parsing: input) }
    }

    /// The committed LanguageTables.swift is what the script makes from the installed data.
    @Test(.timeLimit(.minutes(2))) func generatedTablesAreUpToDate() throws {
        _ = try Self.text(Self.isoCodes.appendingPathComponent("iso_639-2.json"))
        let script = TestPaths.packageRoot.appendingPathComponent("Scripts/make-language-tables").path
        let result = try ExternalTool.run("python3", [script, "--check"])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
