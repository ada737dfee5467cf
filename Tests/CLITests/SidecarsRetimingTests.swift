import Foundation
import LegibleTestSupport
import Testing

/// `--sidecars` with the options it shares with a single file: the sample format, retiming
/// (`--offset`), `--in-place` and the write's `--json` report.
@Suite struct SidecarsRetimingTests {
    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box) && ExternalTool.shouldRun("ffprobe")))
    func inPlaceWebVTTTracksShiftedByTheOffset() throws {
        let scenario = try SidecarsScenario(label: "sidecars-offset")
        defer { scenario.folder.remove() }
        let result = try scenario.addSidecars(["--format", "wvtt", "--offset", "0.25", "--in-place", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(result.jsonObject)
        #expect(json["addedTracks"] as? [Int] == Array(5...13))
        let sidecars = try #require(json["sidecars"] as? [String: Any])
        #expect((sidecars["tracks"] as? [[String: Any]])?.compactMap { $0["sampleFormat"] as? String } == Array(repeating: "wvtt", count: 8) + ["c608"])
        let retiming = try #require(json["retiming"] as? [[String: Any]])
        #expect(retiming.map { $0["offset"] as? Double } == Array(repeating: 0.25, count: 9))

        let streams = try FFmpegReading.streams(scenario.movie)
        #expect(streams.dropFirst(4).map(\.codecTag) == Array(repeating: "wvtt", count: 8) + ["c608"])
        // Track 7 is the English file's (full tracks by file name: Deutsch.hi, en.sdh, en).
        let exported = scenario.folder.path("english.vtt")
        let export = try ExternalTool.run(TestPaths.mp4Box, ["-raw", "7", scenario.movie, "-out", exported])
        try #require(export.status == 0, "\(export.stderr)")
        let got = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: exported))
        let input = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: scenario.path("en.srt")))
        #expect(got.map(\.start) == input.map { $0.start + 250 })
        #expect(got.map(\.end) == input.map { $0.end + 250 })
        #expect(got.map(\.plainText) == input.map(\.plainText))
    }
}
