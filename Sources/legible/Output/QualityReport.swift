import Quality

/// How `legible qc` shows its findings: aligned text for people, JSON for scripts.
struct QualityReport {
    /// The checks of one input: a subtitle file (no track) or one track of a movie.
    struct Subject {
        let trackID: UInt32?
        let label: String?
        let cueCount: Int
        let check: SubtitleQualityCheck
    }

    let path: String
    let profile: QualityProfile
    let subjects: [Subject]

    var errorCount: Int { subjects.reduce(0) { $0 + $1.check.findings.filter { $0.severity == .error }.count } }

    var lines: [String] {
        var lines = ["\(path): \(profile.title) (--profile \(profile.name))"]
        for subject in subjects {
            let findings = subject.check.findings
            let counts = [("error", findings.filter { $0.severity == .error }.count),
                          ("warning", findings.filter { $0.severity == .warning }.count)]
                .map { "\($0.1) \($0.0)\($0.1 == 1 ? "" : "s")" }.joined(separator: ", ")
            let name = subject.trackID.map { "track \($0)\(subject.label.map { " (\(TerminalText.field($0)))" } ?? ""): " } ?? ""
            lines.append("  \(name)\(subject.cueCount) cue\(subject.cueCount == 1 ? "" : "s"), " + (findings.isEmpty ? "no findings" : counts))
            for finding in findings {
                lines.append("  \(finding.severity.rawValue.rightPadded(to: 8)) cue \(String(finding.cueNumber).rightPadded(to: 5)) \(finding.start)  \(finding.rule.rawValue): \(TerminalText.field(finding.message))")
                lines.append("           rule: \(finding.source)")
            }
            lines += subject.check.notes.map { "  note: \(TerminalText.field($0))" }
        }
        return lines
    }

    var json: JSONValue {
        .object([
            ("file", .string(path)),
            ("profile", Self.profileJSON(profile)),
            ("subjects", .array(subjects.map { subject in
                .object([
                    ("trackID", subject.trackID.map { .unsigned($0) } ?? .null),
                    ("cues", .unsigned(subject.cueCount)),
                    ("findings", .array(subject.check.findings.map(Self.findingJSON))),
                    ("notes", .array(subject.check.notes.map { .string($0) })),
                ])
            })),
            ("errors", .unsigned(errorCount)),
        ])
    }

    static func profileJSON(_ profile: QualityProfile) -> JSONValue {
        .object([
            ("name", .string(profile.name)), ("title", .string(profile.title)),
            ("limits", .array(profile.limits.map { limit in
                .object([("rule", .string(limit.rule.rawValue)), ("limit", .string(limit.value.description)),
                         ("severity", .string(limit.severity.rawValue)), ("source", .string(limit.source))])
            })),
        ])
    }

    private static func findingJSON(_ finding: QualityFinding) -> JSONValue {
        .object([
            ("severity", .string(finding.severity.rawValue)),
            ("rule", .string(finding.rule.rawValue)),
            ("cue", .unsigned(finding.cueNumber)),
            ("start", .seconds(Double(finding.start.microseconds) / 1_000_000)),
            ("end", .seconds(Double(finding.end.microseconds) / 1_000_000)),
            ("message", .string(finding.message)),
            ("source", .string(finding.source)),
        ])
    }
}
