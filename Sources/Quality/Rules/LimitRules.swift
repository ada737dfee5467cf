import ISOBMFF
import TimedText

/// The rules that measure one cue against a limit of the profile: reading speed, characters
/// per line, lines per cue, minimum and maximum duration, and the characters a CEA-608 caption
/// can show (the table the caption encoder uses, `CEA608CharacterSet`). Times are compared to
/// the millisecond, the precision of SubRip and WebVTT timestamps: a limit of 5/6 s is met by a
/// cue of 833 ms.
enum LimitRules {
    static func findings(_ subject: QualitySubject, _ profile: QualityProfile) -> QualityOutcome {
        var outcome = QualityOutcome()
        for limit in profile.limits {
            for numbered in subject.cues {
                guard let message = message(for: limit.value, numbered.measurement) else { continue }
                outcome.findings.append(QualityFinding(limit.severity, limit.rule, numbered, message: message, source: limit.source))
            }
        }
        return outcome
    }

    /// What is wrong with a cue measured `cue` under `limit`, or nil when it is within it.
    static func message(for limit: QualityLimit.Value, _ cue: CueMeasurement) -> String? {
        switch limit {
        case .readingSpeed(let speed):
            guard let rate = cue.rate(in: speed), rate > speed.value else { return nil }
            let amount = if case .charactersPerSecond = speed { "\(cue.characters) characters" } else { "\(cue.words) words" }
            return "reading speed \(QualityNumber.text(rate)) \(speed.unit) (\(amount) in \(QualityNumber.seconds(cue.duration))); the limit is \(QualityNumber.text(speed.value))"
        case .charactersPerLine(let maximum):
            let long = cue.lineLengths.enumerated().filter { $0.element > maximum }
            guard !long.isEmpty else { return nil }
            let lines = long.map { "line \($0.offset + 1) has \($0.element) characters" }.joined(separator: ", ")
            return "\(lines); the limit is \(maximum)"
        case .linesPerCue(let maximum):
            guard cue.lines.count > maximum else { return nil }
            return "\(cue.lines.count) lines; the limit is \(maximum)"
        case .minimumDuration(let minimum):
            guard cue.duration.microseconds > 0, cue.duration.roundedMilliseconds < minimum.roundedMilliseconds else { return nil }
            return "on screen \(QualityNumber.seconds(cue.duration)); the minimum is \(QualityNumber.seconds(minimum))"
        case .maximumDuration(let maximum):
            guard cue.duration.roundedMilliseconds > maximum.roundedMilliseconds else { return nil }
            return "on screen \(QualityNumber.seconds(cue.duration)); the maximum is \(QualityNumber.seconds(maximum))"
        case .minimumGap:
            return nil
        case .cea608Characters:
            let missing = CEA608CharacterSet.charactersWithoutForm(in: cue.lines.joined(separator: "\n"))
            guard !missing.isEmpty else { return nil }
            let them = missing.count == 1 ? "it" : "them"
            return "no CEA-608 form for \(CEA608CharacterSet.listing(missing)): a 608 caption cannot show \(them), and an encoder leaves \(them) out"
        }
    }
}
