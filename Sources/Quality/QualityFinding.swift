import ISOBMFF
import TimedText
import TextTracks

/// One place where a cue does not meet a rule: which cue, what was measured, against what limit,
/// and the document the limit comes from.
public struct QualityFinding: Sendable, Equatable {
    /// Shared with `legible check`: error (exit 1), warning or information.
    public var severity: FindingSeverity
    /// The rule the cue breaks.
    public var rule: QualityRule
    /// The cue's number: its 1-based position in the subtitle file, or among the track's cues
    /// as `legible extract` writes them.
    public var cueNumber: Int
    /// The cue's timing, in movie time for a track.
    public var start: SubtitleTime
    /// When the cue ends.
    public var end: SubtitleTime
    /// A sentence for a person: what was measured and the limit.
    public var message: String
    /// The public document (and section) the rule and its number come from.
    public var source: String

    /// A finding about cue number `cue`.
    public init(_ severity: FindingSeverity, _ rule: QualityRule, cue: Int, start: SubtitleTime, end: SubtitleTime,
                message: String, source: String) {
        self.severity = severity
        self.rule = rule
        cueNumber = cue
        self.start = start
        self.end = end
        self.message = message
        self.source = source
    }
}

extension QualityFinding {
    /// A finding about `cue`; the source is the rule's own (``QualityRule/structuralSource``)
    /// unless a profile's limit gives one.
    init(_ severity: FindingSeverity, _ rule: QualityRule, _ cue: QualitySubject.NumberedCue, message: String, source: String? = nil) {
        self.init(severity, rule, cue: cue.number, start: cue.cue.start, end: cue.cue.end, message: message,
                  source: source ?? rule.structuralSource ?? "")
    }
}
