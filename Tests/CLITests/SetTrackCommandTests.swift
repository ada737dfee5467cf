import Foundation
import LegibleTestSupport
import Testing

/// `legible set-track` as a user meets it: usage errors, what it prints, and each change as
/// `legible info --json` reads it back.
@Suite struct SetTrackCommandTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov")

    /// `info --json`'s entry for a track.
    static func track(_ id: Int, of path: String) throws -> [String: Any] {
        let info = try LegibleCommand.run(["info", "--json", path])
        try #require(info.status == 0, "\(info.stderr)")
        let tracks = try #require(info.jsonObject?["tracks"] as? [[String: Any]])
        return try #require(tracks.first { $0["id"] as? Int == id }, "no track \(id)")
    }

    /// Runs set-track on demo.mov into `folder` and returns the output's path.
    static func setTrack(_ arguments: [String], in folder: TemporaryFolder, as name: String = "out.mov",
                         from source: String = demo.path, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let output = folder.path(name)
        let result = try LegibleCommand.run(["set-track", source] + arguments + ["-o", output])
        try #require(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout == "changed track \(arguments[1]) in \(output)\n", sourceLocation: sourceLocation)
        return output
    }

    static let usageErrors: [(arguments: [String], says: String)] = [
        (["--track", "4", "-o", "OUT"], "nothing to change"),
        (["--track", "4", "--name", "X"], "-o FILE, or --in-place"),
        (["--track", "4", "--language", "en-", "-o", "OUT"], "--language"),
        (["--track", "4", "--language", "xx", "-o", "OUT"], "--language"),
        (["--track", "4", "--add-reference", "folw:x", "-o", "OUT"], "--add-reference"),
        (["--track", "4", "--group", "-1", "-o", "OUT"], "--group"),
        (["--track", "4", "--enable", "--disable", "-o", "OUT"], "--disable"),
        (["--track", "9", "--name", "X", "-o", "OUT"], "no track 9"),
        (["--track", "2", "--add-reference", "folw:9", "-o", "OUT"], "no track 9"),
    ]

    @Test(arguments: usageErrors)
    func usageErrorExitsWith2AndOneErrorLine(arguments: [String], says: String) throws {
        let folder = try TemporaryFolder("cli-set-usage")
        defer { folder.remove() }
        let output = folder.path("out.mov")
        let result = try LegibleCommand.run(["set-track", Self.demo.path] + arguments.map { $0 == "OUT" ? output : $0 })
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.errorLines.first?.contains(says) == true, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try folder.contents().isEmpty)
    }

    @Test func regionalLanguageThenPlainLanguage() throws {
        let folder = try TemporaryFolder("cli-set")
        defer { folder.remove() }
        let brazilian = try Self.setTrack(["--track", "4", "--language", "pt-BR"], in: folder, as: "pt.mov")
        let regional = try Self.track(4, of: brazilian)
        #expect(regional["language"] as? String == "por")
        #expect(regional["extendedLanguage"] as? String == "pt-BR")
        let english = try Self.setTrack(["--track", "4", "--language", "en"], in: folder, as: "en.mov", from: brazilian)
        let plain = try Self.track(4, of: english)
        #expect(plain["language"] as? String == "eng")
        #expect(plain["extendedLanguage"] is NSNull)
    }

    @Test func nameGroupAndSDH() throws {
        let folder = try TemporaryFolder("cli-set")
        defer { folder.remove() }
        let output = try Self.setTrack(["--track", "4", "--name", "Español", "--group", "5", "--sdh"], in: folder)
        let track = try Self.track(4, of: output)
        #expect(track["name"] as? String == "Español")
        #expect(track["alternateGroup"] as? Int == 5)
        #expect(track["characteristics"] as? [String] == ["public.accessibility.transcribes-spoken-dialog",
                                                          "public.accessibility.describes-music-and-sound"])
        let unnamed = try Self.setTrack(["--track", "4", "--name", "", "--remove-characteristic",
                                         "public.accessibility.describes-music-and-sound"], in: folder, as: "unnamed.mov", from: output)
        let stripped = try Self.track(4, of: unnamed)
        #expect(stripped["name"] is NSNull)
        #expect(stripped["characteristics"] as? [String] == ["public.accessibility.transcribes-spoken-dialog"])
    }

    @Test func referencesAreAddedAndRemoved() throws {
        let folder = try TemporaryFolder("cli-set")
        defer { folder.remove() }
        let linked = try Self.setTrack(["--track", "2", "--add-reference", "folw:4"], in: folder, as: "linked.mov")
        #expect(try Self.track(2, of: linked)["references"] as? [String: [Int]] == ["folw": [4]])
        let unlinked = try Self.setTrack(["--track", "2", "--remove-reference", "folw"], in: folder, as: "unlinked.mov", from: linked)
        #expect((try Self.track(2, of: unlinked)["references"] as? [String: Any])?.isEmpty == true)
    }

    /// `--default` enables the track and disables the rest of its group; MediaInfo, an
    /// independent reader, sees the new default.
    @Test(.enabled(if: ExternalTool.shouldRun("mediainfo")))
    func defaultMovesTheGroupsEnabledTrack() throws {
        let folder = try TemporaryFolder("cli-set")
        defer { folder.remove() }
        let output = try Self.setTrack(["--track", "3", "--default"], in: folder)
        let result = try ExternalTool.run("mediainfo", ["--Output=JSON", output])
        let root = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let tracks = (root["media"] as? [String: Any])?["track"] as? [[String: Any]] ?? []
        let defaults = Dictionary(uniqueKeysWithValues: tracks.compactMap { track in
            (track["ID"] as? String).map { ($0, track["Default"] as? String ?? "-") }
        })
        #expect(defaults["2"] == "No")
        #expect(defaults["3"] == "Yes")
        #expect(defaults["4"] == "Yes", "another group")
    }

    @Test func jsonReportAndInPlace() throws {
        let folder = try TemporaryFolder("cli-set")
        defer { folder.remove() }
        let source = try folder.copy(Self.demo, as: "demo.mov")
        let result = try LegibleCommand.run(["set-track", source, "--track", "4", "--disable", "--in-place", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.jsonObject, "\(result.stdout)")
        #expect(report["output"] as? String == source)
        #expect(report["addedTracks"] as? [Int] == [])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: source)[.size] as? Int)
        #expect(report["fileSize"] as? Int == size)
        #expect(try Self.track(4, of: source)["enabled"] as? Bool == false)
        #expect(try folder.contents() == ["demo.mov"])
    }
}
