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

    /// ffmpeg's cues must match `want` (start ms, end ms, plain text) to the millisecond its SRT
    /// output can show, ±1 ms for a timescale that cannot hold the exact time.
    private func expectSame(_ got: [Cue], _ want: [(start: Int64, end: Int64, text: String)]) {
        #expect(got.count == want.count, "ffmpeg: \(summary(got))")
        for (cue, wanted) in zip(got, want) {
            #expect(cue.text.plainText == wanted.text)
            #expect(abs(cue.start.roundedMilliseconds - wanted.start) <= 1, "start of \(wanted.text)")
            #expect(abs(cue.end.roundedMilliseconds - wanted.end) <= 1, "end of \(wanted.text)")
        }
    }

    /// Expectations written out from the input cues, not from a run of CueTimeline. A `tx3g`
    /// track is a sequence of samples that do not overlap, each holding the text shown for its
    /// duration (3GPP TS 26.245 §5.16: sample times come from `stts`, so samples follow each
    /// other), and ffmpeg shows every non-empty sample as one cue. So overlapping cues are cut at
    /// every cue boundary and each slice shows every cue active in it, in input order, one per
    /// line; gaps are empty samples, which ffmpeg does not show.
    @Test func styledForcedTopAndOverlappingCues() throws {
        let cues = [
            Cue(start: ms(500), end: ms(1500), text: CueText(runs: [run("Bold", bold: true), run(" señor "), run("rojo", color: .red)])),
            Cue(start: ms(1200), end: ms(2500), text: CueText(runs: [run("Encima", italic: true)]), placement: .top),
            Cue(start: ms(3000), end: ms(3900), text: "¿Forzado? 😀", isForced: true),
            Cue(start: ms(4000), end: ms(5000), text: "Two\nlines", placement: .top),
        ]
        let movie = try writeMovie(cues)
        defer { try? FileManager.default.removeItem(at: movie) }
        expectSame(try ffmpegCues(movie), [
            (500, 1200, "Bold señor rojo"),           // only the first cue
            (1200, 1500, "Bold señor rojo\nEncima"),  // both: the first cue ends at 1500
            (1500, 2500, "Encima"),                   // only the second; 2500–3000 is an empty sample
            (3000, 3900, "¿Forzado? 😀"),              // 3900–4000 is an empty sample
            (4000, 5000, "Two\nlines"),
        ])
    }

    /// Fixtures/interop.srt has four cues that do not overlap, so ffmpeg must read back exactly
    /// the times and (markup-free) texts written in that file, in any timescale.
    @Test(arguments: [UInt32(1000), 600, 90_000])
    func fixtureFileInSeveralTimescales(timescale: UInt32) throws {
        let cues = try SubRipParser.parse(bytes: fixture("interop.srt")).cues
        let movie = try writeMovie(cues, timescale: timescale)
        defer { try? FileManager.default.removeItem(at: movie) }
        expectSame(try ffmpegCues(movie), [
            (1_000, 2_500, "Hello, world!"),
            (3_000, 4_000, "Two lines,\ntop placed"),
            (59_999, 60_001, "Café & colour"),
            (7_199_500, 7_200_000, "Late cue"),
        ])
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
