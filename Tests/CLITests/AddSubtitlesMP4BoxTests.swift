import Foundation
import LegibleTestSupport
import Testing

/// GPAC's MP4Box, the one reference reader of WebVTT in MP4 (ffmpeg 5.1 lists `wvtt` only as
/// data), exports the new track as the input's cues.
@Suite struct AddSubtitlesMP4BoxTests {
    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)), arguments: AddSubtitlesScenario.webVTT)
    func webVTTTrackExportsTheInputCues(_ scenario: AddSubtitlesScenario) throws {
        let folder = try TemporaryFolder("cli-mp4box")
        defer { folder.remove() }
        let edited = try scenario.run(in: folder)
        let exported = folder.path("exported.vtt")
        let output = try ExternalTool.run(TestPaths.mp4Box, ["-raw", String(AddSubtitlesScenario.newTrackID), edited, "-out", exported])
        try #require(output.status == 0, "\(output.stderr)")
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(text.hasPrefix("WEBVTT"))
        let got = SubtitleCueReader.cues(text)
        let want = try SubtitleCueReader.cues(contentsOf: AddSubtitlesScenario.englishSDH)
        #expect(got.map(\.start) == want.map(\.start))
        #expect(got.map(\.end) == want.map(\.end))
        // WebVTT keeps the <i> of the SubRip input as WebVTT markup.
        #expect(got.map(\.plainText) == want.map(\.plainText))
    }
}
