import Foundation
import LegibleTestSupport
import Testing
@testable import TimedText

/// ffmpeg decodes the `tx3g` samples Legible encodes: a minimal MP4 holding only our subtitle
/// track is read by `ffmpeg -i F -map 0:s:0 out.srt` to the same text and times (±1 ms), and
/// ffprobe sees a `mov_text` stream tagged `tx3g`. Runs when ffmpeg is installed, or always
/// with `LEGIBLE_REQUIRE_INTEROP=1`.
@Suite("ffmpeg reads our tx3g", .enabled(if: ExternalTool.shouldRun("ffmpeg")))
struct Tx3gFFmpegInteropTests {
    private func writeMovie(_ cues: [Cue], timescale: UInt32 = 1000) throws -> URL {
        let track = try Tx3gSampleEncoder.encode(try CueTimeline(cues: cues, timescale: timescale), videoWidth: 1280, videoHeight: 720)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-tx3g-\(UUID().uuidString).mp4")
        try Data(try MinimalSubtitleMovie.bytes(track)).write(to: url)
        return url
    }

    private func ffmpegCues(_ movie: URL) throws -> [Cue] {
        let srt = movie.deletingPathExtension().appendingPathExtension("srt")
        defer { try? FileManager.default.removeItem(at: srt) }
        let result = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", movie.path, "-map", "0:s:0", srt.path])
        try #require(result.status == 0, "ffmpeg failed: \(result.stderr)")
        return try SubRipParser.parse(bytes: [UInt8](try Data(contentsOf: srt))).cues
    }

    /// What a reader of the track should show: one entry per non-empty sample (simultaneous
    /// cues joined by a newline), consecutive equal texts merged.
    private func expected(_ cues: [Cue], timescale: UInt32 = 1000) throws -> [(start: Int64, end: Int64, text: String)] {
        let line = try CueTimeline(cues: cues, timescale: timescale)
        var result: [(start: Int64, end: Int64, text: String)] = []
        for sample in line.samples where !sample.isEmpty {
            let text = sample.cues.map { Tx3gCodecTests.tx3gView($0.text).plainText }.joined(separator: "\n")
            let start = SubtitleTime(units: sample.start, timescale: timescale)?.roundedMilliseconds ?? -1
            let end = SubtitleTime(units: sample.start + sample.duration, timescale: timescale)?.roundedMilliseconds ?? -1
            if let last = result.last, last.end == start, last.text == text {
                result[result.count - 1].end = end
            } else {
                result.append((start, end, text))
            }
        }
        return result
    }

    private func expectSame(_ got: [Cue], _ want: [(start: Int64, end: Int64, text: String)]) {
        #expect(got.count == want.count, "ffmpeg: \(summary(got))")
        for (cue, wanted) in zip(got, want) {
            #expect(cue.text.plainText == wanted.text)
            #expect(abs(cue.start.roundedMilliseconds - wanted.start) <= 1, "start of \(wanted.text)")
            #expect(abs(cue.end.roundedMilliseconds - wanted.end) <= 1, "end of \(wanted.text)")
        }
    }

    @Test func styledForcedTopAndOverlappingCues() throws {
        let cues = [
            Cue(start: ms(500), end: ms(1500), text: CueText(runs: [run("Bold", bold: true), run(" señor "), run("rojo", color: .red)])),
            Cue(start: ms(1200), end: ms(2500), text: CueText(runs: [run("Encima", italic: true)]), placement: .top),
            Cue(start: ms(3000), end: ms(3900), text: "¿Forzado? 😀", isForced: true),
            Cue(start: ms(4000), end: ms(5000), text: "Two\nlines", placement: .top),
        ]
        let movie = try writeMovie(cues)
        defer { try? FileManager.default.removeItem(at: movie) }
        expectSame(try ffmpegCues(movie), try expected(cues))
    }

    @Test(arguments: [UInt32(1000), 600, 90_000])
    func fixtureFileInSeveralTimescales(timescale: UInt32) throws {
        let cues = try SubRipParser.parse(bytes: fixture("interop.srt")).cues
        let movie = try writeMovie(cues, timescale: timescale)
        defer { try? FileManager.default.removeItem(at: movie) }
        expectSame(try ffmpegCues(movie), try expected(cues, timescale: timescale))
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")))
    func ffprobeSeesAMovTextTrack() throws {
        let movie = try writeMovie([Cue(start: ms(0), end: ms(1000), text: "Hola", isForced: true)])
        defer { try? FileManager.default.removeItem(at: movie) }
        let result = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,codec_name,codec_tag_string",
                                                      "-of", "default=noprint_wrappers=1", movie.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("codec_name=mov_text"))
        #expect(result.stdout.contains("codec_type=subtitle"))
        #expect(result.stdout.contains("codec_tag_string=tx3g"))
    }
}
