import Movie

/// The menus a player builds: for each viewer, what automatic selection picks in each group and
/// why, exactly as `legible select` reports it (the same `AutomaticSelection`).
extension AccessibilityReport {
    func menuSection() -> String {
        var html = "<section id=\"menus\"><h2>What players pick</h2>"
        html += "<p class=\"note\">For each viewer, the option an Apple player's automatic media selection chooses in each selection group and the reason (as <code>legible select</code> reports it). Viewers are written as languages in order of preference, then +sdh (Closed Captions + SDH), +ad (Audio Descriptions on), +captions (always on) or +forced (forced subtitles only).</p>"
        for menu in menus {
            let preferences = menu.viewer.preferences
            let settings = "captions \(preferences.captionDisplay.rawValue)" + (preferences.prefersAccessibleSubtitles ? ", SDH preferred" : "")
                + (preferences.prefersAudioDescriptions ? ", audio descriptions preferred" : "")
            html += "<section class=\"viewer\" data-viewer=\"\(escapeHTML(menu.viewer.name))\"><h3>\(escapeHTML(menu.viewer.name))</h3>"
            html += "<p>Languages \(escapeHTML(preferences.languages.map(\.description).joined(separator: ", "))); \(escapeHTML(settings)).</p>"
            html += "<table class=\"menu\"><thead><tr><th>Group</th><th>Picked</th><th>Track</th><th>Shows</th><th>Why</th><th>Also enabled</th></tr></thead><tbody>"
            for group in menu.selection.groups {
                let attributes = "data-characteristic=\"\(group.characteristic.rawValue)\" data-alternate-group=\"\(group.alternateGroup)\""
                let groupName = "\(group.characteristic.rawValue) \(group.alternateGroup)"
                if let choice = group.selected {
                    html += "<tr class=\"choice\" \(attributes) data-track-id=\"\(choice.trackID)\"><td>\(groupName)</td>"
                    html += "<td class=\"display-name\">\(escapeHTML(choice.displayName))</td><td>\(choice.trackID)</td>"
                    html += "<td class=\"subtitle-display\">\(escapeHTML(group.subtitleDisplay?.rawValue ?? ""))</td>"
                    html += "<td class=\"reason\">\(escapeHTML(choice.reason))</td>"
                } else {
                    html += "<tr class=\"choice none\" \(attributes)><td>\(groupName)</td><td class=\"display-name\">none</td><td></td><td></td>"
                    html += "<td class=\"reason\">\(escapeHTML(group.reason))</td>"
                }
                html += "<td class=\"also-enabled\">\(group.alsoEnabled.map(String.init).joined(separator: ", "))</td></tr>"
                for question in group.openQuestions {
                    html += "<tr class=\"open-question\" \(attributes)><td></td><td colspan=\"5\">Open question: \(escapeHTML(question))</td></tr>"
                }
            }
            html += "</tbody></table></section>"
        }
        return html + "</section>"
    }
}
