import Testing
@testable import TimedText

@Suite("SubRip parser")
struct SubRipParserTests {
    @Test func mixedLineEndingsAndShortFractions() throws {
        let document = try SubRipParser.parse(bytes: fixture("mixed-line-endings.srt"))
        #expect(summary(document.cues) == ["1500-2250 One", "3000-4100 Two\nlines", "5000-6000 Three"])
        #expect(document.warnings.isEmpty)
        #expect(document.format == .subRip)
    }

    @Test func utf8ByteOrderMark() throws {
        let document = try SubRipParser.parse(bytes: fixture("utf8-bom.srt"))
        #expect(summary(document.cues) == ["1000-2000 Café ♪"])
        #expect(document.warnings.isEmpty)
    }

    @Test func utf16LittleEndianByteOrderMark() throws {
        let document = try SubRipParser.parse(bytes: fixture("utf16le-bom.srt"))
        #expect(summary(document.cues) == ["1000-2000 Über 東京", "3000-4000 Zwei"])
        #expect(document.warnings.isEmpty)
    }

    @Test func utf16BigEndianByteOrderMark() throws {
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in "1\n00:00:01,000 --> 00:00:02,000\nÀ\n".utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        #expect(summary(try SubRipParser.parse(bytes: bytes).cues) == ["1000-2000 À"])
    }

    @Test func windows1252FallbackWarns() throws {
        let document = try SubRipParser.parse(bytes: fixture("cp1252.srt"))
        #expect(summary(document.cues) == ["1000-2000 Café € 10 \u{201C}quoted\u{201D} it\u{2019}s"])
        #expect(document.warnings.map(\.message) == ["not valid UTF-8; read as Windows-1252"])
    }

    @Test func overlappingCuesAreKeptInFileOrder() throws {
        let document = try SubRipParser.parse(bytes: fixture("overlapping.srt"))
        #expect(summary(document.cues) == ["1000-4000 Long cue", "2000-3000 Short cue inside", "3500-5000 Overlaps the end"])
    }

    @Test func htmlTagsAndAlignmentOverrides() throws {
        let document = try SubRipParser.parse(bytes: fixture("tags.srt"))
        let cues = document.cues
        try #require(cues.count == 4)
        #expect(cues[0].text.runs == [
            run("Italic", italic: true), run(" and "), run("bold ", bold: true), run("underlined", bold: true, underline: true),
        ])
        #expect(cues[1].text.runs == [run("red", color: .red), run(" "), run("yellow", color: .yellow)])
        #expect(cues[2].placement == .top)
        #expect(cues[2].text.runs == [run("Top and unclosed", italic: true)])
        #expect(cues[3].placement == .bottom)
        #expect(cues[3].text.runs == [
            run("I <3 you "), run("misnested ", bold: true), run("tags", bold: true, italic: true), run(" here", italic: true),
        ])
        #expect(document.warnings == [SubtitleDiagnostic(line: 15, message: "ASS override tags stripped: \\pos(10,20) \\fs12")])
    }

    @Test func messyStructure() throws {
        let document = try SubRipParser.parse(bytes: fixture("messy-structure.srt"))
        #expect(summary(document.cues) == [
            "1000-2000 No number above", "3000-4000 Missing blank line below",
            "5000-6000 First line\nafter a blank line", "7000-7000 Zero length", "9000-8000 Inverted",
        ])
        #expect(document.warnings.map(\.description) == [
            "line 13: blank line inside cue text dropped",
            "line 16: cue has zero length (kept)",
            "line 19: cue ends before it starts (kept)",
        ])
    }

    @Test func timestampVariants() throws {
        let text = "00:01,5 --> 00:02.75\nno hours\n\n1:02:03,4567 --> 1:02:04,000 X1:10 X2:20\nlong fraction, coordinates\n"
        let document = try SubRipParser.parse(string: text)
        #expect(document.cues.map(\.start) == [ms(1_500), SubtitleTime(microseconds: 3_723_456_700)])
        #expect(document.cues.map(\.end) == [ms(2_750), ms(3_724_000)])
    }

    @Test func textWithoutCuesIsFatalButEmptyIsNot() throws {
        #expect(throws: SubtitleParseError(.noCues, line: 1)) { try SubRipParser.parse(string: "just some text\n") }
        #expect(try SubRipParser.parse(string: "\n\n").cues.isEmpty)
        #expect(throws: SubtitleParseError(.inputTooLarge(limit: 4))) {
            try SubRipParser.parse(bytes: Array("12345".utf8), limits: SubtitleParseLimits(maxInputBytes: 4))
        }
    }
}
