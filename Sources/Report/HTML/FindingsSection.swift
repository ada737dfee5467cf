import Lint
import TextTracks

/// `legible check`'s findings, each with its rule, source and the command that repairs it.
extension AccessibilityReport {
    func findingsSection(fixCommand: (TrackFix) -> String?, suggestion: ([String]) -> String) -> String {
        var html = "<section id=\"check\"><h2>Check</h2>"
        guard !findings.isEmpty else { return html + "<p>No findings: <code>legible check</code> finds nothing wrong.</p></section>" }
        let counts = FindingSeverity.allCases.map { severity in
            let count = findings.filter { $0.severity == severity }.count
            return "\(count) \(severity == .info ? "note" : severity.rawValue)\(count == 1 ? "" : "s")"
        }
        html += "<p>\(counts.joined(separator: ", ")) from <code>legible check</code>.</p>"
        html += "<table class=\"findings\"><thead><tr><th>Severity</th><th>Track</th><th>Rule</th><th>Finding</th><th>Repair</th></tr></thead><tbody>"
        for finding in findings {
            let repair = finding.fix.flatMap(fixCommand).map { command in
                "<span class=\"fix-kind\">\(finding.fix?.isAutomatic == true ? "fix" : "try")</span> <code>\(escapeHTML(command))</code>"
            } ?? ""
            html += "<tr class=\"\(finding.severity.rawValue)\" data-rule=\"\(finding.rule.rawValue)\"><td>\(finding.severity.rawValue)</td>"
            html += "<td>\(finding.trackID.map(String.init) ?? "movie")</td><td>\(finding.rule.rawValue)</td>"
            html += "<td>\(escapeHTML(finding.message(naming: suggestion)))<br><small>\(escapeHTML(finding.rule.source))</small></td><td>\(repair)</td></tr>"
        }
        return html + "</tbody></table></section>"
    }
}
