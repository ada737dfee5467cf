/// Cues that cannot show anything: timing that ends at or before the start, and cues without
/// visible text.
enum CueTextRules {
    static func findings(_ subject: QualitySubject, _ profile: QualityProfile) -> QualityOutcome {
        var outcome = QualityOutcome()
        for numbered in subject.cues {
            if numbered.cue.end <= numbered.cue.start {
                outcome.findings.append(QualityFinding(.error, .invalidTiming, numbered,
                    message: "ends at \(numbered.cue.end), not after its start (\(numbered.cue.start)): never shown"))
            }
            if numbered.measurement.isEmpty {
                outcome.findings.append(QualityFinding(.warning, .emptyCue, numbered, message: "has no text: it shows nothing"))
            }
        }
        return outcome
    }
}
