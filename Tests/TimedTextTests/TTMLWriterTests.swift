import Testing
@testable import TimedText

/// The IMSC1 Text writer: what it writes reads back, through the TTML parser, as the cues it was
/// given (alignment aside: the regions centre text, which the parser reports as `align:center`,
/// WebVTT's default), and what it cannot write is named.
@Suite struct TTMLWriterTests {
    private func time(_ milliseconds: Int64) -> SubtitleTime { .milliseconds(milliseconds) }

    /// Cues with the alignment the writer's regions give them when they had none.
    private func centred(_ cues: [Cue]) -> [Cue] {
        cues.map { cue in
            var cue = cue
            if cue.settings.align == nil { cue.settings.align = .center }
            return cue
        }
    }

    @Test func styledCuesReadBackAsWritten() throws {
        let red = SubtitleColor(red: 255, green: 0, blue: 0)
        let cues = [
            Cue(identifier: "c1", start: time(500), end: time(2_000), text: CueText(runs: [
                StyledRun("Bold", style: TextStyle(isBold: true)), StyledRun(" and "),
                StyledRun("red italic", style: TextStyle(isItalic: true, color: red)),
            ])),
            Cue(start: time(2_500), end: time(4_000), text: "Line one\nLine two", placement: .top),
            Cue(start: time(4_000), end: time(5_250), text: CueText(runs: [
                StyledRun("Big", style: TextStyle(fontScale: 1.5)), StyledRun(" "),
                StyledRun("under", style: TextStyle(isUnderlined: true)), StyledRun(" "),
                StyledRun("bonjour", style: TextStyle(language: "fr")),
            ]), settings: CueSettings(align: .start)),
            Cue(start: time(6_000), end: time(7_000), text: "Forced", isForced: true),
            Cue(start: time(7_000), end: time(8_000), text: CueText(runs: [
                StyledRun("Sign: "), StyledRun("STOP", style: TextStyle(isForced: true)),
            ])),
        ]
        let text = TTMLWriter.write(cues: cues, language: "en")
        let document = try TTMLParser.parse(string: text)
        #expect(document.language == "en")
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        #expect(document.cues == centred(cues))
        #expect(SubtitleTarget.ttml.losses(of: cues).isEmpty)
    }

    @Test func documentDeclaresTheIMSC1TextProfile() {
        let text = TTMLWriter.write(cues: [Cue(start: .zero, end: time(1_000), text: "Hi")], language: "de")
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tt xmlns=\"http://www.w3.org/ns/ttml\""))
        #expect(text.contains("ttp:profile=\"http://www.w3.org/ns/ttml/profile/imsc1/text\""))
        #expect(text.contains("xml:lang=\"de\""))
        #expect(text.contains("<p begin=\"00:00:00.000\" end=\"00:00:01.000\" region=\"bottom\">Hi</p>"))
    }

    @Test func markupCharactersAndSpacesSurvive() throws {
        let cues = [
            Cue(start: time(0), end: time(1_000), text: "Tom & Jerry <3 \"quotes\""),
            Cue(start: time(1_000), end: time(2_000), text: "  two  spaces "),
        ]
        let text = TTMLWriter.write(cues: cues)
        #expect(text.contains("Tom &amp; Jerry &lt;3 &quot;quotes&quot;"))
        let parsed = try TTMLParser.parse(string: text)
        #expect(parsed.cues.map(\.text) == cues.map(\.text))
    }

    @Test func controlCharactersAreLeftOutAndTheDocumentStillParses() throws {
        let cue = Cue(start: time(0), end: time(1_000), text: "bell\u{7} here")
        let parsed = try TTMLParser.parse(string: TTMLWriter.write(cues: [cue]))
        #expect(parsed.cues.map(\.text.plainText) == ["bell here"])
    }

    @Test func timesKeepMicrosecondsAndLongHours() {
        #expect(TTMLWriter.clockTime(SubtitleTime(microseconds: 1_000_011)) == "00:00:01.000011")
        #expect(TTMLWriter.clockTime(SubtitleTime(microseconds: 123 * 3_600_000_000 + 1_500_000)) == "123:00:01.500")
        #expect(TTMLWriter.clockTime(SubtitleTime(microseconds: -5)) == "00:00:00.000")
    }

    @Test func whatIMSC1TextCannotCarryIsNamed() {
        let cues = [
            Cue(identifier: "1", start: time(0), end: time(1_000), text: CueText(runs: [StyledRun("Hi", style: TextStyle(voice: "Ann"))])),
            Cue(start: time(1_000), end: time(2_000), text: "Side", settings: CueSettings(position: CueSettings.CuePosition(20))),
            Cue(start: time(2_000), end: time(3_000), text: CueText(runs: [StyledRun("漢", style: TextStyle(ruby: .base)),
                                                                          StyledRun("かん", style: TextStyle(ruby: .annotation))])),
        ]
        let kinds = SubtitleTarget.ttml.losses(of: cues).map(\.kind)
        #expect(kinds == [.voice, .identifier, .position, .ruby])
        // Identifiers that are not XML names are left out of the document, not written broken.
        #expect(!TTMLWriter.write(cues: cues).contains("xml:id=\"1\""))
    }

    @Test func repeatedIdentifiersAreWrittenOnce() throws {
        let cues = [Cue(identifier: "a", start: time(0), end: time(1_000), text: "one"),
                    Cue(identifier: "a", start: time(1_000), end: time(2_000), text: "two")]
        let parsed = try TTMLParser.parse(string: TTMLWriter.write(cues: cues))
        #expect(parsed.cues.map(\.identifier) == ["a", nil])
    }
}
