import ISOBMFF
@testable import Quality
import Testing
import TimedText

/// Cues that a track's edit list leaves out (ISO/IEC 14496-12 §8.6.6: an edit shows only the media
/// from its media time for its duration) are never shown: an error naming their media time.
@Suite struct EditListRuleTests {
    @Test func cuesOutsideTheEditsAreNeverShown() {
        let shown = QualitySubject.NumberedCue(number: 2, cue: Cue(start: .seconds(1), end: .seconds(2), text: "shown"))
        let hidden = QualitySubject.NumberedCue(number: 1, cue: Cue(start: .zero, end: .milliseconds(500), text: "cut by the edit"))
        let subject = QualitySubject(numbered: [shown], outsideEdits: [hidden], movieEnd: .seconds(10), frameDuration: nil,
                                     movie: nil, trackID: 3)
        let check = SubtitleQualityCheck(subject, profile: .fcc)
        #expect(check.findings.map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.cueNumber)" } == ["error past-movie-end 1"])
        #expect(check.findings.first?.message.contains("edit list") == true)
    }
}
