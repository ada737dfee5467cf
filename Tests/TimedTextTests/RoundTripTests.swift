import Testing
@testable import TimedText

@Suite("Writers and round trips")
struct RoundTripTests {
    @Test(arguments: ["mixed-line-endings.srt", "utf16le-bom.srt", "cp1252.srt", "overlapping.srt", "tags.srt", "messy-structure.srt", "interop.srt"])
    func subRipRoundTrip(name: String) throws {
        let original = try SubRipParser.parse(bytes: fixture(name))
        let written = SubRipWriter.write(original)
        let reparsed = try SubRipParser.parse(string: written)
        #expect(reparsed.cues == original.cues)
        #expect(SubRipWriter.write(reparsed) == written)
    }

    @Test func webVTTRoundTrip() throws {
        let original = try WebVTTParser.parse(bytes: fixture("full.vtt"))
        let written = WebVTTWriter.write(original)
        let reparsed = try WebVTTParser.parse(string: written)
        #expect(reparsed.cues == original.cues)
        #expect(reparsed.webVTTHeader == original.webVTTHeader)
        #expect(reparsed.warnings.isEmpty)
        #expect(WebVTTWriter.write(reparsed) == written)
    }

    @Test func canonicalTimestampsAndSettings() throws {
        let cue = Cue(identifier: "a-->b\nc", start: SubtitleTime(microseconds: 3_723_004_499), end: SubtitleTime(microseconds: 360_000_000_500),
                      text: "x & <y>", placement: .top)
        #expect(SubRipWriter.write(cues: [cue]) == "1\n01:02:03,004 --> 100:00:00,001\n{\\an8}x & <y>\n")
        #expect(WebVTTWriter.write(cues: [cue]) == "WEBVTT\n\na->b c\n01:02:03.004 --> 100:00:00.001 line:0\nx &amp; &lt;y&gt;\n")
    }

    @Test func webVTTPayloadNestsTagsMinimally() {
        let text = CueText(runs: [
            run("Hi ", voice: "Bob"), run("there", bold: true, voice: "Bob"), run("!", bold: true),
            run("漢", ruby: .base), run("kan", ruby: .annotation),
        ])
        #expect(WebVTTWriter.payloadText(text) == "<v Bob>Hi <b>there</b></v><b>!</b><ruby>漢<rt>kan</rt></ruby>")
        #expect(WebVTTParser.parseCueText(WebVTTWriter.payloadText(text)) == text)
    }

    @Test func subRipToWebVTTAndBack() throws {
        let original = try SubRipParser.parse(bytes: fixture("tags.srt"))
        let viaWebVTT = try WebVTTParser.parse(string: WebVTTWriter.write(original))
        #expect(summary(viaWebVTT.cues) == summary(original.cues))
        #expect(viaWebVTT.cues.map(\.placement) == original.cues.map(\.placement))
        let back = try SubRipParser.parse(string: SubRipWriter.write(viaWebVTT))
        #expect(back.cues == original.cues)
    }

    @Test func webVTTToSubRipKeepsWhatSubRipCarries() throws {
        let original = try WebVTTParser.parse(bytes: fixture("full.vtt"))
        let viaSubRip = try SubRipParser.parse(string: SubRipWriter.write(original))
        #expect(viaSubRip.cues.map(\.start) == original.cues.map(\.start))
        #expect(viaSubRip.cues.map(\.end) == original.cues.map(\.end))
        #expect(viaSubRip.cues.map(\.placement) == original.cues.map(\.placement))
        // Ruby annotations go in parentheses; everything else is the same text.
        #expect(viaSubRip.cues[2].text.plainText == "Bonjour 漢(kan)字(ji)")
        #expect(viaSubRip.cues[1].text.runs.first == run("Yellow", color: .yellow))
    }

    @Test(arguments: ["clock.ttml", "frames.ttml", "offsets.ttml", "nested.ttml", "styled.ttml"])
    func ttmlToWebVTTAndSubRip(name: String) throws {
        let original = try TTMLParser.parse(bytes: fixture(name))
        let viaWebVTT = try WebVTTParser.parse(string: WebVTTWriter.write(original))
        let viaSubRip = try SubRipParser.parse(string: SubRipWriter.write(original))
        for converted in [viaWebVTT, viaSubRip] {
            #expect(converted.cues.map(\.text.plainText) == original.cues.map { $0.text.plainText.split(separator: "\n").joined(separator: "\n") })
            #expect(converted.cues.map(\.start.roundedMilliseconds) == original.cues.map(\.start.roundedMilliseconds))
            #expect(converted.cues.map(\.end.roundedMilliseconds) == original.cues.map(\.end.roundedMilliseconds))
            #expect(converted.cues.map(\.placement) == original.cues.map(\.placement))
        }
    }
}
