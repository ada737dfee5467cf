import XML
/// The WebVTT cue-settings list (`line:0 position:10%,line-left align:start …`), parsed with
/// the specification's rules (W3C WebVTT §6.4, "parse the WebVTT cue settings"): a setting that
/// is malformed is skipped, the others still count, and a later one overrides an earlier one.
enum WebVTTCueSettingsParser {
    /// One whitespace-separated token of a settings list and, when its colon is neither missing,
    /// first nor last, its name and value (otherwise the specification skips it).
    struct Setting {
        var token: Substring
        var nameAndValue: (name: Substring, value: Substring)?
    }

    /// The settings of `text`, split at ASCII whitespace (not `\v`, not U+00A0).
    static func settings(in text: String) -> [Setting] {
        text.unicodeScalars.split(whereSeparator: \.isTextWhitespace).map { scalars in
            let token = Substring(scalars)
            guard let colon = token.firstIndex(of: ":"), colon != token.startIndex,
                  token.index(after: colon) != token.endIndex
            else { return Setting(token: token) }
            return Setting(token: token, nameAndValue: (token[..<colon], token[token.index(after: colon)...]))
        }
    }

    /// `regions`: the ids of the regions defined so far, against which `region:` is resolved
    /// (an unknown id leaves the cue without a region); nil to keep any id (a `wvtt` sample's
    /// `sttg`, read without its track's header).
    static func parse(
        _ text: String, regions: Set<String>? = nil, options: WebVTTParseOptions = .standard
    ) -> (settings: CueSettings, warnings: [String]) {
        var settings = CueSettings()
        var warnings: [String] = []
        for setting in Self.settings(in: text) {
            guard let (name, value) = setting.nameAndValue else {
                warnings.append("cue setting \"\(setting.token)\" ignored")
                continue
            }
            var understood = true
            switch name {
            case "region":
                let known = regions?.contains(String(value)) ?? true
                settings.region = known ? String(value) : nil
                if !known { warnings.append("cue setting region:\(value) names no REGION; ignored") }
                continue
            case "vertical":
                let vertical = CueSettings.VerticalDirection(rawValue: String(value))
                if let vertical { settings.vertical = vertical } else { understood = false }
            case "line":
                if let line = parseLine(value) { settings.line = line } else { understood = false }
            case "position":
                if let position = parsePosition(value, options: options) { settings.position = position } else { understood = false }
            case "size":
                if let size = percentage(value) { settings.size = size } else { understood = false }
            case "align":
                let name = options.acceptsLegacySettingValues && value == "middle" ? "center" : String(value)
                if let align = CueSettings.TextAlignment(rawValue: name) { settings.align = align } else { understood = false }
            default:
                understood = false
            }
            if !understood { warnings.append("cue setting \"\(setting.token)\" ignored") }
        }
        return (settings, warnings)
    }

    /// `line:` — a number (optionally negative, one dot between digits) or a percentage, then
    /// an optional `,start|center|end`. An unknown alignment is ignored, not the line.
    private static func parseLine(_ value: Substring) -> CueSettings.CueLine? {
        let parts = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        let position = parts[0]
        let alignment = parts.count == 2 ? CueSettings.CueLine.Alignment(rawValue: String(parts[1])) : nil
        guard position.unicodeScalars.contains(where: \.isASCIIDigit) else { return nil }
        if position.hasSuffix("%") {
            return percentage(position).map { CueSettings.CueLine(.percentage($0), alignment: alignment) }
        }
        let unsigned = position.hasPrefix("-") ? position.dropFirst() : position
        // A number too long for a Double is no line anyone can show: ignored, not made 0.
        guard let number = decimal(unsigned), number.isFinite else { return nil }
        return CueSettings.CueLine(.number(position.hasPrefix("-") ? -number : number), alignment: alignment)
    }

    /// `position:` — a percentage, then an optional `,line-left|center|line-right` (an
    /// unknown alignment is ignored, not the position).
    private static func parsePosition(_ value: Substring, options: WebVTTParseOptions) -> CueSettings.CuePosition? {
        let parts = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        guard let percentage = percentage(parts[0]) else { return nil }
        var alignment: CueSettings.CuePosition.Alignment?
        if parts.count == 2 {
            var name = String(parts[1])
            if options.acceptsLegacySettingValues { name = legacyPositionAlignments[name] ?? name }
            alignment = CueSettings.CuePosition.Alignment(rawValue: name)
        }
        return CueSettings.CuePosition(percentage, alignment: alignment)
    }

    /// The pre-2016 spellings of `position:` alignments (``WebVTTParseOptions``).
    private static let legacyPositionAlignments = ["start": "line-left", "middle": "center", "end": "line-right"]

    /// `digits[.digits]%` between 0 and 100.
    static func percentage(_ text: Substring) -> Double? {
        guard text.hasSuffix("%"), let value = decimal(text.dropLast()), value <= 100 else { return nil }
        return value
    }

    /// `digits[.digits]`, nothing else (no sign, exponent or spaces).
    private static func decimal(_ text: Substring) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(\.isASCIIDigit) }) else { return nil }
        return Double(text)
    }
}
