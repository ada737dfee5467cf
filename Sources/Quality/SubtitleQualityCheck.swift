import TextTracks

/// Checks subtitle cues against a published guideline (``QualityProfile``): reading speed,
/// line length, line count, display time, gaps and the CEA-608 character set as the profile sets
/// them, and the rules every profile shares (overlaps, cues past the movie's end or never shown,
/// empty cues, forced cues missing from the full track).
///
/// Reads only the cues it is given; a movie track's cues come from ``QualitySubject/init(track:in:)``.
public struct SubtitleQualityCheck: Sendable {
    /// The profile applied.
    public let profile: QualityProfile
    /// Every finding, by cue number, then in rule order.
    public let findings: [QualityFinding]
    /// Rules that could not be checked, and why (a gap in frames with no known frame rate).
    public let notes: [String]

    /// Checks `subject`'s cues against `profile`.
    public init(_ subject: QualitySubject, profile: QualityProfile) {
        self.profile = profile
        var outcome = QualityOutcome()
        for rule in Self.rules { outcome.append(rule(subject, profile)) }
        let order = Dictionary(uniqueKeysWithValues: QualityRule.allCases.enumerated().map { ($1, $0) })
        findings = outcome.findings.sorted { lhs, rhs in
            (lhs.cueNumber, order[lhs.rule] ?? 0) < (rhs.cueNumber, order[rhs.rule] ?? 0)
        }
        notes = outcome.notes
    }

    /// Whether a finding at error level remains (`qc` then exits 1, as `check` does).
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// The rules, in the order they run. Each sees the subject and the profile and returns its
    /// findings and notes.
    ///
    /// To add a rule: give it a ``QualityRule`` case (its stable name and, if every profile
    /// applies it, its ``QualityRule/structuralSource``) and append a function here.
    static let rules: [@Sendable (QualitySubject, QualityProfile) -> QualityOutcome] = [
        LimitRules.findings, TimingRules.findings, MovieEndRule.findings, CueTextRules.findings, ForcedCueRule.findings,
    ]
}

/// What one rule found.
struct QualityOutcome {
    var findings: [QualityFinding] = []
    var notes: [String] = []

    mutating func append(_ other: QualityOutcome) {
        findings += other.findings
        notes += other.notes
    }
}
