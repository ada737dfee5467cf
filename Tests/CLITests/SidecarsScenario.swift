import Foundation
import LegibleTestSupport
import Testing

/// `add-subtitles --sidecars` on the fixtures of Scripts/make-sidecars: TestMedia/demo.mov copied
/// as "Night Walk (2024).mov" beside the ten files of TestMedia/sidecars/catalogue (or the two of
/// clash/) in a temporary folder.
struct SidecarsScenario {
    static let movieName = "Night Walk (2024)"
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov")

    /// What each readable file of catalogue/ makes, as the script's header documents it (the
    /// names are Apple's menu labels from ISO 639's English names), in the order the tracks are
    /// added: full subtitle tracks by file name, forced-only ones, captions.
    static let expected: [(file: String, name: String, language: String, sdh: Bool, forced: Bool)] = [
        ("Deutsch.hi.srt", "German SDH", "de", true, false),
        ("en.sdh.srt", "English SDH", "en", true, false),
        ("en.srt", "English", "en", false, false),
        ("es-419.default.vtt", "Spanish (Latin America)", "es-419", false, false),
        ("pt-BR.ttml", "Portuguese (Brazil)", "pt-BR", false, false),
        ("Español latinoamericano.foreign.vtt", "Spanish (Latin America) Forced", "es-419", false, true),
        ("en.forced.srt", "English Forced", "en", false, true),
        ("ger.FORCED.srt", "German Forced", "de", false, true),
        ("French.scc", "French CC", "fr", true, false),
    ]

    /// The ISO 639-2/T code of each expected language, as `mdhd` holds it (Library of Congress list).
    static let iso639_2 = ["de": "deu", "en": "eng", "es-419": "spa", "pt-BR": "por", "fr": "fra"]

    let folder: TemporaryFolder
    let movie: String

    init(_ fixture: String = "catalogue", label: String) throws {
        folder = try TemporaryFolder(label)
        let source = TestPaths.testMedia.appendingPathComponent("sidecars/\(fixture)")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            _ = try folder.copy(source.appendingPathComponent(name), as: name)
        }
        movie = try folder.copy(Self.demo, as: "\(Self.movieName).mov")
    }

    func path(_ suffix: String) -> String { folder.path("\(Self.movieName).\(suffix)") }

    /// Runs `add-subtitles MOVIE --sidecars` with `arguments`.
    func addSidecars(_ arguments: [String]) throws -> ExternalTool.Output {
        try LegibleCommand.run(["add-subtitles", movie, "--sidecars"] + arguments)
    }

    /// Writes out.mov and returns its path.
    func written() throws -> String {
        let output = folder.path("out.mov")
        let result = try addSidecars(["-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        return output
    }

    /// The tracks `mediainfo --Output=JSON` lists (an independent reader of names, languages and
    /// the forced and default flags).
    static func mediaInfoTracks(_ path: String) throws -> [[String: Any]] {
        let output = try ExternalTool.run("mediainfo", ["--Output=JSON", path])
        try #require(output.status == 0, "\(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        return try #require((json["media"] as? [String: Any])?["track"] as? [[String: Any]])
    }
}
