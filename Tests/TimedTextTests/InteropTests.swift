import Foundation
import LegibleTestSupport
import Testing
@testable import TimedText

/// Our SubRip and WebVTT output, read back by independent Python libraries (webvtt-py, srt) via
/// `Scripts/interop-subtitles`, must give the same cue times and text. Skipped when the
/// libraries are missing, unless `LEGIBLE_REQUIRE_INTEROP=1`, which turns a missing tool into a
/// failure.
@Suite("Interop with webvtt-py and srt", .enabled(if: InteropTool.shouldRun))
struct InteropTests {
    private struct ReadCue: Decodable, Equatable {
        var start_ms: Int64
        var end_ms: Int64
        var text: String
    }

    private func expected(_ cues: [Cue]) -> [ReadCue] {
        cues.map { ReadCue(start_ms: $0.start.roundedMilliseconds, end_ms: $0.end.roundedMilliseconds, text: $0.text.plainText) }
    }

    private func read(_ format: String, _ text: String) throws -> [ReadCue] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("legible-interop-\(UUID().uuidString).\(format)")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try InteropTool.run(["read", format, file.path])
        try #require(result.status == 0, "interop-subtitles failed: \(result.stderr)")
        return try JSONDecoder().decode([ReadCue].self, from: result.stdoutData)
    }

    @Test func toolIsAvailable() throws {
        #expect(try InteropTool.run(["check"]).status == 0, "webvtt-py/srt missing: run Scripts/interop-subtitles setup")
    }

    @Test(arguments: ["interop.srt", "tags.srt", "overlapping.srt"])
    func webVTTOutputReadsTheSameInWebvttPy(name: String) throws {
        let cues = try SubRipParser.parse(bytes: fixture(name)).cues
        #expect(try read("vtt", WebVTTWriter.write(cues: cues)) == expected(cues))
    }

    @Test(arguments: ["interop.srt", "tags.srt", "overlapping.srt"])
    func subRipOutputReadsTheSameInSrt(name: String) throws {
        let cues = try SubRipParser.parse(bytes: fixture(name)).cues
        #expect(try read("srt", SubRipWriter.write(cues: cues)) == expected(cues))
    }

    @Test func webVTTFixtureReadsTheSameInWebvttPy() throws {
        let cues = try WebVTTParser.parse(bytes: fixture("full.vtt")).cues
            .filter { !$0.text.runs.contains { $0.style.ruby != nil } }
        #expect(try read("vtt", WebVTTWriter.write(cues: cues)) == expected(cues))
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
