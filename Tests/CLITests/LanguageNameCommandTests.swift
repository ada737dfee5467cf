import Foundation
import LegibleTestSupport
import Testing

/// Language names and BCP 47 validation as a user meets them in `info` and `set-track`. Expected
/// names are CLDR 41 en.xml's (`<language type="es">Spanish</language>`, `<territory type="419">Latin
/// America</territory>`); the languages are the ones TestMedia/README.md lists for each file.
@Suite struct LanguageNameCommandTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path

    /// The display names `info --json` gives the options of one selection group.
    static func optionNames(_ characteristic: String, in path: String) throws -> [String] {
        let info = try LegibleCommand.run(["info", "--json", path])
        try #require(info.status == 0, "\(info.stderr)")
        let groups = try #require(info.jsonObject?["selectionGroups"] as? [[String: Any]])
        let group = try #require(groups.first { $0["characteristic"] as? String == characteristic })
        let options = try #require(group["options"] as? [[String: Any]])
        return options.compactMap { $0["displayName"] as? String }
    }

    /// demo.mov: English and Spanish audio, a Spanish subtitle; audio-languages.mov: eng, ger, fra,
    /// jpn, and two tracks whose mdhd says und (Zulu has no Macintosh language code), which have no
    /// name, so AVFoundation's "Unknown language".
    @Test func infoNamesLanguagesInEnglish() throws {
        let text = try LegibleCommand.run(["info", Self.demo])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Spanish                  track 4, spa"), "\(text.stdout)")
        #expect(try Self.optionNames("audible", in: Self.demo) == ["English", "Spanish"])
        let languages = TestPaths.testMedia.appendingPathComponent("audio-languages.mov").path
        #expect(try Self.optionNames("audible", in: languages).sorted()
                == ["English", "French", "German", "Japanese", "Unknown language", "Unknown language"])
    }

    @Test func regionalTagIsNamedWithItsRegion() throws {
        let folder = try TemporaryFolder("cli-language-name")
        defer { folder.remove() }
        let output = folder.path("es-419.mov")
        let result = try LegibleCommand.run(["set-track", Self.demo, "--track", "4", "--language", "es-419", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try Self.optionNames("legible", in: output) == ["Spanish (Latin America)"])
    }

    /// `Latx` is no ISO 15924 script and `UK` no ISO 3166-1 region (the United Kingdom is `GB`).
    @Test(arguments: [("en-Latx", "unknown script 'Latx'"), ("en-UK", "unknown region 'UK'")])
    func unknownSubtagIsAUsageError(tag: String, says: String) throws {
        let folder = try TemporaryFolder("cli-language-error")
        defer { folder.remove() }
        let result = try LegibleCommand.run(["set-track", Self.demo, "--track", "4", "--language", tag, "-o", folder.path("out.mov")])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(result.errorLines.first?.contains(says) == true, "\(result.stderr)")
        #expect(try folder.contents().isEmpty)
    }
}
