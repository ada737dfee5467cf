import ISOBMFF
import Delivery
import TimedText

/// The movie in a `<video>` with a `<track>` per legible track (the WebVTT `legible html`
/// writes, inside the page as `data:` URLs), a still of the first cue over its frame, and the
/// caption settings the FCC requires players to offer, applied to both through `::cue` CSS.
extension AccessibilityReport {
    func playerSection() -> String {
        var html = "<section id=\"player\"><h2>Player and caption style</h2>"
        guard let source = options.videoSource else { return html + "<p>No video: the page was written without one.</p></section>" }
        var shortened: [String] = []
        let limit = options.bounds.cuesPlayedWhenSummarised
        let tracks = webTracks.map { package in
            package.elements.indices.map { index -> HTMLTrackElement in
                let track = package.tracks[index]
                var element = package.elements[index]
                var text = package.files[index].text
                // A track summarised on the page plays its first cues only: the whole of it is
                // `legible html`'s to write, and would make the page as large as its cues.
                if !drawnTrackIDs.contains(track.trackID), track.cues.count > limit {
                    text = WebVTTWriter.write(cues: Array(track.cues.prefix(limit)), header: track.header ?? WebVTTHeader())
                    shortened.append("track \(track.trackID): the first \(limit) of its \(track.cues.count) cues")
                }
                element.source = DataURL.make(mediaType: "text/vtt;charset=utf-8", text: text)
                return element
            }
        } ?? []
        html += "<div class=\"player-row\"><figure><video id=\"movie-player\" controls preload=\"auto\" width=\"600\" src=\"\(escapeHTML(source))\">"
        html += tracks.map(\.html).joined() + "</video><figcaption>The movie with \(tracks.count) web track\(tracks.count == 1 ? "" : "s"): "
        html += "WebVTT on the movie timeline, as <code>legible html</code> writes it"
        html += (shortened.isEmpty ? "" : "; too many cues to carry all of them, so it plays \(escapeHTML(shortened.joined(separator: "; ")))") + ".</figcaption></figure>"
        if let first = firstCue, tracks.indices.contains(first.track) {
            var element = tracks[first.track]
            element.isDefault = true
            let middle = Double(first.cue.start.microseconds + first.cue.end.microseconds) / 2_000_000
            html += "<figure class=\"preview\"><video id=\"preview\" muted preload=\"auto\" width=\"600\" src=\"\(escapeHTML(source))#t=\(coordinate(middle))\" "
            html += "data-time=\"\(coordinate(middle))\">\(element.html)</video><figcaption>Preview: the first cue (\(escapeHTML(element.label)), "
            html += "\(clock(first.cue.start)) to \(clock(first.cue.end))) over its frame.</figcaption></figure>"
        }
        html += "</div>" + (tracks.isEmpty ? "" : CaptionStylePanel.html)
        return html + "</section>"
    }

    /// The earliest cue of the web tracks, and the index of its track.
    private var firstCue: (track: Int, cue: Cue)? {
        var best: (track: Int, cue: Cue)?
        for (index, track) in (webTracks?.tracks ?? []).enumerated() {
            guard let cue = track.cues.min(by: { $0.start < $1.start }) else { continue }
            if best == nil || cue.start < best?.cue.start ?? .zero { best = (index, cue) }
        }
        return best
    }
}

/// The caption display settings of 47 CFR 79.103(c) (the FCC's rules for apparatus that plays
/// video), each a form control; a script turns the choices into `::cue` rules. "Player default"
/// leaves a property to the browser.
enum CaptionStylePanel {
    /// One setting: its form name, label, rule and choices (value, label).
    struct Setting {
        var name: String
        var label: String
        var rule: String
        var choices: [(String, String)]
    }

    /// 79.103(c)(2) character colours; (c)(6) and (c)(8) offer the same for background and window.
    static let colors = [("white", "White"), ("black", "Black"), ("red", "Red"), ("green", "Green"), ("blue", "Blue"),
                         ("yellow", "Yellow"), ("magenta", "Magenta"), ("cyan", "Cyan")]

    static let settings: [Setting] = [
        Setting(name: "font", label: "Font", rule: "79.103(c)(5)", choices: [
            ("monospaced-serif", "Monospaced with serifs"), ("proportional-serif", "Proportional with serifs"),
            ("monospaced-sans", "Monospaced without serifs"), ("proportional-sans", "Proportional without serifs"),
            ("casual", "Casual"), ("cursive", "Cursive"), ("small-capitals", "Small capitals"),
        ]),
        Setting(name: "size", label: "Size", rule: "79.103(c)(4): 50% to 200%", choices: [
            ("50", "50%"), ("75", "75%"), ("150", "150%"), ("200", "200%"),
        ]),
        Setting(name: "color", label: "Text colour", rule: "79.103(c)(2)", choices: colors),
        Setting(name: "opacity", label: "Text opacity", rule: "79.103(c)(3)", choices: [("1", "Opaque"), ("0.5", "Semi-transparent")]),
        Setting(name: "background", label: "Background colour", rule: "79.103(c)(6)", choices: colors),
        Setting(name: "background-opacity", label: "Background opacity", rule: "79.103(c)(6)",
                choices: [("1", "Opaque"), ("0.5", "Semi-transparent"), ("0", "Transparent")]),
        Setting(name: "window", label: "Window colour", rule: "79.103(c)(8)", choices: colors),
        Setting(name: "window-opacity", label: "Window opacity", rule: "79.103(c)(8)",
                choices: [("1", "Opaque"), ("0.5", "Semi-transparent"), ("0", "Transparent")]),
        Setting(name: "edge", label: "Character edges", rule: "79.103(c)(7)", choices: [
            ("none", "None"), ("raised", "Raised"), ("depressed", "Depressed"), ("uniform", "Uniform"), ("drop-shadow", "Drop shadow"),
        ]),
    ]

    static var html: String {
        var html = "<form id=\"caption-style\" class=\"caption-style\"><fieldset><legend>Caption style (the settings 47 CFR 79.103(c) requires players to offer; needs JavaScript)</legend>"
        for setting in settings {
            html += "<label>\(setting.label) <select name=\"\(setting.name)\"><option value=\"\">Player default</option>"
            for (value, label) in setting.choices { html += "<option value=\"\(value)\">\(label)</option>" }
            html += "</select> <small>\(escapeHTML(setting.rule))</small></label>"
        }
        html += "</fieldset><p class=\"note\">Applied to both videos through <code>video::cue</code> (window colour and small capitals through Chromium's cue box, <code>video::-webkit-media-text-track-display</code>).</p></form>"
        return html + "<style id=\"caption-style-rules\"></style>"
    }
}
