import Foundation
import LegibleTestSupport
import Testing

/// WebVTT → `tx3g` → WebVTT from the command line: `add-subtitles` writes the track, `extract`
/// reads it back, and every feature a `tx3g` sample carries (3GPP TS 26.245 §5.17: `tbox`,
/// `styl`, `krok`) comes back as the input file has it. The input is
/// Tests/TimedTextTests/Fixtures/tx3g-carried.vtt; the expected times, markup and cue boxes are
/// read off it by W3C WebVTT's rules (§7.2: `position` anchors a box of width `size` by its
/// alignment), independently of Legible's parser.
@Suite struct Tx3gRoundTripCommandTests {
    static let input = TestPaths.packageRoot.appendingPathComponent("Tests/TimedTextTests/Fixtures/tx3g-carried.vtt").path
    /// demo.mov's video is 320 pixels wide: a box edge is exact to a pixel.
    static let videoWidth = 320.0

    /// A cue's timing line settings, `name → value` (`position → 20%,line-left`).
    static func settings(_ text: String) -> [[String: String]] {
        text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n").compactMap { block in
            guard let timing = block.split(separator: "\n").first(where: { $0.contains("-->") }) else { return nil }
            let tokens = timing.split(separator: " ").dropFirst(3)
            return Dictionary(tokens.compactMap { token in
                let parts = token.split(separator: ":", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The left edge and width of a cue box in percent (W3C WebVTT §7.2): `size` wide, 100 when
    /// not given; anchored at `position` by its alignment (line-left, center, line-right; centre
    /// when not given, as `align` defaults to center); `position` 50 % when not given.
    static func horizontalBox(_ settings: [String: String]) -> (left: Double, width: Double) {
        let width = Double(settings["size"]?.dropLast() ?? "100") ?? 100
        let parts = settings["position"]?.split(separator: ",") ?? []
        let position = parts.first.flatMap { Double($0.dropLast()) } ?? 50
        switch parts.count > 1 ? String(parts[1]) : "center" {
        case "line-left": return (position, width)
        case "line-right": return (position - width, width)
        default: return (position - width / 2, width)
        }
    }

    @Test func everyCarriedFeatureComesBack() throws {
        let folder = try TemporaryFolder("tx3g-round-trip")
        defer { folder.remove() }
        let movie = folder.path("out.mov")
        // --strict: a tx3g track carries every feature of the input, so nothing is refused.
        let added = try LegibleCommand.run(["add-subtitles", TestPaths.testMedia.appendingPathComponent("demo.mov").path, Self.input,
                                            "--language", "en", "--strict", "-o", movie])
        try #require(added.status == 0, "\(added.stderr)")
        // demo.mov has tracks 1–4; the new tx3g track is 5.
        let extracted = try LegibleCommand.run(["extract", movie, "--track", "5", "--strict", "-o", folder.path("back.vtt")])
        try #require(extracted.status == 0, "\(extracted.stderr)")

        let inputText = try String(contentsOfFile: Self.input, encoding: .utf8)
        let outputText = try String(contentsOfFile: folder.path("back.vtt"), encoding: .utf8)
        let want = SubtitleCueReader.cues(inputText), got = SubtitleCueReader.cues(outputText)
        try #require(want.count == 4)
        // Times, and the text with its markup: bold, italic, underline, the colour classes
        // yellow and cyan, the karaoke timestamps.
        #expect(got == want)

        let wantSettings = Self.settings(inputText), gotSettings = Self.settings(outputText)
        try #require(gotSettings.count == 4)
        // Cues 1 and 4 are boxes: the same line, left edge and width (to a pixel).
        for index in [0, 3] {
            #expect(gotSettings[index]["line"] == wantSettings[index]["line"], "cue \(index + 1): \(gotSettings[index])")
            let wantBox = Self.horizontalBox(wantSettings[index]), gotBox = Self.horizontalBox(gotSettings[index])
            #expect(abs(gotBox.left - wantBox.left) <= 100 / Self.videoWidth, "cue \(index + 1): \(gotSettings[index])")
            #expect(abs(gotBox.width - wantBox.width) <= 100 / Self.videoWidth, "cue \(index + 1): \(gotSettings[index])")
        }
        // Cue 2 is the top line, cue 3 has no settings.
        #expect(gotSettings[1] == wantSettings[1])
        #expect(gotSettings[2].isEmpty && wantSettings[2].isEmpty)
    }
}
