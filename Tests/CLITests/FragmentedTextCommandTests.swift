import Foundation
import LegibleTestSupport
import Testing

/// Text tracks in movie fragments (the corpus's DASH text tracks: androidx/media's wvtt and GPAC's
/// stpp `sample.text.mp4`): `extract` gives the cues MP4Box exports, `info` counts the samples
/// MP4Box counts, `check` reads them.
@Suite(.corpus)
struct FragmentedTextCommandTests {
    static let files = ["dash__webvtt-in-mp4__sample.text.mp4", "dash__ttml-in-mp4__sample.text.mp4"]

    private func movie(_ suffix: String) throws -> String {
        try #require(CorpusIndex.entries.first { $0.name.hasSuffix(suffix) }).url.path
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box) && IMSC1Validation.available), arguments: files)
    func extractGivesTheCuesMP4BoxExports(_ suffix: String) throws {
        let folder = try TemporaryFolder("cli-fragmented-text")
        defer { folder.remove() }
        let path = try movie(suffix)
        let isTTML = suffix.contains("ttml")
        let exported = folder.path(isTTML ? "mp4box.xml" : "mp4box.vtt")
        let output = try ExternalTool.run(TestPaths.mp4Box, ["-raw", "1", path, "-out", exported])
        try #require(output.status == 0, "\(output.stderr)")
        // MP4Box writes the stpp track's documents as one TTML document: ttconv reads it.
        let want = isTTML ? try IMSC1Validation.ttconvCues(exported, in: folder)
                          : try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: exported))
        let extracted = folder.path("legible.srt")
        let result = try LegibleCommand.run(["extract", path, "--track", "1", "-o", extracted])
        try #require(result.status == 0, "\(result.stderr)")
        var got = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: extracted))
        if isTTML {
            // ttconv cuts overlapping paragraphs into intervals, one SubRip cue each: compare the
            // text shown at each interval's start.
            func shown(_ cues: [TimedCue], at time: Int) -> [String] {
                cues.filter { $0.start <= time && time < $0.end }.flatMap { $0.plainText.split(separator: "\n").map(String.init) }.sorted()
            }
            for cue in want { #expect(shown(got, at: cue.start) == shown(want, at: cue.start), "at \(cue.start) ms") }
            got = []
        } else {
            #expect(got == want)
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)), arguments: files)
    func infoCountsTheFragmentSamplesMP4BoxCounts(_ suffix: String) throws {
        let path = try movie(suffix)
        let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", "1", path])
        let text = info.stdout + info.stderr
        let count = try #require(text.firstMatch(of: /Fragmented track: (\d+) samples/)?.1)
        let result = try LegibleCommand.run(["info", path, "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        let tracks = try #require(result.jsonObject?["tracks"] as? [[String: Any]])
        #expect(tracks.first?["sampleCount"] as? Int == Int(count))
        let check = try LegibleCommand.run(["check", path])
        #expect(check.status <= 1, "\(check.stderr)")
        #expect(!check.stderr.contains("movie fragments"), "\(check.stderr)")
    }
}
