import Lint

extension AccessibilityReport {
    /// The report as one HTML page: inline style sheet, script and SVG, tracks as `data:` URLs,
    /// nothing fetched but the video it names. The static parts (tables, timelines, route) read
    /// without JavaScript; the caption style panel needs it.
    ///
    /// `fixCommand` writes the command that makes a `check` repair, and `suggestion` the words
    /// that name a change a finding advises, from its options (the command line is the tool's
    /// business, not the library's); by default the repair is left out and nothing is added.
    public func html(fixCommand: (TrackFix) -> String? = { _ in nil }, suggestion: ([String]) -> String = { _ in "" }) -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        html += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; media-src * data: blob: file:\">"
        html += "<title>Accessibility report: \(escapeHTML(fileName))</title><style>\(PageAssets.styleSheet)</style></head><body>"
        html += "<header><h1>Accessibility report: \(escapeHTML(fileName))</h1><nav><a href=\"#summary\">Tracks</a><a href=\"#menus\">Menus</a>"
        html += "<a href=\"#check\">Check</a><a href=\"#timelines\">Timelines</a>"
        if !metadataTracks.isEmpty { html += "<a href=\"#timed-metadata\">Timed metadata</a>" }
        html += "<a href=\"#player\">Player</a></nav></header><main>"
        html += summarySection() + menuSection() + findingsSection(fixCommand: fixCommand, suggestion: suggestion) + timelineSection() + metadataSection() + playerSection()
        if !problems.isEmpty {
            html += "<section id=\"problems\"><h2>Not shown</h2><ul class=\"problems\">"
            html += problems.map { "<li>\(escapeHTML($0))</li>" }.joined() + "</ul></section>"
        }
        html += "</main><footer><p class=\"note\">Written by <code>legible report</code>.</p></footer>"
        return html + "<script>\(PageAssets.script)</script></body></html>\n"
    }
}
