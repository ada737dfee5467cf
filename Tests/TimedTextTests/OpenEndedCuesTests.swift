import Testing
@testable import TimedText

/// Cues with no end (TTML text shown until the document ends, TTML1 3rd Ed. §10.4) closed at
/// the end of what they are shown over.
@Suite("Open-ended cues")
struct OpenEndedCuesTests {
    private func cue(_ start: Int64, _ end: SubtitleTime, _ text: String) -> Cue {
        Cue(start: ms(start), end: end, text: CueText(text))
    }

    @Test func closedAtTheMovieEnd() {
        let cues = [cue(0, ms(1_000), "a"), cue(500, Cue.openEnd, "open")]
        #expect(summary(OpenEndedCues.closed(cues, at: ms(4_000))) == ["0-1000 a", "500-4000 open"])
    }

    /// A track longer than the movie (lengthened to hold it) holds the open cue to its own end.
    @Test func closedAtTheLatestCueWhenThatIsLater() {
        let cues = [cue(500, Cue.openEnd, "open"), cue(5_000, ms(6_000), "late")]
        #expect(summary(OpenEndedCues.closed(cues, at: ms(4_000))) == ["500-6000 open", "5000-6000 late"])
        #expect(summary(OpenEndedCues.closed(cues, at: nil)) == ["500-6000 open", "5000-6000 late"])
    }

    /// Beginning after everything else has ended, an open cue is never shown: it ends where it starts.
    @Test func startingAfterTheEndLastsZero() {
        let closed = OpenEndedCues.closed([cue(5_000, Cue.openEnd, "never")], at: ms(4_000))
        #expect(summary(closed) == ["5000-5000 never"])
        #expect(CuesPastEnd(closed, end: ms(4_000)).leftOut == [1])
    }

    /// Written as TTML, a cue with no end gets no `end` attribute and reads back open.
    @Test func ttmlKeepsAnOpenEnd() throws {
        let written = TTMLWriter.write(cues: [cue(1_000, Cue.openEnd, "open")], language: "en")
        #expect(!written.contains("end="))
        let cues = try TTMLParser.parse(string: written).cues
        #expect(cues.map(\.start) == [ms(1_000)])
        #expect(cues.map(\.hasOpenEnd) == [true])
    }

    @Test func cuesWithEndsAreLeftAsTheyAre() {
        let cues = [cue(0, ms(1_000), "a")]
        #expect(OpenEndedCues.closed(cues, at: ms(500)) == cues)
    }
}
