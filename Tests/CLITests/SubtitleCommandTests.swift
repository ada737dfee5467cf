import Foundation
import LegibleTestSupport
import Testing

/// `legible extract` and `legible convert`, driven through the built binary.
@Suite struct SubtitleCommandTests {
    static let binary = TestPaths.legibleExecutable.path
    static func media(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent(name).path }
    static func timedTextFixture(_ name: String) -> String {
        TestPaths.packageRoot.appendingPathComponent("Tests/TimedTextTests/Fixtures").appendingPathComponent(name).path
    }

    func legible(_ arguments: String...) throws -> ExternalTool.Output {
        try ExternalTool.run(Self.binary, arguments)
    }

    func temporaryPath(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("legible-sub-\(UUID().uuidString)-\(name)")
    }

    // MARK: extract

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")), arguments: [
        ("demo.mov", 4, 0), ("subtitles-multi.mp4", 3, 0), ("subtitles-multi.mp4", 4, 1), ("subtitles-multi.mp4", 5, 2),
    ])
    func extractAgreesWithFFmpeg(file: String, track: Int, subtitleStream: Int) throws {
        let ours = try legible("extract", Self.media(file), "--track", String(track), "--format", "srt")
        #expect(ours.status == 0, "\(ours.stderr)")
        let theirs = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", Self.media(file),
                                                     "-map", "0:s:\(subtitleStream)", "-f", "srt", "-"])
        #expect(theirs.status == 0, "\(theirs.stderr)")
        let got = SubtitleCueReader.cues(ours.stdout), want = SubtitleCueReader.cues(theirs.stdout)
        #expect(!got.isEmpty)
        #expect(got.count == want.count)
        for (cue, wanted) in zip(got, want) {
            #expect(cue.text == wanted.text)
            #expect(abs(cue.start - wanted.start) <= 1 && abs(cue.end - wanted.end) <= 1, "\(cue) vs \(wanted)")
        }
    }

    @Test func extractWritesWebVTTToStandardOutputByDefault() throws {
        let output = try legible("extract", Self.media("demo.mov"), "--track", "4")
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        #expect(output.stdout.hasPrefix("WEBVTT\n\n00:00:00.500 --> 00:00:01.500\n¡Hola! ¿Qué tal?\n"))
    }

    @Test func extractWritesTheOutputFileSafely() throws {
        let target = temporaryPath("spanish.srt")
        defer { try? FileManager.default.removeItem(at: target) }
        try Data("old content".utf8).write(to: target)
        // An existing output is replaced only when asked (issue 29 §5).
        let output = try legible("extract", Self.media("demo.mov"), "--track", "4", "-o", target.path, "--overwrite")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        let written = try String(contentsOf: target, encoding: .utf8)
        #expect(written.hasPrefix("1\n00:00:00,500 --> 00:00:01,500\n¡Hola! ¿Qué tal?\n"))
        // No temporary file is left behind.
        let siblings = try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path)
        #expect(!siblings.contains { $0.hasPrefix("." + target.lastPathComponent + ".legible-") })
    }

    @Test func extractJSONListsTheCues() throws {
        let output = try legible("extract", Self.media("subtitles-multi.mp4"), "--track", "4", "--json")
        #expect(output.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        #expect(report["codec"] as? String == "tx3g")
        let cues = try #require(report["cues"] as? [[String: Any]])
        #expect(cues.count == 4)
        #expect(cues.first?["text"] as? String == "[door slams]")
        #expect(cues.first?["start"] as? Double == 0.2)
        #expect(cues.first?["startTime"] as? String == "00:00:00.200")
    }

    @Test func extractReportsAMissingTrackWithTheTracksThereAre() throws {
        let output = try legible("extract", Self.media("demo.mov"), "--track", "9")
        #expect(output.status == 2)
        #expect(output.stderr == "error: \(Self.media("demo.mov")): no track with ID 9; tracks: 1 video (avc1), 2 audio (mp4a), 3 audio (mp4a), 4 subtitle (tx3g)\n")
    }

    @Test func extractRefusesANonTextTrack() throws {
        let output = try legible("extract", Self.media("demo.mov"), "--track", "2")
        #expect(output.status == 2)
        #expect(output.stderr.contains("track 2: not a text track (it is audio, mp4a)"))
    }

    @Test func extractReadsAQuickTimeTextChapterTrack() throws {
        let output = try legible("extract", Self.media("chapters.mp4"), "--track", "3", "--format", "srt")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(SubtitleCueReader.cues(output.stdout).map(\.text) == ["Opening", "Middle", "Ending"])
    }

    @Test func extractUsageErrorsExitWith2() throws {
        #expect(try legible("extract", Self.media("demo.mov")).status == 2)  // no --track
        let output = try legible("extract", Self.media("demo.mov"), "--track", "4", "-o", "out.txt")
        #expect(output.status == 2)
        #expect(output.stderr.contains("cannot tell the output format"))
        #expect(try legible("extract", "/nonexistent.mov", "--track", "1").status == 2)
    }

    // MARK: convert

    @Test func convertSubRipToWebVTTAndBack() throws {
        let vtt = temporaryPath("tags.vtt"), srt = temporaryPath("tags.srt")
        defer {
            try? FileManager.default.removeItem(at: vtt)
            try? FileManager.default.removeItem(at: srt)
        }
        let first = try legible("convert", Self.timedTextFixture("interop.srt"), "-o", vtt.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try String(contentsOf: vtt, encoding: .utf8).hasPrefix("WEBVTT\n"))
        let second = try legible("convert", vtt.path, "-o", srt.path)
        #expect(second.status == 0, "\(second.stderr)")
        let original = try String(contentsOfFile: Self.timedTextFixture("interop.srt"), encoding: .utf8)
        let roundTripped = try String(contentsOf: srt, encoding: .utf8)
        #expect(SubtitleCueReader.cues(roundTripped).map(\.start) == SubtitleCueReader.cues(original).map(\.start))
        #expect(SubtitleCueReader.cues(roundTripped).map(\.end) == SubtitleCueReader.cues(original).map(\.end))
    }

    @Test func convertPrintsWarningsWithLineNumbers() throws {
        let output = try legible("convert", Self.timedTextFixture("cp1252.srt"), "--format", "srt")
        #expect(output.status == 0)
        let warnings = output.stderr.split(separator: "\n")
        #expect(!warnings.isEmpty)
        #expect(warnings.allSatisfy { $0.hasPrefix("warning: \(Self.timedTextFixture("cp1252.srt")): line ") }, "\(output.stderr)")
    }

    @Test func convertJSONShowsCuesAndWarnings() throws {
        let output = try legible("convert", Self.timedTextFixture("full.vtt"), "--json")
        #expect(output.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        #expect(report["format"] as? String == "vtt")
        let cues = try #require(report["cues"] as? [[String: Any]])
        #expect(!cues.isEmpty)
        for key in ["identifier", "start", "end", "startTime", "endTime", "text", "markup", "settings", "placement", "forced"] {
            #expect(cues[0].keys.contains(key), "cue is missing \(key)")
        }
        #expect(report["warnings"] is [Any])
    }

    @Test func convertTTMLToSubRip() throws {
        let output = try legible("convert", Self.timedTextFixture("clock.ttml"), "--format", "srt")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("1\n"))
    }

    @Test func convertBadInputExitsWith2() throws {
        let notVTT = temporaryPath("broken.vtt")
        defer { try? FileManager.default.removeItem(at: notVTT) }
        try Data("this is not WebVTT".utf8).write(to: notVTT)
        let output = try legible("convert", notVTT.path)
        #expect(output.status == 2)
        #expect(output.stderr == "error: \(notVTT.path): line 1: the file does not start with WEBVTT\n")
        #expect(try legible("convert", "/nonexistent.srt").status == 2)
    }

    @Test(arguments: [("empty.srt", ""), ("blank.srt", " \r\n\t\n"), ("header-only.vtt", "WEBVTT\n\n"),
                      ("body-only.ttml", "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body/></tt>")])
    func convertWarnsAboutAnInputWithoutCues(name: String, content: String) throws {
        let input = temporaryPath(name)
        defer { try? FileManager.default.removeItem(at: input) }
        try Data(content.utf8).write(to: input)
        let output = try legible("convert", input.path, "--format", "srt")
        #expect(output.status == 0)
        #expect(output.stderr == "warning: \(input.path): no cues in the file\n")
        let json = try legible("convert", input.path, "--json")
        #expect(json.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        #expect((report["cues"] as? [Any])?.isEmpty == true)
        let warnings = try #require(report["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["message"] as? String } == ["no cues in the file"])
    }

    @Test func helpTeachesWithExamples() throws {
        for command in ["extract", "convert"] {
            let output = try legible(command, "--help")
            #expect(output.status == 0)
            #expect(output.stdout.contains("Examples:"), "\(command) --help has examples")
        }
    }
}
