import Testing
@testable import TimedText

@Suite("TTML parser")
struct TTMLParserTests {
    @Test func clockTimes() throws {
        let document = try TTMLParser.parse(bytes: fixture("clock.ttml"))
        #expect(document.cues.map(\.start.microseconds) == [1_500_000, 3_000_000, 3_600_000_000])
        #expect(document.cues.map(\.end.microseconds) == [2_250_000, 4_000_001, 3_601_000_000])
        #expect(document.cues.map(\.text.plainText) == ["One", "Two", "Three"])
        #expect(document.language == "en")
        #expect(document.warnings.isEmpty)
    }

    @Test func frameTimesWithMultiplierAndSubFrames() throws {
        let document = try TTMLParser.parse(bytes: fixture("frames.ttml"))
        // 15 frames at 30000/1001 fps = 0.5005 s; one sub-frame (of 2) = 1001/60000 s; 100 frames = 3.33667 s.
        #expect(document.cues.map(\.start.microseconds) == [1_500_500, 3_016_683])
        #expect(document.cues.map(\.end.microseconds) == [2_000_000, 3_336_667])
    }

    @Test func offsetTimesInEveryMetric() throws {
        let document = try TTMLParser.parse(bytes: fixture("offsets.ttml"))
        #expect(summary(document.cues) == [
            "12500-13000 seconds", "500-750 milliseconds", "120000-180000 minutes and hours",
            "3600000-3601000 one hour", "1200-2000 frames", "0-1500 ticks", "20000-22000 dur wins when earlier",
        ])
        #expect(document.cues[5].start.microseconds == 10)
    }

    @Test func nestedTimeContainment() throws {
        let document = try TTMLParser.parse(bytes: fixture("nested.ttml"))
        #expect(summary(document.cues) == [
            "16000-17000 at 16s", "19000-20000 at 19s", "20000-30000 clipped by the outer div at 30s",
            "19000-30000 ends with its div", "50000-51000 seq one", "52000-54000 seq two",
            "11000-\(Cue.openEnd.roundedMilliseconds) no end anywhere",
        ])
        // No end anywhere: shown until the document ends (TTML1 §10.4), an open end.
        #expect(document.cues.last?.hasOpenEnd == true)
        #expect(document.warnings.isEmpty)
    }

    @Test func stylesRegionsLanguageAndWhitespace() throws {
        let document = try TTMLParser.parse(bytes: fixture("styled.ttml"))
        let cues = document.cues
        try #require(cues.count == 6)
        let translucentGreen = SubtitleColor(red: 0, green: 255, blue: 0, alpha: 128)
        #expect(cues[0].identifier == "c1")
        #expect(cues[0].text.runs == [
            run("Bold white\n", bold: true, color: .white),
            run("second ", bold: true, italic: true, underline: true, color: .white),
            run("line", bold: true, italic: true, underline: true, color: translucentGreen),
        ])
        #expect(cues.map(\.placement) == [.bottom, .top, .bottom, .top, .bottom, .bottom])
        #expect(cues[1].text.runs == [
            run("top", color: .red), run(" "), run("region", color: SubtitleColor(red: 0, green: 0, blue: 255, alpha: 128)),
        ])
        #expect(cues[2].text.plainText == "pixel region & entities <é> <cdata>")
        #expect(cues[3].text.runs == [run("Bonjour", language: "fr"), run(" hello")])
        #expect(cues.map(\.isForced) == [false, false, false, false, true, false])
        #expect(cues[5].text.plainText == "  keep\n spaces")
        #expect(document.warnings.contains { $0.message.contains("style reference cycle") })
    }

    @Test func timeExpressionGrammar() {
        let timing = TTMLTimeExpression(parameters: { _ in nil }, warn: { _ in })
        #expect(timing.time("00:00:01") == ms(1_000))
        #expect(timing.time("00:00:01:15") == ms(1_500))
        #expect(timing.time("1.25s") == ms(1_250))
        #expect(timing.time(" 2m ") == ms(120_000))
        for bad in ["", "1", "1x", "00:1:00", "00:00:01.", "1.s", "99999999999999999999h", ".5s", "00:00:01:"] {
            #expect(timing.time(bad) == nil, "\(bad)")
        }
    }

    @Test func malformedAndForeignDocuments() {
        #expect(throws: SubtitleParseError.self) { try TTMLParser.parse(string: "<html/>") }
        #expect(throws: SubtitleParseError.self) { try TTMLParser.parse(string: "not xml") }
        #expect(throws: SubtitleParseError.self) { try TTMLParser.parse(string: "<tt xmlns=\"http://www.w3.org/ns/ttml\" a=b/>") }
        let deep = "<tt xmlns=\"http://www.w3.org/ns/ttml\">" + String(repeating: "<div>", count: 100)
        #expect(throws: SubtitleParseError.self) { try TTMLParser.parse(string: deep) }
    }

    @Test func forgivingXMLStructure() throws {
        let text = """
            <tt xmlns="http://www.w3.org/ns/ttml"><body><div>
            <p begin="1s" end="2s">a <span>b</p></div></body>
            """
        let document = try TTMLParser.parse(string: text)
        #expect(summary(document.cues) == ["1000-2000 a b"])
        #expect(!document.warnings.isEmpty)
    }
}
