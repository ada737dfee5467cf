import Foundation
import LegibleTestSupport
import Testing

/// `extract` places a text track's cues on the movie timeline through the track's edit list, as
/// `hls`, `html` and `report` do: a track whose edit list starts with an empty edit shows its
/// media that much later (ISO/IEC 14496-12 §8.6.6). FFmpeg writes such an edit when it muxes an
/// SCC whose first caption is not at 0, MP4Box when a track is added with a delay.
@Suite struct MovieTimeExtractTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path
    /// One pop-on caption ("HELLO" on row 14), loaded from 00:00:00;27 and cleared by EDM at
    /// 00:00:03;00.
    static let scc = "Scenarist_SCC V1.0\n\n00:00:00;27\t9420 9420 94ae 94ae 9452 9452 97a1 97a1 c845 4c4c 4f80 942f 942f\n\n00:00:03;00\t942c 942c\n"
    /// A frame of the 29.97 grid SCC timecodes count in (1001/30 ms), rounded up.
    static let frameMilliseconds = 34
    /// Cues for the tx3g track, and the delay MP4Box adds before them (an empty edit).
    static let subRip = "1\n00:00:00,600 --> 00:00:01,600\nHello\n\n2\n00:00:02,000 --> 00:00:02,500\nWorld\n"
    static let delayMilliseconds = 900

    /// The SCC muxed by FFmpeg into demo.mov's video: track 2 is the c608 track.
    static func muxedCaptions(in folder: TemporaryFolder) throws -> (movie: String, scc: String) {
        let scc = folder.path("caps.scc")
        try Self.scc.write(toFile: scc, atomically: true, encoding: .utf8)
        let movie = folder.path("ffmpeg.mov")
        let mux = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", demo, "-i", scc, "-map", "0:v", "-map", "1", "-c", "copy", movie])
        try #require(mux.status == 0, "\(mux.stderr)")
        return (movie, scc)
    }

    /// Start and end in milliseconds of each caption pycaption reads from an SCC file.
    static func pycaptionTimes(_ scc: String) throws -> [[Int]] {
        let script = """
        import sys, pycaption
        captions = pycaption.SCCReader().read(open(sys.argv[1]).read())
        for caption in captions.get_captions(captions.get_languages()[0]): print(round(caption.start / 1000), round(caption.end / 1000))
        """
        let output = try ExternalTool.run("python3", ["-c", script, scc])
        try #require(output.status == 0, "\(output.stderr)")
        return output.stdout.split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
    }

    static func times(_ cues: [TimedCue]) -> [[Int]] { cues.map { [$0.start, $0.end] } }

    static func withinFrame(_ got: [[Int]], _ want: [[Int]]) -> Bool {
        got.count == want.count && zip(got.joined(), want.joined()).allSatisfy { abs($0 - $1) <= frameMilliseconds }
    }

    /// The cues of the one WebVTT file under `directory`.
    static func webVTTCues(under directory: String) throws -> [TimedCue] {
        let files = try #require(FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".vtt") })
        try #require(files.count == 1, "\(files)")
        return try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(files[0]))
    }

    /// `extract` (SubRip, and SCC read back by pycaption) and `convert` of the SCC itself put
    /// the caption where pycaption reads it in the SCC, within a frame (its media time is the
    /// empty edit's 891 ms earlier).
    @Test(.enabled(if: ExternalTool.shouldRun("python3") && ExternalTool.shouldRun("ffmpeg")))
    func ffmpegMuxedCaptionsAreWherePycaptionReadsTheSCC() throws {
        let folder = try TemporaryFolder("movie-time-c608")
        defer { folder.remove() }
        let (movie, scc) = try Self.muxedCaptions(in: folder)
        let want = try Self.pycaptionTimes(scc)
        try #require(want.count == 1, "\(want)")
        let extracted = try LegibleCommand.run(["extract", movie, "--track", "2", "--format", "srt"])
        try #require(extracted.status == 0, "\(extracted.stderr)")
        let got = Self.times(SubtitleCueReader.cues(extracted.stdout))
        #expect(Self.withinFrame(got, want), "extract: \(got), pycaption: \(want)")
        let exported = folder.path("exported.scc")
        let export = try LegibleCommand.run(["extract", movie, "--track", "2", "-o", exported])
        try #require(export.status == 0, "\(export.stderr)")
        let exportedTimes = try Self.pycaptionTimes(exported)
        #expect(Self.withinFrame(exportedTimes, want), "pycaption of the SCC export: \(exportedTimes), of the source: \(want)")
        let converted = try LegibleCommand.run(["convert", scc, "--format", "srt"])
        try #require(converted.status == 0, "\(converted.stderr)")
        #expect(Self.withinFrame(Self.times(SubtitleCueReader.cues(converted.stdout)), want))
    }

    /// `hls`, `html` and `report` show the captions at the times `extract` writes.
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func deliveryCommandsAgreeWithExtract() throws {
        let folder = try TemporaryFolder("movie-time-agree")
        defer { folder.remove() }
        let (movie, _) = try Self.muxedCaptions(in: folder)
        try Self.expectAgreement(movie: movie, track: 2, in: folder)
    }

    /// A tx3g track MP4Box delays with an empty edit: `extract` writes the SubRip's times plus
    /// the delay, as FFmpeg reads the packets, and `hls`, `html`, `report` and `qc` agree.
    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func tx3gDelayedByAnEmptyEditIsExtractedAtMovieTime() throws {
        let folder = try TemporaryFolder("movie-time-tx3g")
        defer { folder.remove() }
        let input = folder.path("in.srt")
        try Self.subRip.write(toFile: input, atomically: true, encoding: .utf8)
        let movie = folder.path("mp4box.mp4")
        let added = try ExternalTool.run(TestPaths.mp4Box, ["-add", "\(Self.demo)#video", "-add", "\(input):delay=\(Self.delayMilliseconds)", "-new", movie],
                                         in: folder.url)
        try #require(added.status == 0, "\(added.stderr)")
        let extracted = try LegibleCommand.run(["extract", movie, "--track", "2", "--format", "srt"])
        try #require(extracted.status == 0, "\(extracted.stderr)")
        let want = SubtitleCueReader.cues(Self.subRip).map { [$0.start + Self.delayMilliseconds, $0.end + Self.delayMilliseconds] }
        #expect(Self.times(SubtitleCueReader.cues(extracted.stdout)) == want)
        try Self.expectAgreement(movie: movie, track: 2, in: folder)
        // qc times its findings on the movie timeline too: cue 2 is on screen 0.5 s, under the
        // default profile's minimum.
        let qc = try LegibleCommand.run(["qc", movie, "--json"])
        let subjects = try #require(qc.jsonObject?["subjects"] as? [[String: Any]], "\(qc.stdout)\n\(qc.stderr)")
        let findings = subjects.flatMap { $0["findings"] as? [[String: Any]] ?? [] }
        let short = try #require(findings.first { $0["rule"] as? String == "minimum-duration" }, "\(findings)")
        #expect(short["cue"] as? Int == 2)
        #expect([short["start"], short["end"]].map { (($0 as? Double) ?? -1) * 1000 }.map { Int($0.rounded()) } == want[1], "\(short)")
    }

    /// The WebVTT renditions of `hls` and `html`, and the one `report` embeds, time the cues
    /// of `track` as `extract` does.
    static func expectAgreement(movie: String, track: Int, in folder: TemporaryFolder) throws {
        let extracted = try LegibleCommand.run(["extract", movie, "--track", String(track), "--format", "vtt"])
        try #require(extracted.status == 0, "\(extracted.stderr)")
        let want = SubtitleCueReader.cues(extracted.stdout)
        try #require(!want.isEmpty)
        let hls = try LegibleCommand.run(["hls", movie, "-o", folder.path("hls")])
        try #require(hls.status == 0, "\(hls.stderr)")
        #expect(times(try webVTTCues(under: folder.path("hls"))) == times(want), "hls")
        let html = try LegibleCommand.run(["html", movie, "-o", folder.path("site")])
        try #require(html.status == 0, "\(html.stderr)")
        #expect(times(try webVTTCues(under: folder.path("site"))) == times(want), "html")
        let page = folder.path("report.html")
        let report = try LegibleCommand.run(["report", movie, "-o", page])
        try #require(report.status == 0, "\(report.stderr)")
        let text = try String(contentsOfFile: page, encoding: .utf8)
        let timing = extracted.stdout.split(separator: "\n").first { $0.contains("-->") }.map { String($0.prefix(29)) } ?? ""
        #expect(text.contains(timing.replacingOccurrences(of: ">", with: "&gt;")), "report: no \(timing)")
    }
}
