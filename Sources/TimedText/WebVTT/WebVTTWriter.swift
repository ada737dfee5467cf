import XML
/// Writes WebVTT: the header (signature text, header lines, `X-TIMESTAMP-MAP`, `STYLE` and
/// `REGION` blocks), then each cue with its identifier, canonical `HH:MM:SS.mmm` timings,
/// settings and tagged text (`<b> <i> <u> <c.class> <v> <lang> <ruby>/<rt>`, inner timestamps).
///
/// A top-placed cue without a `line` setting gets `line:0`. Colours that are not one of the
/// WebVTT default colour classes cannot be expressed and are dropped. `&`, `<`, `>` are escaped
/// (so cue text never holds `-->`); empty lines inside cue text are dropped and identifiers made
/// one line without `-->`, which ``SubtitleTarget/structureChanges(of:)`` names: the output
/// always re-parses to the same number of cues (W3C WebVTT §6.1).
public enum WebVTTWriter {
    /// The whole file for a parsed document (its WebVTT header, if any, is kept).
    public static func write(_ document: SubtitleDocument) -> String {
        write(cues: document.cues, header: document.webVTTHeader ?? WebVTTHeader())
    }

    /// The whole file for `cues` under `header`.
    public static func write(cues: [Cue], header: WebVTTHeader = WebVTTHeader()) -> String {
        var output = headerText(header)
        for cue in cues {
            output += "\n"
            if let identifier = cue.identifier, !identifier.isEmpty {
                output += writtenIdentifier(identifier) + "\n"
            }
            output += SubtitleTimestampFormat.webVTT.string(for: cue.start) + " --> "
                + SubtitleTimestampFormat.webVTT.string(for: cue.end)
            let settings = settingsText(for: cue)
            if !settings.isEmpty { output += " " + settings }
            output += "\n"
            let payload = payloadText(cue.text)
            if !payload.isEmpty { output += payload + "\n" }
        }
        return output
    }

    /// The file header up to the first cue, ending with a newline: what a `wvtt` track's
    /// `vttC` box holds.
    public static func headerText(_ header: WebVTTHeader) -> String {
        var output = "WEBVTT"
        if let text = header.signatureText, !text.isEmpty { output += " " + oneLineWithoutArrows(text) }
        output += "\n"
        for line in header.headerLines where !line.isEmpty { output += oneLineWithoutArrows(line) + "\n" }
        if let map = header.timestampMap {
            output += "X-TIMESTAMP-MAP=LOCAL:" + SubtitleTimestampFormat.webVTT.string(for: map.local)
                + ",MPEGTS:\(map.mpegTimestamp)\n"
        }
        for styleSheet in header.styleSheets {
            // A STYLE block ends at an empty line or `-->` (W3C WebVTT §6.1), like cue text.
            output += "\nSTYLE\n" + CueTextStructureGuard(styleSheet, format: .webVTT).text + "\n"
        }
        for region in header.regions {
            output += "\nREGION\n" + regionText(region) + "\n"
        }
        return output
    }

    /// The cue-settings string (what a `wvtt` `sttg` box holds); empty when nothing is set.
    public static func settingsText(for cue: Cue) -> String {
        let settings = cue.settings
        var parts: [String] = []
        if let vertical = settings.vertical { parts.append("vertical:" + vertical.rawValue) }
        if let line = settings.line {
            var text: String
            switch line.value {
            case .number(let number): text = number < 0 ? "-" + decimal(-number) : decimal(number)
            case .percentage(let percentage): text = decimal(percentage) + "%"
            }
            if let alignment = line.alignment { text += "," + alignment.rawValue }
            parts.append("line:" + text)
        } else if cue.placement == .top, settings.vertical == nil {
            parts.append("line:0")
        }
        if let position = settings.position {
            parts.append("position:" + decimal(position.percentage) + "%"
                + (position.alignment.map { "," + $0.rawValue } ?? ""))
        }
        if let size = settings.size { parts.append("size:" + decimal(size) + "%") }
        if let align = settings.align { parts.append("align:" + align.rawValue) }
        if let region = settings.region, !region.isEmpty, !region.contains("-->") {
            parts.append("region:" + withoutSettingSeparators(region))
        }
        return parts.joined(separator: " ")
    }

    /// The cue text with WebVTT tags and escapes (what a `wvtt` `payl` box holds), without empty
    /// lines, which would end the cue (`CueTextStructureGuard`).
    public static func payloadText(_ text: CueText) -> String {
        CueTextStructureGuard(markup(of: text), format: .webVTT).text
    }

