import Conversion
import Testing
import TimedText

/// Cues held to a movie's end: those starting at or after it are left out, one running across
/// it is cut, and the hint says what keeps them in plain words — the option that does it is
/// the command line's to name.
@Suite struct CuesPastEndTests {
    @Test func leftOutAndCutWithAHintWithoutOptions() {
        let cues = [
            Cue(start: .milliseconds(1000), end: .milliseconds(2000), text: "Inside"),
            Cue(start: .milliseconds(3500), end: .milliseconds(4500), text: "Across"),
            Cue(start: .milliseconds(5000), end: .milliseconds(6000), text: "After"),
        ]
        let pastEnd = CuesPastEnd(cues, end: .seconds(4))
        #expect(pastEnd.firstPastEnd == 2)
        let losses = pastEnd.losses
        #expect(losses.map(\.kind) == [.pastMovieEnd, .cutAtMovieEnd])
        #expect(losses.map(\.numbers) == [[3], [2]])
        #expect(losses.map(\.hint) == ["lengthening the movie keeps them", "lengthening the movie keeps them whole"])
        #expect(losses.allSatisfy { !$0.summary.contains("--") }, "\(losses.map(\.summary))")
    }
}
