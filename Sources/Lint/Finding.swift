
/// One problem `MovieCheck` found: where, which rule, why it matters, and how to repair it.
public struct Finding: Sendable {
    /// How serious it is.
    public var severity: FindingSeverity
    /// The track concerned; nil for the movie or a whole alternate group.
    public var trackID: UInt32?
    /// The rule it breaks.
    public var rule: CheckRule
    /// A sentence for a person: what is wrong and what players do about it.
    public var message: String
    /// The change that repairs it, when there is one.
    public var fix: TrackFix?

    /// A finding about `trackID` (nil for the movie as a whole).
    public init(_ severity: FindingSeverity, track trackID: UInt32?, rule: CheckRule, message: String, fix: TrackFix? = nil) {
        self.severity = severity
        self.trackID = trackID
        self.rule = rule
        self.message = message
        self.fix = fix
    }
}
