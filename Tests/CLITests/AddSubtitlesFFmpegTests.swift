import Foundation
import LegibleTestSupport
import Testing

/// ffmpeg 5.1 reads what add-subtitles writes: it lists the new stream, exports its cues as the
/// input has them, and reads every stream of the source packet for packet as before.
@Suite struct AddSubtitlesFFmpegTests {
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")), arguments: AddSubtitlesScenario.all)
    func newStreamIsListedAfterTheOriginalOnes(_ scenario: AddSubtitlesScenario) throws {
        let folder = try TemporaryFolder("cli-ffprobe")
        defer { folder.remove() }
        let edited = try scenario.run(in: folder)
        let before = try FFmpegReading.streams(scenario.sourcePath)
        let after = try FFmpegReading.streams(edited)
        #expect(Array(after.prefix(before.count)) == before)
        try #require(after.count == before.count + 1, "\(after)")
        let added = after[before.count]
        #expect(added.codecTag == scenario.format)
        #expect(added.language == "eng")
    }

    /// The new track as ffmpeg exports it to SubRip, and english-sdh.srt's own cues.
    static func exportedCues(_ scenario: AddSubtitlesScenario, in folder: TemporaryFolder) throws -> (got: [TimedCue], want: [TimedCue]) {
        let edited = try scenario.run(in: folder)
        // demo has one subtitle stream; the new track is the second.
        let exported = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", edited, "-map", "0:s:1", "-f", "srt", "-"])
        try #require(exported.status == 0, "\(exported.stderr)")
        let got = SubtitleCueReader.cues(exported.stdout)
        let want = try SubtitleCueReader.cues(contentsOf: AddSubtitlesScenario.englishSDH)
        try #require(got.count == want.count, "ffmpeg exported \(got)")
        return (got, want)
    }

    /// Cue times within a millisecond (ffmpeg's SubRip has millisecond resolution) and the same
    /// text once ffmpeg's `<font>` and the input's `<i>` tags are taken away.
    static func expectSame(_ cue: TimedCue, _ wanted: TimedCue, checkingEnd: Bool = true) {
        #expect(abs(cue.start - wanted.start) <= 1, "\(cue) vs \(wanted)")
        if checkingEnd { #expect(abs(cue.end - wanted.end) <= 1, "\(cue) vs \(wanted)") }
        #expect(cue.plainText == wanted.plainText)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")), arguments: AddSubtitlesScenario.tx3g.filter { !$0.inPlace })
    func exportedCuesAreTheInputs(_ scenario: AddSubtitlesScenario) throws {
        let folder = try TemporaryFolder("cli-ffmpeg-srt")
        defer { folder.remove() }
        let (got, want) = try Self.exportedCues(scenario, in: folder)
        for (cue, wanted) in zip(got, want) { Self.expectSame(cue, wanted) }
    }

    /// In place the new samples follow all of the original media, so ffmpeg reads none of them
    /// while it probes the streams; it then takes the movie's duration for the track's
    /// (libavformat `fill_all_stream_timings`) and ends the last cue there: at 4.0 s, not at the
    /// 3.75 s of the track's `stts`. The file says 3.75 s (our reader and MP4Box agree); a track
    /// padded with an empty sample to the movie's end would show ffmpeg the right end too.
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")),
          .bug(id: "ffmpeg-probe-duration", "in place, ffmpeg ends the appended track's last cue at the movie's end"),
          arguments: AddSubtitlesScenario.tx3g.filter(\.inPlace))
    func exportedCuesAreTheInputsInPlace(_ scenario: AddSubtitlesScenario) throws {
        let folder = try TemporaryFolder("cli-ffmpeg-srt")
        defer { folder.remove() }
        let (got, want) = try Self.exportedCues(scenario, in: folder)
        for (cue, wanted) in zip(got.dropLast(), want.dropLast()) { Self.expectSame(cue, wanted) }
        if let cue = got.last, let wanted = want.last {
            Self.expectSame(cue, wanted, checkingEnd: false)
            withKnownIssue("ffmpeg takes the movie's end for the last cue of a track it did not see while probing") {
                #expect(abs(cue.end - wanted.end) <= 1, "\(cue) vs \(wanted)")
            }
        }
    }

    /// Every stream of the source, copied as packets: same codec parameters, timestamps, sizes
    /// and MD5s.
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")), arguments: AddSubtitlesScenario.all)
    func sourceStreamsKeepEveryPacket(_ scenario: AddSubtitlesScenario) throws {
        let folder = try TemporaryFolder("cli-framemd5")
        defer { folder.remove() }
        let edited = try scenario.run(in: folder)
        let streams = try FFmpegReading.streams(scenario.sourcePath)
        #expect(!streams.isEmpty)
        for stream in streams {
            let before = try FFmpegReading.framemd5(scenario.sourcePath, stream: stream.index)
            #expect(before.count > 8, "stream \(stream) has packets")
            #expect(try FFmpegReading.framemd5(edited, stream: stream.index) == before, "stream \(stream)")
        }
    }
}
