import Foundation
import LegibleTestSupport
import Testing
@testable import TimedText

/// The hostile cues of ``CueTextStructureTests``, written as SubRip and WebVTT, read by independent
/// readers: Python's `srt` and webvtt-py (through `Scripts/interop-subtitles`) and ffmpeg's
/// demuxers. Each finds exactly the cues given, at their times: no text became a cue. Skipped
/// when a tool is missing, unless `LEGIBLE_REQUIRE_INTEROP=1`.
@Suite("Hostile cue text read by srt, webvtt-py and ffmpeg")
struct CueTextStructureInteropTests {
    private struct ReadCue: Decodable {
        var start_ms: Int64
        var end_ms: Int64
    }

    private static var webVTTCues: [Cue] {
        var cues = CueTextStructureTests.cues
        cues[1].identifier = "id --> 00:00:00.000 --> 00:59:59.000"
        cues[3].identifier = "two\n\nlines"
        return cues
    }

    private func withFile<T>(_ text: String, extension pathExtension: String, _ body: (String) throws -> T) throws -> T {
        let folder = try TemporaryFolder("structure-interop")
        defer { folder.remove() }
        let path = folder.path("cues." + pathExtension)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try body(path)
    }

    /// The times the Python reader for `format` finds.
    private func pythonTimes(_ format: String, _ text: String) throws -> [[Int64]] {
        try withFile(text, extension: format) { path in
            let result = try InteropTool.run(["read", format, path])
            try #require(result.status == 0, "the \(format) reader failed: \(result.stderr)")
            return try JSONDecoder().decode([ReadCue].self, from: result.stdoutData).map { [$0.start_ms, $0.end_ms] }
        }
    }

    /// How many packets (one per cue) ffprobe reads from the file's subtitle stream.
    private func ffprobePackets(_ text: String, extension pathExtension: String) throws -> Int {
        try withFile(text, extension: pathExtension) { path in
            let result = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "s:0", "-count_packets",
                                                         "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", path])
            try #require(result.status == 0, "ffprobe failed: \(result.stderr)")
            return try #require(Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "ffprobe: \(result.stdout)")
        }
    }

    @Test(.enabled(if: InteropTool.shouldRun))
    func srtReadsEveryCueAtItsTimes() throws {
        let cues = CueTextStructureTests.cues
        #expect(try pythonTimes("srt", SubRipWriter.write(cues: cues)) == CueTextStructureTests.times(cues))
    }

    @Test(.enabled(if: InteropTool.shouldRun))
    func webvttPyReadsEveryCueAtItsTimes() throws {
        let cues = Self.webVTTCues
        #expect(try pythonTimes("vtt", WebVTTWriter.write(cues: cues)) == CueTextStructureTests.times(cues))
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")))
    func ffmpegReadsEveryCue() throws {
        let subRip = CueTextStructureTests.cues
        #expect(try ffprobePackets(SubRipWriter.write(cues: subRip), extension: "srt") == subRip.count)
        let webVTT = Self.webVTTCues
        #expect(try ffprobePackets(WebVTTWriter.write(cues: webVTT), extension: "vtt") == webVTT.count)
    }
}
