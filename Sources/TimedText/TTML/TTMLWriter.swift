import XML
/// Writes TTML documents in the IMSC1 Text Profile (W3C TTML Profiles for Internet Media
/// Subtitles and Captions 1.0.1, §6.3 designator `http://www.w3.org/ns/ttml/profile/imsc1/text`):
/// the form DASH players and `stpp` tracks (ISO/IEC 14496-30) carry.
///
/// One `p` per cue, in a single `div`, with `begin`/`end` as clock times on the media timeline
/// (`ttp:timeBase` media, the default); a cue with no end (``Cue/hasOpenEnd``) has no `end`. Two regions place text: `bottom` (`tts:displayAlign`
/// `after`) and `top` (`before`), both centred (`tts:textAlign`, where WebVTT and SubRip put
/// text); a cue's own `align` goes on its `p`. Runs become `span`s with inline styling
/// (`tts:fontWeight`, `tts:fontStyle`, `tts:textDecoration`, `tts:color`, `tts:fontSize` as a
/// percentage, `xml:lang`, `itts:forcedDisplay`); line breaks become `br`. A forced cue has
/// `itts:forcedDisplay="true"` on its `p`. What IMSC1 Text cannot say, or this writer does not
/// (voices, classes, ruby — its annotation written in parentheses after the base —, karaoke
/// timing, positions other than top and bottom, vertical text, regions, outlines), is named by
/// ``SubtitleTarget/ttml``.
public enum TTMLWriter {
    /// The IMSC1 Text Profile designator (IMSC 1.0.1 §6.3), written as `ttp:profile`.
    public static let profileDesignator = "http://www.w3.org/ns/ttml/profile/imsc1/text"
    /// The TTML namespace, which an `stpp` sample entry lists.
    public static let namespace = "http://www.w3.org/ns/ttml"

