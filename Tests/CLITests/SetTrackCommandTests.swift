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
        (["--track", "4", "--handler", "subtitle", "-o", "OUT"], "--handler"),
        (["--track", "4", "--handler", "vide", "-o", "OUT"], "track 4's handler is 'sbtl', and 'vide' was asked for"),
        (["--track", "2", "--fit-to-video", "-o", "OUT"], "track 2's samples are 'mp4a', not tx3g"),
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

    // MARK: Repairs

    static let clean = TestPaths.testMedia.appendingPathComponent("rules/clean.mov")

    /// A copy of `source` with the one occurrence of `old` replaced by `new` (same length).
    static func patched(_ source: URL, replacing old: String, with new: String, in folder: TemporaryFolder,
                        as name: String) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: source))
        let needle = Array(old.utf8)
        let starts = bytes.indices.dropLast(needle.count - 1).filter { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
        let start = try #require(starts.count == 1 ? starts.first : nil, "\(starts.count) copies of \(old)")
        bytes.replaceSubrange(start..<(start + needle.count), with: Array(new.utf8))
        let path = folder.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// clean.mov's subtitle track with its `hdlr` (component type `mhlr`, subtype at offset 16,
    /// QTFF "Handler reference atom") saying `text` is a subtitle track again.
    @Test func handlerMakesATextTrackOfTx3gASubtitleTrack() throws {
        let folder = try TemporaryFolder("cli-set")
        defer { folder.remove() }
        let text = try Self.patched(Self.clean, replacing: "mhlrsbtl", with: "mhlrtext", in: folder, as: "text.mov")
        #expect(try Self.track(5, of: text)["handler"] as? String == "text")
        let output = try Self.setTrack(["--track", "5", "--handler", "sbtl"], in: folder, from: text)
        let track = try Self.track(5, of: output)
        #expect(track["handler"] as? String == "sbtl")
        #expect(track["mediaType"] as? String == "subtitle")
    }

    /// QuickTime text samples cannot be relabelled: they must be converted.
    @Test func handlerRefusesQuickTimeTextSamples() throws {
        let folder = try TemporaryFolder("cli-set")
        defer { folder.remove() }
        let chapters = TestPaths.testMedia.appendingPathComponent("chapters.mov").path
        let result = try LegibleCommand.run(["set-track", chapters, "--track", "3", "--handler", "sbtl", "-o", folder.path("out.mov")])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(result.errorLines.first?.contains("track 3's samples are QuickTime text ('text'), not tx3g: re-create it with 'legible extract' and 'legible add-subtitles'") == true,
                "\(result.stderr)")
        #expect(try folder.contents().isEmpty)
    }

    /// demo.mov's subtitle track, as FFmpeg writes it (tkhd 0 × 0, an empty default text box),
    /// gets the size and place QTFF "Subtitle track header size and placement" gives it: the
    /// video's width, 0.15 × its height, translated down by 0.85 × its height. The video size
    /// is ffprobe's; MP4Box reads the result.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe") && ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func fitToVideoPlacesTheSubtitleTrackAlongTheBottom() throws {
        let folder = try TemporaryFolder("cli-set")
        defer { folder.remove() }
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                                                     "-of", "csv=p=0", Self.demo.path])
        let size = probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        try #require(size.count == 2, "\(probe.stdout)\(probe.stderr)")
        let (width, height) = (size[0], size[1])
        let output = try Self.setTrack(["--track", "4", "--fit-to-video"], in: folder)
        let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", "4", output])
        let expected = "Size \(width) x \(height * 15 / 100) - Translation X=0 Y=\(height * 85 / 100)"
        #expect((info.stdout + info.stderr).contains(expected), "\(info.stdout)\(info.stderr)")
    }

    /// A tag written as the characteristic and a NUL (patched from one added with a trailing
    /// `~`) is replaced by the exact one when it is both removed and added.
    @Test func removeAndAddCharacteristicDropsATrailingNUL() throws {
        let folder = try TemporaryFolder("cli-set")
        defer { folder.remove() }
        let tilde = try Self.setTrack(["--track", "4", "--characteristic", "public.easy-to-read~"], in: folder, as: "tilde.mov")
        let padded = try Self.patched(URL(fileURLWithPath: tilde), replacing: "public.easy-to-read~", with: "public.easy-to-read\0",
                                      in: folder, as: "padded.mov")
        #expect(try Self.track(4, of: padded)["characteristics"] as? [String] != ["public.easy-to-read"])
        let fixed = try Self.setTrack(["--track", "4", "--remove-characteristic", "public.easy-to-read",
                                       "--characteristic", "public.easy-to-read"], in: folder, as: "fixed.mov", from: padded)
        #expect(try Self.track(4, of: fixed)["characteristics"] as? [String] == ["public.easy-to-read"])
    }
}