    /// The tagged, escaped text, before anything is changed to keep it from becoming structure.
    static func markup(of text: CueText) -> String {
        let writer = RunMarkupWriter<Tag>(tags: tags(for:), openTag: \.openText, closeTag: \.closeText)
        return writer.markup(text.runs) { run in
            (run.timestamp.map { "<" + SubtitleTimestampFormat.webVTT.string(for: $0) + ">" } ?? "") + escaped(run.text)
        }
    }

    // MARK: Tags

    /// WebVTT tags in the writer's canonical nesting order (`rt` right inside `ruby`, because
    /// the parser only honours `<rt>` directly inside `<ruby>`; classes inside both).
    private enum Tag: Equatable {
        case voice(String), language(String), classes([String]), ruby, rubyText, bold, italic, underline

        var openText: String {
            switch self {
            case .voice(let name): name.isEmpty ? "<v>" : "<v " + escaped(name) + ">"
            case .language(let tag): "<lang " + escaped(tag) + ">"
            case .classes(let names): "<c." + names.joined(separator: ".") + ">"
            case .ruby: "<ruby>"
            case .rubyText: "<rt>"
            case .bold: "<b>"
            case .italic: "<i>"
            case .underline: "<u>"
            }
        }

        var closeText: String {
            switch self {
            case .voice: "</v>"
            case .language: "</lang>"
            case .classes: "</c>"
            case .ruby: "</ruby>"
            case .rubyText: "</rt>"
            case .bold: "</b>"
            case .italic: "</i>"
            case .underline: "</u>"
            }
        }
    }

    private static func tags(for run: StyledRun) -> [Tag] {
        let style = run.style
        var tags: [Tag] = []
        if let voice = style.voice { tags.append(.voice(voice)) }
        if let language = style.language { tags.append(.language(language)) }
        // Ruby before classes: a reading whose classes differ from its base's (`<rt.h>`) then
        // stays in the same `<ruby>`, attached to its base, with its classes inside the `<rt>`.
        if let ruby = style.ruby {
            tags.append(.ruby)
            if ruby == .annotation { tags.append(.rubyText) }
        }
        let classes = (style.color?.webVTTClassName.map { [$0] } ?? []) + (style.backgroundColor?.webVTTBackgroundClassName.map { [$0] } ?? [])
            + style.classes
        if !classes.isEmpty { tags.append(.classes(classes)) }
        if style.isBold { tags.append(.bold) }
        if style.isItalic { tags.append(.italic) }
        if style.isUnderlined { tags.append(.underline) }
        return tags
    }

    // MARK: Text

    private static func escaped(_ text: String) -> String {
        MarkupEscaping.escaped(text, .webVTT)
    }

    private static func regionText(_ region: WebVTTRegion) -> String {
        var parts = ["id:" + CueTextStructureGuard.breakingArrows(withoutSettingSeparators(region.id))]
        parts.append("width:" + decimal(region.width) + "%")
        parts.append("lines:" + decimal(region.lines.rounded(.down)))
        parts.append("regionanchor:" + decimal(region.regionAnchor.x) + "%," + decimal(region.regionAnchor.y) + "%")
        parts.append("viewportanchor:" + decimal(region.viewportAnchor.x) + "%," + decimal(region.viewportAnchor.y) + "%")
        if region.scrollsUp { parts.append("scroll:up") }
        return parts.joined(separator: " ")
    }

    /// `text` without the whitespace that separates settings (W3C WebVTT §6.4 splits them at
    /// ASCII whitespace only, so a `\v` in a region id stays).
    private static func withoutSettingSeparators(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.isTextWhitespace }))
    }

    /// `identifier` as written: one line without `-->` (W3C WebVTT §4.1: either would make it
    /// text or a timing line).
    static func writtenIdentifier(_ identifier: String) -> String {
        oneLineWithoutArrows(identifier)
    }

    /// `text` as one line without `-->`: line breaks become spaces, and `-->` (which would end
    /// the header or be read as a timing line) `->`.
    private static func oneLineWithoutArrows(_ text: String) -> String {
        let line = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
        return CueTextStructureGuard.breakingArrows(line)
    }

    /// A WebVTT number: digits with an optional fraction, never an exponent or sign. Values
    /// too small or too large for plain notation (never produced by the parser for real
    /// settings) are written as 0 or a large integer.
    private static func decimal(_ value: Double) -> String {
        guard value.isFinite, value >= 0 else { return "0" }
        if value >= 1e15 { return "999999999999999" }
        if value == value.rounded() { return String(Int64(value)) }
        let text = String(value)
        return text.contains("e") ? "0" : text
    }
}
