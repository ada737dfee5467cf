import Conversion
import ISOBMFF

/// Retiming cues, and what landing before the start costs them.
extension CueRetiming {
    /// Cues retimed, with what had to change at time 0.
    public struct RetimedCues: Sendable, Equatable {
        /// The cues that still show after time 0, in their input order; a cue that started
        /// before 0 starts at 0.
        public var cues: [Cue]
        /// The cues left out for ending at or before 0, and those cut at 0.
        public var losses: [ConversionLoss]
    }

    /// Retimes every cue's start, end and karaoke timestamps (WebVTT inner timestamps); a cue
    /// with no end (``Cue/hasOpenEnd``) keeps none. A cue that now ends at or before 0 is left
    /// out, one that starts before 0 and ends after it is cut at 0; both are named as losses,
    /// numbered from 1 in input order.
    public func retimed(_ cues: [Cue]) -> RetimedCues {
        guard !isIdentity else { return RetimedCues(cues: cues, losses: []) }
        var kept: [Cue] = []
        var leftOut: [Int] = []
        var cut: [Int] = []
        for (index, cue) in cues.enumerated() {
            var moved = cue
            moved.start = time(cue.start)
            if !cue.hasOpenEnd { moved.end = time(cue.end) }
            if moved.end <= .zero {
                leftOut.append(index + 1)
                continue
            }
            if moved.start < .zero {
                moved.start = .zero
                cut.append(index + 1)
            }
            moved.text = CueText(runs: cue.text.runs.map { run in
                var run = run
                run.timestamp = run.timestamp.map { min(max(time($0), moved.start), moved.end) }
                return run
            })
            kept.append(moved)
        }
        return RetimedCues(cues: kept, losses: ConversionLoss.beforeStart(.cue, leftOut: leftOut, cut: cut))
    }
}

/// Losses at time 0.
extension ConversionLoss {
    /// The losses of retiming items to before time 0: those left out for ending at or before
    /// it, and those cut there.
    public static func beforeStart(_ subject: Subject, leftOut: [Int], cut: [Int]) -> [ConversionLoss] {
        var losses: [ConversionLoss] = []
        if !leftOut.isEmpty {
            losses.append(ConversionLoss(kind: .beforeStart, subject: subject, numbers: leftOut,
                                         message: "left out, landing before \(SubtitleTime.zero) once retimed",
                                         hint: "a smaller origin or a later offset keeps them"))
        }
        if !cut.isEmpty {
            losses.append(ConversionLoss(kind: .cutAtStart, subject: subject, numbers: cut,
                                         message: "cut at \(SubtitleTime.zero), starting before it once retimed",
                                         hint: "a smaller origin or a later offset keeps them whole"))
        }
        return losses
    }
}

/// Losses at time 0.
extension ConversionLoss.Kind {
    /// Cues or caption bursts that land wholly before time 0 once retimed, left out.
    public static let beforeStart = Self(rawValue: "before-start")
    /// Cues that start before time 0 once retimed, cut there.
    public static let cutAtStart = Self(rawValue: "cut-at-start")
}
