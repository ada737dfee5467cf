import Foundation
import LegibleTestSupport
import Testing

/// `check --fix` on check-forced-missing.mov, whose full Spanish subtitle track (5) lacks the
/// forced sign of its forced-only twin (6): the full track is rebuilt with it through the remux
/// engine. ffmpeg reads both subtitle tracks of the source and of the fixed movie; every other
/// stream keeps its packets (framemd5).
@Suite struct CheckForcedCueFixTests {
    static let source = TestPaths.testMedia.appendingPathComponent("rules/check-forced-missing.mov").path

    /// ffmpeg's reading of a subtitle stream (`0:s:N`) as SubRip cues.
    static func cues(_ path: String, subtitle index: Int) throws -> [TimedCue] {
        let output = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-map", "0:s:\(index)", "-f", "srt", "-"])
        try #require(output.status == 0, "ffmpeg failed: \(output.stderr)")
        return SubtitleCueReader.cues(output.stdout)
    }

    /// Whether `cues` show `text` at every millisecond of `start..<end`.
    static func shows(_ text: String, from start: Int, to end: Int, in cues: [TimedCue]) -> Bool {
        (start..<end).allSatisfy { time in cues.contains { $0.start <= time && time < $0.end && $0.plainText.contains(text) } }
    }

    /// `report` offers the repair `check` prints: the rebuild has no set-track form.
    @Test func theReportOffersChecksRepair() throws {
        let folder = try TemporaryFolder("report-fix-forced")
        defer { folder.remove() }
        let check = try LegibleCommand.run(["check", "--json", Self.source])
        let fix = try #require(((check.jsonObject?["findings"] as? [[String: Any]])?.first)?["fix"] as? String)
        let page = folder.path("report.html")
        try #require(try LegibleCommand.run(["report", Self.source, "-o", page]).status == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let row = try #require(html.components(separatedBy: "data-rule=\"forced-cues-in-full-track\"").dropFirst().first)
        let escaped = fix.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        #expect(row.components(separatedBy: "</tr>")[0].contains("<code>\(escaped)</code>"), "\(fix)")
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")), arguments: [false, true])
    func theFullTrackGetsTheForcedCues(inPlace: Bool) throws {
        let folder = try TemporaryFolder("check-fix-forced")
        defer { folder.remove() }
        let fixed = inPlace ? try folder.copy(URL(fileURLWithPath: Self.source), as: "movie.mov") : folder.path("fixed.mov")
        let before = try LegibleCommand.run(["check", "--json", Self.source])
        let finding = try #require((before.jsonObject?["findings"] as? [[String: Any]])?.first)
        #expect(finding["rule"] as? String == "forced-cues-in-full-track")
        #expect(finding["fixIsAutomatic"] as? Bool == true)
        #expect((finding["fix"] as? String)?.hasSuffix("--fix --in-place") == true)

        let run = try LegibleCommand.run(["check", inPlace ? fixed : Self.source, "--fix", "--progress", "none", "--json"]
                                         + (inPlace ? ["--in-place"] : ["-o", fixed]))
        #expect(run.status == 0, "\(run.stderr)")
        #expect((run.jsonObject?["findings"] as? [Any])?.isEmpty == true, "\(run.stdout)")
        #expect((run.jsonObject?["fixed"] as? [[String: Any]])?.first?["rule"] as? String == "forced-cues-in-full-track")

        // The source: subtitle 0 is the full track, 1 the forced one. The fixed movie: the forced
        // track stays where it was and the rebuilt full track comes last.
        let full = try Self.cues(Self.source, subtitle: 0), forced = try Self.cues(Self.source, subtitle: 1)
        try #require(!forced.isEmpty && !full.isEmpty)
        let rebuilt = try Self.cues(fixed, subtitle: 1)
        for cue in full + forced {
            #expect(Self.shows(cue.plainText, from: cue.start, to: cue.end, in: rebuilt), "\(cue) in \(rebuilt)")
        }
        #expect(try Self.cues(fixed, subtitle: 0) == forced)

        // Every other stream: the same packets.
        let sourceStreams = try FFmpegReading.streams(Self.source)
        let fixedStreams = try FFmpegReading.streams(fixed)
        try #require(sourceStreams.count == fixedStreams.count)
        let fullIndex = try #require(sourceStreams.first { $0.codecType == "subtitle" }?.index)
        let kept = sourceStreams.filter { $0.index != fullIndex && $0.codecType != "data" }
        let counterparts = fixedStreams.dropLast().filter { $0.codecType != "data" }
        try #require(kept.count == counterparts.count)
        for (old, new) in zip(kept, counterparts) {
            #expect(try FFmpegReading.framemd5(fixed, stream: new.index) == FFmpegReading.framemd5(Self.source, stream: old.index),
                    "stream \(old) → \(new)")
        }
        // The forced-only twin is still named by the rebuilt full track (tref/forc).
        let info = try LegibleCommand.run(["info", "--json", fixed])
        #expect(info.stdout.contains("\"forc\""), "\(info.stdout)")
    }

    /// A `wvtt` full track is named but not rebuilt: its description holds a WebVTT header and
    /// label that cues do not, so the merge is left to a person.
    @Test func aWebVTTFullTrackGetsNoFix() throws {
        let folder = try TemporaryFolder("check-fix-forced-wvtt")
        defer { folder.remove() }
        try "1\n00:00:00,200 --> 00:00:00,900\nHola\n".write(toFile: folder.path("full.srt"), atomically: true, encoding: .utf8)
        try "1\n00:00:01,000 --> 00:00:01,500\nSALIDA\n".write(toFile: folder.path("forced.srt"), atomically: true, encoding: .utf8)
        let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path
        let full = try LegibleCommand.run(["add-subtitles", demo, folder.path("full.srt"), "--language", "es", "--format", "wvtt",
                                           "-o", folder.path("full.mov")])
        try #require(full.status == 0, "\(full.stderr)")
        // demo.mov has tracks 1-4: the wvtt track is 5.
        let pair = try LegibleCommand.run(["add-subtitles", folder.path("full.mov"), folder.path("forced.srt"), "--language", "es",
                                           "--forced", "--forced-for", "5", "-o", folder.path("pair.mov")])
        try #require(pair.status == 0, "\(pair.stderr)")
        let findings = try #require(try LegibleCommand.run(["check", "--json", folder.path("pair.mov")]).jsonObject?["findings"] as? [[String: Any]])
        let finding = try #require(findings.first { $0["rule"] as? String == "forced-cues-in-full-track" })
        #expect(finding["trackID"] as? Int == 5)
        #expect(finding["fix"] is NSNull)
    }
}
