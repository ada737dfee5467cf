/// What is wrong with a cue's times, if anything: the shared wording for parser and timeline
/// diagnostics.
enum CueTimingProblem {
    case zeroLength
    case inverted

    init?(_ cue: Cue) {
        if cue.end == cue.start {
            self = .zeroLength
        } else if cue.end < cue.start {
            self = .inverted
        } else {
            return nil
        }
    }

    var message: String {
        switch self {
        case .zeroLength: "cue has zero length"
        case .inverted: "cue ends before it starts"
        }
    }
}
