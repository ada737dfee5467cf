import Foundation
import LegibleTestSupport
import Testing

/// The tx3g modifier boxes add-subtitles writes for features.vtt (Tests/TimedTextTests/Fixtures),
/// as independent readers see them: MP4Box `-ttxt` prints each sample's `tbox`, `styl` and
/// `krok` records, ffmpeg's mov_text decoder reads the text. The expected values are the input
/// file's, laid out on demo.mov's 320×180 video by WebVTT's rules (a line is 6 % of the height).
@Suite struct Tx3gModifierInteropTests {
    static let input = TestPaths.packageRoot.appendingPathComponent("Tests/TimedTextTests/Fixtures/features.vtt").path

    static func movie(in folder: TemporaryFolder) throws -> String {
        let output = folder.path("features.mov")
        let result = try LegibleCommand.run(["add-subtitles", TestPaths.testMedia.appendingPathComponent("demo.mov").path, input,
                                             "--language", "en", "--past-end", "extend", "-o", output, "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        return output
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func mp4BoxShowsTheTextBoxStylesAndKaraoke() throws {
        let folder = try TemporaryFolder("tx3g-ttxt")
        defer { folder.remove() }
        let movie = try Self.movie(in: folder)
        let dump = folder.path("track.ttxt")
        let result = try ExternalTool.run(TestPaths.mp4Box, ["-ttxt", "5", movie, "-out", dump])
        try #require(result.status == 0, "\(result.stderr)")
        let ttxt = try String(contentsOfFile: dump, encoding: .utf8)
        let samples = ttxt.components(separatedBy: "<TextSample ").dropFirst()
        func sample(at time: String) -> String? { samples.first { $0.hasPrefix("sampleTime=\"\(time)\"") } }
        // Cue 1, line:10% position:20%,line-left size:40%: top 10 % of 180, left 20 % of 320,
        // 40 % of 320 wide, one 10-pixel line; "bold" (characters 7..<11) bold.
        let placed = try #require(sample(at: "00:00:01.000"))
        #expect(placed.contains("<TextBox top=\"18\" left=\"64\" bottom=\"28\" right=\"192\"/>"), "\(placed)")
        #expect(placed.contains("<Style fromChar=\"7\" toChar=\"11\" styles=\"Bold \""), "\(placed)")
        #expect(placed.contains("<Style fromChar=\"12\" toChar=\"18\" styles=\"Italic \""), "\(placed)")
        // Cue 4: "two " highlighted from 0.5 s into the cue to 1.25 s, "three" from then to its end (2 s).
        let karaoke = try #require(sample(at: "00:00:07.000"))
        #expect(karaoke.contains("<Karaoke startTime=\"0.5\">"), "\(karaoke)")
        #expect(karaoke.contains("<KaraokeRange fromChar=\"4\" toChar=\"8\" endTime=\"1.25\"/>"), "\(karaoke)")
        #expect(karaoke.contains("<KaraokeRange fromChar=\"8\" toChar=\"13\" endTime=\"2\"/>"), "\(karaoke)")
        // Cue 3's colour classes: yellow and cyan.
        let colours = try #require(sample(at: "00:00:05.000"))
        #expect(colours.contains("color=\"ff ff 0 ff\"") && colours.contains("color=\"0 ff ff ff\""), "\(colours)")
        // Placed samples need the vertical-placement flag: the description's box is the video.
        #expect(ttxt.contains("<TextBox top=\"0\" left=\"0\" bottom=\"180\" right=\"320\"/>"))
    }

    /// background-font.ttml (Tests/TimedTextTests/Fixtures): the fonts its spans and paragraphs
    /// name go into the description's font table (3GPP TS 26.245 §5.16 `ftab`) and each
    /// stretch's `styl` record names its font by ID; the background every paragraph has (black)
    /// is the description's. MP4Box `-ttxt` prints the table, the records and `backColor`.
    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func mp4BoxShowsTheFontTableAndBackground() throws {
        let folder = try TemporaryFolder("tx3g-fonts")
        defer { folder.remove() }
        let input = TestPaths.packageRoot.appendingPathComponent("Tests/TimedTextTests/Fixtures/background-font.ttml").path
        let movie = folder.path("fonts.mov")
        let added = try LegibleCommand.run(["add-subtitles", TestPaths.testMedia.appendingPathComponent("demo.mov").path, input,
                                            "--past-end", "extend", "-o", movie, "--quiet"])
        try #require(added.status == 0, "\(added.stderr)")
        let dump = folder.path("track.ttxt")
        let result = try ExternalTool.run(TestPaths.mp4Box, ["-ttxt", "5", movie, "-out", dump])
        try #require(result.status == 0, "\(result.stderr)")
        let ttxt = try String(contentsOfFile: dump, encoding: .utf8)
        #expect(ttxt.contains("backColor=\"0 0 0 ff\""), "\(ttxt)")
        func fontID(_ name: String) -> String? {
            ttxt.components(separatedBy: "<FontTableEntry ").dropFirst().first { $0.hasPrefix("fontName=\"\(name)\"") }?
                .components(separatedBy: "fontID=\"").dropFirst().first?.components(separatedBy: "\"").first
        }
        // Cue 1: "typed" (characters 6..<11) in Courier New; cue 2: "code" (0..<4) in monospace;
        // cue 4: "Fallbacks" (0..<9) in Arial, the first of its list.
        for (name, from, to) in [("Courier New", 6, 11), ("Monospace", 0, 4), ("Arial", 0, 9)] {
            let id = try #require(fontID(name), "no font table entry \(name): \(ttxt)")
            #expect(ttxt.contains("<Style fromChar=\"\(from)\" toChar=\"\(to)\" styles=\"Normal\" fontID=\"\(id)\""), "\(name): \(ttxt)")
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func ffmpegReadsTheText() throws {
        let folder = try TemporaryFolder("tx3g-ffmpeg")
        defer { folder.remove() }
        let movie = try Self.movie(in: folder)
        let output = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", movie, "-map", "0:s:1", "-f", "webvtt", "-"])
        try #require(output.status == 0, "\(output.stderr)")
        let got = SubtitleCueReader.cues(output.stdout)
        let want = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: Self.input))
        #expect(got.map(\.start) == want.map(\.start))
        #expect(got.map(\.end) == want.map(\.end))
        // tx3g writes ruby annotations in parentheses after their base; the rest is the input's text.
        let text = want.map { $0.plainText.replacingOccurrences(of: "&nbsp;", with: "\u{A0}") }
            .map { $0 == "漢kan" ? "漢(kan)" : $0 }
        #expect(got.map(\.plainText) == text)
    }
}
