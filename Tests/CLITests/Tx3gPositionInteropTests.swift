import Foundation
import LegibleTestSupport
import Testing

/// WebVTT `position:` into tx3g: the cue's box moves to its position in the sample's `tbox`
/// (3GPP TS 26.245 §5.17.1.4), as MP4Box `-ttxt` reads it back, and no warning names it lost.
@Suite struct Tx3gPositionInteropTests {
    /// demo.mov's video is 320×180; a line is 6 % of the height (10 pixels).
    static let webVTT = """
    WEBVTT

    00:00:01.000 --> 00:00:02.000 position:20% align:start
    Left

    00:00:02.000 --> 00:00:03.000 position:75%,line-right size:50%
    Right

    """

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func positionMovesTheTextBox() throws {
        let folder = try TemporaryFolder("tx3g-position")
        defer { folder.remove() }
        let input = folder.path("position.vtt")
        try Self.webVTT.write(toFile: input, atomically: true, encoding: .utf8)
        let movie = folder.path("position.mov")
        let added = try LegibleCommand.run(["add-subtitles", TestPaths.testMedia.appendingPathComponent("demo.mov").path, input,
                                            "--language", "en", "-o", movie])
        try #require(added.status == 0, "\(added.stderr)")
        #expect(!added.stderr.contains("position"), "\(added.stderr)")
        let dump = folder.path("track.ttxt")
        let result = try ExternalTool.run(TestPaths.mp4Box, ["-ttxt", "5", movie, "-out", dump])
        try #require(result.status == 0, "\(result.stderr)")
        let samples = try String(contentsOfFile: dump, encoding: .utf8).components(separatedBy: "<TextSample ").dropFirst()
        func sample(at time: String) -> String? { samples.first { $0.hasPrefix("sampleTime=\"\(time)\"") } }
        // Cue 1: its left edge at 20 % of 320; WebVTT's computed maximum size (W3C WebVTT §7.2)
        // lets it run from there to the right edge; one line at the bottom.
        let left = try #require(sample(at: "00:00:01.000"))
        #expect(left.contains("<TextBox top=\"170\" left=\"64\" bottom=\"180\" right=\"320\"/>"), "\(left)")
        // Cue 2: its right edge at 75 % of 320 (240), half the width (160) wide.
        let right = try #require(sample(at: "00:00:02.000"))
        #expect(right.contains("<TextBox top=\"170\" left=\"80\" bottom=\"180\" right=\"240\"/>"), "\(right)")
    }
}
