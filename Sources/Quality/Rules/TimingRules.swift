import ISOBMFF
import TimedText
import TextTracks

/// The rules between one cue and those before it: overlapping cues (every profile) and the
/// profile's minimum gap. A cue is compared with the one that ends latest among those before
/// it, so a long cue that spans several short ones is found against each. Cues that last no
/// time are left to ``CueTextRules``.
enum TimingRules {
    static func findings(_ subject: QualitySubject, _ profile: QualityProfile) -> QualityOutcome {
        var outcome = QualityOutcome()
        let gap = profile.limit(for: .minimumGap)
        var framesNeeded = false
        var latest: QualitySubject.NumberedCue?
        for numbered in subject.cues where numbered.cue.end > numbered.cue.start {
            if let before = latest {
                if numbered.cue.start < before.cue.end {
                    outcome.findings.append(QualityFinding(.warning, .overlap, numbered,
                        message: "starts at \(numbered.cue.start), \(QualityNumber.seconds(before.cue.end - numbered.cue.start)) before cue \(before.number) ends (\(before.cue.end)): both show at once"))
                } else if let gap, let finding = gapFinding(numbered, after: before, gap, frame: subject.frameDuration, framesNeeded: &framesNeeded) {
                    outcome.findings.append(finding)
                }
            }
            if numbered.cue.end > latest?.cue.end ?? .zero || latest == nil { latest = numbered }
        }
        if framesNeeded, case .minimumGap(let minimum, _)? = gap?.value {
            outcome.notes.append("\(QualityRule.minimumGap.rawValue) not checked: a gap of \(minimum) needs the video's frame rate (check the movie, or give the frame rate)")
        }
        return outcome
    }

    /// The finding when `cue` starts too soon after `before` ends; `framesNeeded` is set when the
    /// limit is in frames and no frame duration is known.
    private static func gapFinding(_ cue: QualitySubject.NumberedCue, after before: QualitySubject.NumberedCue, _ limit: QualityLimit,
                                   frame: SubtitleTime?, framesNeeded: inout Bool) -> QualityFinding? {
        guard case .minimumGap(let minimum, let allowsAdjacent) = limit.value else { return nil }
        let gap = cue.cue.start - before.cue.end
        if gap == .zero && allowsAdjacent { return nil }
        let measured: String
        switch minimum {
        case .frames(let frames):
            guard let frame, frame.microseconds > 0 else {
                framesNeeded = true
                return nil
            }
            let gapFrames = Int((Double(gap.microseconds) / Double(frame.microseconds)).rounded())
            guard gapFrames < frames else { return nil }
            measured = "\(GapLength.frames(gapFrames)) (\(QualityNumber.seconds(gap)))"
        case .time(let time):
            guard gap.roundedMilliseconds < time.roundedMilliseconds else { return nil }
            measured = QualityNumber.seconds(gap)
        }
        let when = gap == .zero ? "starts as cue \(before.number) ends, with no gap" : "starts \(measured) after cue \(before.number) ends"
        return QualityFinding(limit.severity, .minimumGap, cue,
                              message: "\(when); the minimum gap is \(minimum)\(allowsAdjacent ? ", or none" : "")", source: limit.source)
    }
}
