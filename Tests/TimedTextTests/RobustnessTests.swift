import Foundation
import Testing
import LegibleTestSupport
@testable import TimedText

/// Parsers must never trap, whatever the bytes, and must stay fast on large or hostile input.
@Suite("Robustness")
struct RobustnessTests {
    private static let fragments: [String] = [
        "WEBVTT", "WEBVTT ", "\n", "\r\n", "\r", "\n\n", "-->", " --> ", "00:00:01.000", "00:01,5", "99:59:59,999",
        "1", "NOTE", "STYLE", "REGION", "id:x", "line:0", "position:50%,center", "size:10%", "align:end",
        "<b>", "</b>", "<i>", "<c.red.x>", "<v Bob>", "<lang en>", "<ruby>", "<rt>", "</ruby>", "<00:00:01.500>",
        "&amp;", "&#x41;", "&#99999999;", "&", "<", ">", "{\\an8}", "{\\pos(1,2)}", "{", "<font color=\"red\">",
        "</font>", "text", "é", "\u{FEFF}", "<tt xmlns=\"http://www.w3.org/ns/ttml\">", "<body>", "<div begin=\"1s\">",
        "<p begin=\"00:00:01:05\" end=\"3s\">", "</p>", "<span tts:color=\"#fff\">", "<br/>", "</div>", "</tt>",
        "<![CDATA[", "]]>", "<!--", "-->", "<?x?>", "xmlns:tts=\"http://www.w3.org/ns/ttml#styling\"", "\"", "'", "=",
    ]

    private func exercise(_ bytes: [UInt8]) {
        _ = try? SubRipParser.parse(bytes: bytes)
        _ = try? WebVTTParser.parse(bytes: bytes)
        _ = try? TTMLParser.parse(bytes: bytes)
        _ = SubtitleFormat.sniff(bytes)
    }

    @Test func randomBytesNeverCrash() {
        var generator = SplitMix64(seed: 7)
        let started = ContinuousClock.now
        for _ in 0..<3_000 {
            let length = Int(generator.next() % 160)
            exercise((0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        }
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    /// Token soup reaches the deeper states random bytes rarely get to; what parses must also
    /// survive a write and re-parse, and writing must be stable after one round.
    @Test func fragmentSoupNeverCrashesAndWritingIsStable() throws {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<3_000 {
            let count = Int(generator.next() % 40)
            let text = (0..<count).map { _ in Self.fragments[Int(generator.next() % UInt64(Self.fragments.count))] }.joined()
            exercise(Array(text.utf8))
            if let document = try? WebVTTParser.parse(string: "WEBVTT\n\n" + text) {
                let written = WebVTTWriter.write(document)
                let again = try WebVTTParser.parse(string: written)
                #expect(WebVTTWriter.write(again) == written, "\(text)")
            }
            if let document = try? SubRipParser.parse(string: text) {
                let written = SubRipWriter.write(document)
                let again = try SubRipParser.parse(string: written)
                #expect(SubRipWriter.write(again) == written, "\(text)")
            }
        }
    }

    @Test func largeInputsStayLinear() throws {
        let started = ContinuousClock.now
        var srt = ""
        for index in 0..<20_000 {
            srt += "\(index + 1)\n00:\(String(format: "%02d", index / 600 % 60)):00,000 --> 00:00:01,000\n<b>line</b> & <i>more\n\n"
        }
        #expect(try SubRipParser.parse(string: srt).cues.count == 20_000)
        let ampersands = "WEBVTT\n\n00:01.000 --> 00:02.000\n" + String(repeating: "&", count: 500_000)
        #expect(try WebVTTParser.parse(string: ampersands).cues.count == 1)
        let tags = "WEBVTT\n\n00:01.000 --> 00:02.000\n" + String(repeating: "<b>x", count: 100_000)
        #expect(try WebVTTParser.parse(string: tags).cues.first?.text.plainText.count == 100_000)
        let xml = "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div>"
            + String(repeating: "<p begin=\"1s\" end=\"2s\">a &amp; b</p>", count: 20_000) + "</div></body></tt>"
        #expect(try TTMLParser.parse(string: xml).cues.count == 20_000)
        #expect(ContinuousClock.now - started < .seconds(60))
    }
}
