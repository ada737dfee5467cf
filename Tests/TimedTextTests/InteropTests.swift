import Foundation
import LegibleTestSupport
import Testing
@testable import TimedText

/// Our SubRip and WebVTT output, read by independent Python libraries (webvtt-py, srt) via
/// `Scripts/interop-subtitles`, gives the same cue times and text as those libraries give for the
/// input file: what an independent reader sees must survive our parse and write, and no
/// expectation comes from our own parser. Skipped when the libraries are missing, unless
/// `LEGIBLE_REQUIRE_INTEROP=1`, which turns a missing tool into a failure.
@Suite("Interop with webvtt-py and srt", .enabled(if: InteropTool.shouldRun))
struct InteropTests {
    private struct ReadCue: Decodable, Equatable {
        var start_ms: Int64
        var end_ms: Int64
        var text: String
    }

    /// The cues the Python reader for `format` finds in `bytes`.
    private func read(_ format: String, _ bytes: [UInt8]) throws -> [ReadCue] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("legible-interop-\(UUID().uuidString).\(format)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try InteropTool.run(["read", format, file.path])
        try #require(result.status == 0, "interop-subtitles failed: \(result.stderr)")
        return try JSONDecoder().decode([ReadCue].self, from: result.stdoutData)
    }

    private func read(_ format: String, _ text: String) throws -> [ReadCue] { try read(format, Array(text.utf8)) }

    @Test func toolIsAvailable() throws {
        #expect(try InteropTool.run(["check"]).status == 0, "webvtt-py/srt missing: run Scripts/interop-subtitles setup")
    }

    @Test(arguments: ["interop.srt", "tags.srt", "overlapping.srt"])
    func webVTTOutputReadsInWebvttPyAsTheInputReadsInSrt(name: String) throws {
        let input = try fixture(name)
        let expected = try read("srt", input)
        #expect(!expected.isEmpty)
        let cues = try SubRipParser.parse(bytes: input).cues
        #expect(try read("vtt", WebVTTWriter.write(cues: cues)) == expected)
    }

    @Test(arguments: ["interop.srt", "tags.srt", "overlapping.srt"])
    func subRipOutputReadsInSrtAsTheInputDoes(name: String) throws {
        let input = try fixture(name)
        let expected = try read("srt", input)
        #expect(!expected.isEmpty)
        let cues = try SubRipParser.parse(bytes: input).cues
        #expect(try read("srt", SubRipWriter.write(cues: cues)) == expected)
    }

    /// webvtt-py accepts the fixture's last cue, `00:00:14.000 --> 00:00:1.000`; W3C WebVTT §4.1
    /// requires two-digit seconds in a timestamp, so its parser (and ours) skips that block. It is
    /// left out of webvtt-py's reading of the input; everything else must read the same.
    @Test func webVTTOutputReadsInWebvttPyAsTheInputDoes() throws {
        let input = try fixture("full.vtt")
        var expected = try read("vtt", input)
        let malformed = ReadCue(start_ms: 14_000, end_ms: 1_000, text: "Malformed timing is skipped")
        #expect(expected.last == malformed, "webvtt-py still reads the cue the spec skips")
        expected.removeAll { $0 == malformed }
        let cues = try WebVTTParser.parse(bytes: input).cues
        #expect(try read("vtt", WebVTTWriter.write(cues: cues)) == expected)
    }
}

/// Runs `Scripts/interop-subtitles` through the tests' one process runner.
enum InteropTool {
    static let script = TestPaths.packageRoot.appendingPathComponent("Scripts/interop-subtitles").path

    static var shouldRun: Bool {
        ExternalTool.interopRequired || (try? run(["check"]))?.status == 0
    }

    static func run(_ arguments: [String]) throws -> ExternalTool.Output {
        try ExternalTool.run("bash", [script] + arguments)
    }
}
