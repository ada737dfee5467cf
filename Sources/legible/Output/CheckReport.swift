import Lint
import TextTracks

/// How `legible check` shows its findings: aligned text for people, JSON for scripts.
struct CheckReport {
    let path: String
    let findings: [Finding]
    /// With `--fix`: the findings the fixes repaired, and the file written.
    let fixed: [Finding]?
    let output: String?
    /// Where reading the movie stopped at a limit: its findings are of the part before it.
    let readingStop: String?

    private func fixCommand(_ finding: Finding) -> String? {
        finding.fix.map { Self.command(making: $0, in: output ?? path) }
    }

    /// The command that makes `fix` to the movie at `path`: a `set-track` line, or, for a track
    /// rebuilt from new cues (which has no set-track form), `check --fix`. `report` shows the same.
    static func command(making fix: TrackFix, in path: String) -> String {
        guard fix.replacementCues == nil else {
            return (["legible", "check", path, "--fix", "--in-place"]).map(SetTrackCommandLine.shellWord).joined(separator: " ")
        }
        return SetTrackCommandLine(moviePath: path, fix: fix).rendered
    }

    /// How the command line names a change a finding advises: ` (legible set-track OPTIONS)`.
    static func suggestion(_ arguments: [String]) -> String {
        " (legible set-track \(arguments.joined(separator: " ")))"
    }

    var lines: [String] {
        var lines: [String] = []
        if let fixed, let output {
            lines.append("\(path): fixed \(Self.count(fixed.count, "finding")) in \(output)")
            for finding in fixed { lines.append("  fixed    \(Self.subject(finding))  \(finding.rule.rawValue)") }
        }
        let shown = output ?? path
        let counts = FindingSeverity.allCases.map { severity in
            Self.count(findings.filter { $0.severity == severity }.count, severity == .info ? "note" : severity.rawValue)
        }
        lines.append(findings.isEmpty ? "\(shown): no findings" : "\(shown): \(counts.joined(separator: ", "))")
        if let readingStop { lines.append("  warning: \(readingStop)") }
        for finding in findings {
            lines.append("  \(finding.severity.rawValue.rightPadded(to: 8)) \(Self.subject(finding))  \(finding.rule.rawValue): \(TerminalText.field(finding.message(naming: Self.suggestion)))")
            lines.append("           rule: \(finding.rule.source)")
            if let command = fixCommand(finding) {
                lines.append("           \(finding.fix?.isAutomatic == true ? "fix: " : "try: ") \(command)")
            }
        }
        return lines
    }

    var json: JSONValue {
        var members: [(String, JSONValue)] = [("file", .string(path))]
        if let output { members.append(("output", .string(output))) }
        members.append(("findings", .array(findings.map(object))))
        if let fixed { members.append(("fixed", .array(fixed.map(object)))) }
        if let readingStop { members.append(("readingStop", .string(readingStop))) }
        members.append(("errors", .unsigned(findings.filter { $0.severity == .error }.count)))
        return .object(members)
    }

    private func object(_ finding: Finding) -> JSONValue {
        .object([
            ("severity", .string(finding.severity.rawValue)),
            ("trackID", finding.trackID.map { .unsigned($0) } ?? .null),
            ("rule", .string(finding.rule.rawValue)),
            ("message", .string(finding.message(naming: Self.suggestion))),
            ("fix", .string(fixCommand(finding))),
            ("fixIsAutomatic", .bool(finding.fix?.isAutomatic ?? false)),
            ("source", .string(finding.rule.source)),
        ])
    }

    private static func subject(_ finding: Finding) -> String {
        (finding.trackID.map { "track \($0)" } ?? "movie").rightPadded(to: 9)
    }

    private static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
