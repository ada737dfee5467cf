import Foundation
import Testing
import LegibleTestSupport

/// Drives the built `legible` binary as a user would.
@Suite struct CLITests {
    static let binary = TestPaths.legibleExecutable.path
    static func media(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent(name).path }

    func legible(_ arguments: String...) throws -> ExternalTool.Output {
        try ExternalTool.run(Self.binary, arguments)
    }

    func json(_ output: ExternalTool.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
    }

    @Test func infoJSONHonoursTheDocumentedContract() throws {
        let output = try legible("info", "--json", Self.media("demo.mov"))
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        let report = try json(output)
        let tracks = try #require(report["tracks"] as? [[String: Any]])
        #expect(tracks.count == 4)
        let keys = ["id", "mediaType", "handler", "codec", "language", "extendedLanguage", "alternateGroup", "enabled",
                    "name", "characteristics", "kinds", "references", "sampleCount", "duration"]
        for track in tracks {
            for key in keys { #expect(track.keys.contains(key), "track is missing \(key)") }
        }
        #expect(tracks.map { $0["language"] as? String } == ["und", "eng", "spa", "spa"])
        #expect(tracks.map { $0["codec"] as? String } == ["avc1", "mp4a", "mp4a", "tx3g"])
        #expect(tracks[3]["handler"] as? String == "sbtl")
        #expect(tracks[3]["extendedLanguage"] is NSNull)
        let groups = try #require(report["selectionGroups"] as? [[String: Any]])
        let legible = try #require(groups.first { $0["characteristic"] as? String == "legible" })
        let options = try #require(legible["options"] as? [[String: Any]])
        for key in ["trackID", "displayName", "language", "characteristics", "forcedOnly"] {
            #expect(options.first?.keys.contains(key) == true, "option is missing \(key)")
        }
        #expect(options.first?["displayName"] as? String == "Spanish")
    }

    @Test func badFileDoesNotStopTheOthers() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("legible-bad-\(UUID().uuidString).mp4")
        // subtitles-multi.mp4 has moov first: cut inside it.
        let good = try Data(contentsOf: URL(fileURLWithPath: Self.media("subtitles-multi.mp4")))
        try good.prefix(400).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let output = try legible("info", "--json", bad.path, Self.media("demo.mp4"))
        #expect(output.status == 2)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("error: \(bad.path): moov @ 0x") == true, "\(output.stderr)")
        let results = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[0]["error"] is String)
        #expect((results[1]["tracks"] as? [Any])?.count == 4)
    }

    @Test func missingFileIsAnErrorWithStatus2() throws {
        let output = try legible("info", "/nonexistent/movie.mov")
        #expect(output.status == 2)
        #expect(output.stderr.contains("cannot open"))
    }

    @Test func usageErrorsExitWith2() throws {
        let output = try legible("info")
        #expect(output.status == 2)
        #expect(output.stderr.contains("Usage"))
        #expect(try legible("boxes", "--depth", "0", Self.media("demo.mov")).status == 2)
    }

    @Test func helpTeachesWithExamples() throws {
        for command in ["info", "boxes"] {
            let output = try legible(command, "--help")
            #expect(output.status == 0)
            #expect(output.stdout.contains("Examples:"), "\(command) --help has examples")
        }
    }

    @Test func boxesShowsTreeFieldsAndDepth() throws {
        let full = try legible("boxes", Self.media("demo.mp4"))
        #expect(full.status == 0)
        #expect(full.stdout.contains("[tkhd]"))
        #expect(full.stdout.contains("alternateGroup: 1"))
        let shallow = try legible("boxes", "--depth", "1", Self.media("demo.mp4"))
        #expect(!shallow.stdout.contains("[trak]"))
        #expect(shallow.stdout.contains("children not shown"))
        let tree = try json(try legible("boxes", "--json", "--depth", "2", Self.media("demo.mp4")))
        let types = (tree["boxes"] as? [[String: Any]])?.compactMap { $0["type"] as? String }
        #expect(types?.contains("moov") == true)
    }

    @Test func boxesReportsDamageAfterAPartialDump() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("legible-damaged-\(UUID().uuidString).mp4")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.media("demo.mp4"))))
        bytes[0x20...0x23] = [0, 0, 0, 3]   // the free box after ftyp claims size 3
        try Data(bytes).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let output = try legible("boxes", bad.path)
        #expect(output.status == 2)
        #expect(output.stdout.contains("[ftyp]"))
        #expect(output.stderr.contains("free @ 0x20: box 'free' declares size 3"), "\(output.stderr)")
    }

    /// Golden dumps; regenerate with LEGIBLE_UPDATE_GOLDEN=1 after an intended change. An update
    /// run rewrites the file and fails, so it can never count as a pass: review the diff (the facts
    /// in the files are checked against ffprobe, MediaInfo and ExifTool by GoldenFactsTests), then
    /// rerun without the variable.
    @Test(arguments: [("info", "demo.mov"), ("info", "subtitles-multi.mp4"), ("info --json", "audio-languages.mov"),
                      ("boxes", "chapters.mov")])
    func goldenOutput(command: String, file: String) throws {
        let arguments = command.split(separator: " ").map(String.init) + [file]
        let output = try ExternalTool.run(Self.binary, arguments, in: TestPaths.testMedia)
        try #require(output.status == 0, "legible \(command) \(file): \(output.stderr)")
        #expect(output.stderr.isEmpty)
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden/\(command.replacingOccurrences(of: " ", with: ""))-\(file).txt")
        if ProcessInfo.processInfo.environment["LEGIBLE_UPDATE_GOLDEN"] == "1" {
            try output.stdout.write(to: golden, atomically: true, encoding: .utf8)
            let file = golden.lastPathComponent
            Issue.record("golden file rewritten: Golden/\(file); review the diff, then rerun without LEGIBLE_UPDATE_GOLDEN")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(output.stdout == expected, "legible \(command) \(file) differs from \(golden.lastPathComponent)")
    }
}
