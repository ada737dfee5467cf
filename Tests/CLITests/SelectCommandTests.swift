import Foundation
import LegibleTestSupport
import Testing

/// `legible select` through the built binary: the README's demo scenario, the JSON contract,
/// text output and errors.
@Suite struct SelectCommandTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path
    static let sdhSubtitles = TestPaths.testMedia.appendingPathComponent("english-sdh.srt").path

    /// The README's first command: demo.mov plus an English SDH track that the English audio follows.
    static func demoWithSDH(in folder: TemporaryFolder) throws -> String {
        let output = folder.path("demo-sdh.mov")
        let result = try LegibleCommand.run(["add-subtitles", demo, sdhSubtitles, "--language", "en", "--sdh",
                                             "--follow-audio", "auto", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        return output
    }

    /// The tracks as `info --json` reads them, to find IDs by what the tracks are.
    static func tracks(of path: String) throws -> [[String: Any]] {
        let info = try LegibleCommand.run(["info", "--json", path])
        try #require(info.status == 0, "\(info.stderr)")
        return try #require(info.jsonObject?["tracks"] as? [[String: Any]])
    }

    static func trackID(in tracks: [[String: Any]], _ matches: ([String: Any]) -> Bool) throws -> Int {
        try #require(tracks.first(where: matches)?["id"] as? Int)
    }

    static func select(_ path: String, _ arguments: [String]) throws -> [[String: Any]] {
        let result = try LegibleCommand.run(["select", path, "--json"] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        return try #require(result.jsonObject?["groups"] as? [[String: Any]])
    }

    static func selected(_ characteristic: String, in groups: [[String: Any]]) -> [String: Any]? {
        groups.first { $0["characteristic"] as? String == characteristic }?["selected"] as? [String: Any]
    }

    /// The scenario. With "Closed Captions + SDH" and English preferred, MediaAccessibility
    /// asks for "the best available captioning track from CC, SDH, or subtitles": the English SDH
    /// track just added (the subtitle track tagged with both accessibility characteristics).
    @Test func demoWithSDHPicksTheEnglishSDHTrack() throws {
        let folder = try TemporaryFolder("cli-select-demo")
        defer { folder.remove() }
        let movie = try Self.demoWithSDH(in: folder)
        let tracks = try Self.tracks(of: movie)
        let englishAudio = try Self.trackID(in: tracks) { $0["mediaType"] as? String == "audio" && $0["language"] as? String == "eng" }
        let sdh = try Self.trackID(in: tracks) {
            ($0["characteristics"] as? [String])?.contains("public.accessibility.describes-music-and-sound") == true
        }
        let groups = try Self.select(movie, ["--languages", "en", "--prefer-sdh"])
        #expect(Self.selected("audible", in: groups)?["trackID"] as? Int == englishAudio)
        let legible = try #require(Self.selected("legible", in: groups))
        #expect(legible["trackID"] as? Int == sdh)
        #expect(legible["displayName"] as? String == "English SDH")
        let legibleGroup = try #require(groups.first { $0["characteristic"] as? String == "legible" })
        #expect(legibleGroup["subtitleDisplay"] as? String == "all")
    }

    /// Spanish preferred: the Spanish audio (AVPlayerMediaSelectionCriteria's preferred languages)
    /// and, since the audio is in the preferred language, subtitles off (MediaAccessibility
    /// automatic) — yet the Spanish subtitle, a regular track, is selected so its forced cues can
    /// show (QTFF: "any available appropriate subtitle track should be enabled so that any forced
    /// subtitles in the track can be displayed").
    @Test func demoWithSpanishPicksSpanishAudioAndTheSpanishSubtitleForForcedCues() throws {
        let folder = try TemporaryFolder("cli-select-demo")
        defer { folder.remove() }
        let movie = try Self.demoWithSDH(in: folder)
        let tracks = try Self.tracks(of: movie)
        let spanishAudio = try Self.trackID(in: tracks) { $0["mediaType"] as? String == "audio" && $0["language"] as? String == "spa" }
        let spanishSubtitle = try Self.trackID(in: tracks) { $0["mediaType"] as? String == "subtitle" && $0["language"] as? String == "spa" }
        let groups = try Self.select(movie, ["--languages", "es"])
        #expect(Self.selected("audible", in: groups)?["trackID"] as? Int == spanishAudio)
        #expect(Self.selected("legible", in: groups)?["trackID"] as? Int == spanishSubtitle)
        let legibleGroup = try #require(groups.first { $0["characteristic"] as? String == "legible" })
        #expect(legibleGroup["subtitleDisplay"] as? String == "forced-only")
        let text = try LegibleCommand.run(["select", movie, "--languages", "es"])
        #expect(text.stdout.contains("[forced cues only]"))
    }

    /// The contract: {"groups": [{"characteristic", "alternateGroup", "selected": {"trackID",
    /// "reason"} or null, "alsoEnabled": [..]}]}, one entry per selection group `info` lists.
    @Test func jsonHasTheDocumentedShape() throws {
        let path = TestPaths.testMedia.appendingPathComponent("rules/select-translation.mov").path
        let result = try LegibleCommand.run(["select", path, "--languages", "es", "--forced-only", "--json"])
        #expect(result.status == 0)
        let report = try #require(result.jsonObject)
        let groups = try #require(report["groups"] as? [[String: Any]])
        let info = try LegibleCommand.run(["info", "--json", path])
        let infoGroups = try #require(info.jsonObject?["selectionGroups"] as? [[String: Any]])
        #expect(groups.map { $0["characteristic"] as? String } == infoGroups.map { $0["characteristic"] as? String })
        #expect(groups.map { $0["alternateGroup"] as? Int } == infoGroups.map { $0["alternateGroup"] as? Int })
        for group in groups {
            for key in ["characteristic", "alternateGroup", "selected", "alsoEnabled"] {
                #expect(group.keys.contains(key), "group is missing \(key)")
            }
            #expect(group["alsoEnabled"] is [Any])
            if let selected = group["selected"] as? [String: Any] {
                #expect(selected["trackID"] is Int)
                #expect(selected["reason"] is String)
            } else {
                #expect(group["selected"] is NSNull)
                #expect(group["reason"] is String)
            }
        }
        // Forced only, no subtitle in the audio's language (English): nothing selected.
        let legible = try #require(groups.first { $0["characteristic"] as? String == "legible" })
        #expect(legible["selected"] is NSNull)
        let preferences = try #require(report["preferences"] as? [String: Any])
        #expect(preferences["languages"] as? [String] == ["es"])
        #expect(preferences["captionDisplay"] as? String == "forced-only")
    }

    /// Text: a header, then one line per selection group.
    @Test func textHasOneLinePerGroup() throws {
        let path = TestPaths.testMedia.appendingPathComponent("rules/select-forced.mov").path
        let result = try LegibleCommand.run(["select", path, "--languages", "es"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let groupLines = lines.filter { $0.hasPrefix("visual") || $0.hasPrefix("audible") || $0.hasPrefix("legible") }
        #expect(groupLines.count == 3)
        #expect(lines.contains("    also enabled: track 6"))
    }

    @Test(arguments: [
        (["--languages", "xx"], "'xx'"),
        (["--languages", "en,"], "--languages"),
        (["--languages", "en", "--forced-only", "--prefer-sdh"], "--forced-only"),
        ([], "--languages"),
    ])
    func badInputExitsWith2(arguments: [String], says: String) throws {
        let result = try LegibleCommand.run(["select", Self.demo] + arguments)
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(result.errorLines.first?.contains(says) == true, "\(result.stderr)")
    }

    @Test func missingMovieExitsWith2() throws {
        let result = try LegibleCommand.run(["select", "/nonexistent/movie.mov", "--languages", "en"])
        #expect(result.status == 2)
        #expect(result.errorLines.first?.contains("cannot open") == true, "\(result.stderr)")
    }

    @Test func helpTeachesWithExamples() throws {
        let result = try LegibleCommand.run(["select", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("--prefer-sdh"))
    }
}
