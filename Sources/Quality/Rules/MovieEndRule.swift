import ISOBMFF
import TimedText

/// Cues a viewer of the movie never sees with the program, or sees cut short: those starting at
/// or after the end of its picture and sound (``QualitySubject/movieEnd``), those running past
/// it, and those the track's edit list does not show at all.
enum MovieEndRule {
    static func findings(_ subject: QualitySubject, _ profile: QualityProfile) -> QualityOutcome {
        var outcome = QualityOutcome()
        for hidden in subject.cuesOutsideEdits {
            outcome.findings.append(QualityFinding(.error, .pastMovieEnd, hidden,
                message: "never shown: the track's edit list shows no media at its time (media time \(hidden.cue.start)–\(hidden.cue.end))"))
        }
        guard let end = subject.movieEnd else { return outcome }
        for numbered in subject.cues where numbered.cue.end > end && numbered.cue.end > numbered.cue.start {
            let cue = numbered.cue
            outcome.findings.append(cue.start >= end
                ? QualityFinding(.error, .pastMovieEnd, numbered, message: "starts at \(cue.start), at or after the end of the picture and sound (\(end)): never seen with the program")
                : QualityFinding(.warning, .pastMovieEnd, numbered,
                                 message: "ends at \(cue.end), after the end of the picture and sound (\(end)): seen with the program for \(QualityNumber.seconds(end - cue.start))"))
        }
        return outcome
    }
}