    /// The whole document for `cues`, in the order given; `language` is the document's
    /// `xml:lang` (BCP 47; empty when unknown, which TTML allows).
    public static func write(cues: [Cue], language: String? = nil) -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output += "<tt xmlns=\"\(namespace)\" xmlns:ttp=\"http://www.w3.org/ns/ttml#parameter\""
        output += " xmlns:tts=\"http://www.w3.org/ns/ttml#styling\""
        output += " xmlns:itts=\"http://www.w3.org/ns/ttml/profile/imsc1#styling\""
        output += " ttp:profile=\"\(profileDesignator)\" xml:lang=\"\(escaped(language ?? ""))\">\n"
        output += "<head>\n<layout>\n"
        output += "<region xml:id=\"\(bottomRegion)\" tts:displayAlign=\"after\" tts:textAlign=\"center\"/>\n"
        output += "<region xml:id=\"\(topRegion)\" tts:displayAlign=\"before\" tts:textAlign=\"center\"/>\n"
        output += "</layout>\n</head>\n<body>\n<div>\n"
        var identifiers: Set<String> = [bottomRegion, topRegion]
        for cue in cues {
            output += paragraph(cue, documentLanguage: language, identifiers: &identifiers) + "\n"
        }
        output += "</div>\n</body>\n</tt>\n"
        return output
    }

    static let bottomRegion = "bottom"
    static let topRegion = "top"

    /// One `p`. The identifier is kept when it is an XML name not used yet (`xml:id` must be
    /// an NCName, unique in the document); ``SubtitleTarget/ttml`` names the others.
    private static func paragraph(_ cue: Cue, documentLanguage: String?, identifiers: inout Set<String>) -> String {
        var attributes: [String] = []
        if let identifier = cue.identifier, isXMLName(identifier), !identifiers.contains(identifier) {
            identifiers.insert(identifier)
            attributes.append("xml:id=\"\(escaped(identifier))\"")
        }
        attributes.append("begin=\"\(clockTime(cue.start))\"")
        // A cue with no end keeps none: it shows until the document ends (TTML1 §10.4).
        if !cue.hasOpenEnd { attributes.append("end=\"\(clockTime(max(cue.start, cue.end)))\"") }
        attributes.append("region=\"\(cue.placement == .top ? topRegion : bottomRegion)\"")
        if let align = cue.settings.align, align != .center { attributes.append("tts:textAlign=\"\(align.rawValue)\"") }
        if cue.isForced { attributes.append("itts:forcedDisplay=\"true\"") }
        if needsPreservedSpace(cue.text) { attributes.append("xml:space=\"preserve\"") }
        var body = ""
        for run in cue.text.runs {
            let text = run.style.ruby == .annotation ? "(" + run.text + ")" : run.text
            let content = text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
                .joined(separator: "<br/>")
            let styling = spanAttributes(run.style, cueIsForced: cue.isForced)
            body += styling.isEmpty || content.isEmpty ? content : "<span " + styling.joined(separator: " ") + ">" + content + "</span>"
        }
        return "<p " + attributes.joined(separator: " ") + ">" + body + "</p>"
    }

    private static func spanAttributes(_ style: TextStyle, cueIsForced: Bool) -> [String] {
        var attributes: [String] = []
        if let language = style.language { attributes.append("xml:lang=\"\(escaped(language))\"") }
        if style.isBold { attributes.append("tts:fontWeight=\"bold\"") }
        if style.isItalic { attributes.append("tts:fontStyle=\"italic\"") }
        if style.isUnderlined { attributes.append("tts:textDecoration=\"underline\"") }
        if let color = style.color { attributes.append("tts:color=\"\(color.hexString)\"") }
        if let background = style.backgroundColor { attributes.append("tts:backgroundColor=\"\(background.hexString)\"") }
        if !style.fontFamilies.isEmpty {
            // A name other than letters, digits and hyphens is quoted (TTML1 §8.2.8); generic
            // names such as proportionalSansSerif must not be.
            let names = style.fontFamilies.map { name in
                name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" } ? name : "'" + name + "'"
            }
            attributes.append("tts:fontFamily=\"\(escaped(names.joined(separator: ", ")))\"")
        }
        if let scale = style.fontScale, scale.isFinite, scale > 0 {
            attributes.append("tts:fontSize=\"\(decimal(scale * 100))%\"")
        }
        if style.isForced, !cueIsForced { attributes.append("itts:forcedDisplay=\"true\"") }
        return attributes
    }

    /// `HH:MM:SS.fff`, with more fraction digits when the time has them (microseconds):
    /// TTML clock time (TTML2 §10.3.1 `<time-expression>`), which IMSC1 permits without frames.
    static func clockTime(_ time: SubtitleTime) -> String {
        let total = max(0, time.microseconds)
        let seconds = total / 1_000_000
        var fraction = String(total % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.count > 3, fraction.hasSuffix("0") { fraction.removeLast() }
        return padded(seconds / 3_600) + ":" + padded(seconds / 60 % 60) + ":" + padded(seconds % 60) + "." + fraction
    }

    private static func padded(_ value: Int64) -> String { value < 10 ? "0\(value)" : String(value) }

    /// `150`, `87.5`: at most two decimals, no trailing zeros.
    private static func decimal(_ value: Double) -> String {
        let hundredths = Int64((value * 100).rounded())
        let whole = String(hundredths / 100)
        let rest = hundredths % 100
        guard rest != 0 else { return whole }
        return whole + "." + (rest % 10 == 0 ? String(rest / 10) : (rest < 10 ? "0" : "") + String(rest))
    }

    /// Whether TTML's default whitespace handling would change the text: a tab, a carriage
    /// return, two spaces in a row, or a space at the start or end of a line.
    private static func needsPreservedSpace(_ text: CueText) -> Bool {
        let plain = text.runs.map(\.text).joined()
        return plain.split(separator: "\n", omittingEmptySubsequences: false).contains { line in
            line.hasPrefix(" ") || line.hasSuffix(" ") || line.contains("  ") || line.contains("\t") || line.contains("\r")
        }
    }

    /// Text for XML content and double-quoted attributes (`MarkupEscaping.Rules.xml`): `&`,
    /// `<`, `>` and `"` escaped, and the characters XML 1.0 forbids left out. Any XML this project
    /// writes (the DASH MPD too) escapes through it.
    public static func escaped(_ text: String) -> String {
        MarkupEscaping.escaped(text, .xml)
    }

    /// Whether `text` is an NCName (Namespaces in XML 1.0 §4), checked on the ASCII subset
    /// plus any non-ASCII letter, which is what cue identifiers in practice hold.
    static func isXMLName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        func isStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || (scalar.value >= 0x80 && scalar.properties.isAlphabetic)
                || ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
        }
        return isStart(first) && text.unicodeScalars.dropFirst().allSatisfy { scalar in
            isStart(scalar) || scalar == "-" || scalar == "." || ("0"..."9").contains(scalar)
        }
    }
}
