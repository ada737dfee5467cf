import ISOBMFF
import Movie

/// The file and its tracks, as `legible info` lists them: format, duration, each track's
/// type, codec, language, group, state, samples, name, characteristics and references; the
/// selection groups with their options' labels; the chapters.
extension AccessibilityReport {
    func summarySection() -> String {
        var html = "<section id=\"summary\"><h2>File and tracks</h2><dl class=\"facts\">"
        let format = movie.isQuickTime ? "QuickTime movie" : "MPEG-4 file"
        let brand = movie.fileType.map { " (brand '\($0.majorBrand)')" } ?? " (no ftyp)"
        html += "<dt>File</dt><dd>\(escapeHTML(fileName))</dd><dt>Format</dt><dd>\(escapeHTML(format + brand))"
        if movie.isFragmented { html += ", fragmented" }
        html += "</dd><dt>Duration</dt><dd>\(escapeHTML(clock(seconds: movie.durationSeconds)))</dd>"
        html += "<dt>Tracks</dt><dd>\(movie.tracks.count)</dd></dl>"
        html += "<table class=\"tracks\"><thead><tr><th>Track</th><th>Type</th><th>Codec</th><th>Handler</th><th>Language</th>"
        html += "<th>Group</th><th>Enabled</th><th>Samples</th><th>Duration</th><th>Name</th><th>Characteristics</th><th>References</th></tr></thead><tbody>"
        for track in movie.tracks {
            let language = track.extendedLanguage.map { "\(track.language) (\($0.tag))" } ?? track.language
            let references = track.references.map { "\($0.type) → \($0.trackIDs.map(String.init).joined(separator: ","))" }
            html += "<tr data-track-id=\"\(track.id)\"><td>\(track.id)</td><td>\(escapeHTML(track.mediaType.rawValue))</td>"
            html += "<td>\(escapeHTML(track.codec?.description ?? "—"))</td><td>\(escapeHTML(track.handler?.handlerType.description ?? "?"))</td>"
            html += "<td>\(escapeHTML(language))</td><td>\(track.header.alternateGroup)</td><td>\(track.isEnabled ? "yes" : "no")</td>"
            html += "<td>\(movie.sampleCount(of: track))</td><td>\(escapeHTML(clock(seconds: movie.durationSeconds(of: track))))</td>"
            html += "<td>\(escapeHTML(track.name ?? ""))</td><td>\(escapeHTML(track.userData.characteristics.joined(separator: ", ")))</td>"
            html += "<td>\(escapeHTML(references.joined(separator: "; ")))</td></tr>"
        }
        html += "</tbody></table>"
        let groups = MediaSelection(movie: movie).groups
        if !groups.isEmpty {
            html += "<h3>Selection groups</h3><ul class=\"groups\">"
            for group in groups {
                let title = group.alternateGroup == 0 ? "not grouped" : "alternate group \(group.alternateGroup)"
                let options = group.options.map { option in
                    "\(option.displayName) (track \(option.trackID)\(option.isEnabled ? ", enabled" : ""))"
                }
                html += "<li><strong>\(group.characteristic.rawValue)</strong>, \(title): \(escapeHTML(options.joined(separator: "; ")))</li>"
            }
            html += "</ul>"
        }
        if let shown = chapters.shown {
            html += "<h3>Chapters</h3><ol class=\"chapters\">"
            for chapter in shown.chapters { html += "<li>\(clock(chapter.start)) \(escapeHTML(chapter.title))</li>" }
            html += "</ol>"
        }
        return html + "</section>"
    }
}
