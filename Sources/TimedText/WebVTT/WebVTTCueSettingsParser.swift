import XML
/// The WebVTT cue-settings list (`line:0 position:10%,line-left align:start …`), parsed with
/// the specification's rules: a setting that is malformed is skipped, the others still count.
enum WebVTTCueSettingsParser {
    static func parse(_ text: String) -> (settings: CueSettings, warnings: [String]) {
        var settings = CueSettings()
        var warnings: [String] = []
        for token in text.split(whereSeparator: { $0.unicodeScalars.allSatisfy(\.isTextWhitespace) }) {
            guard let colon = token.firstIndex(of: ":"), colon != token.startIndex,
                  token.index(after: colon) != token.endIndex
            else {
                warnings.append("cue setting \"\(token)\" ignored")
                continue
            }
            let name = token[..<colon]
            let value = token[token.index(after: colon)...]
            let understood: Bool
            switch name {
            case "region":
                understood = !value.contains("-->")
                if understood { settings.region = String(value) }
            case "vertical":
                settings.vertical = CueSettings.VerticalDirection(rawValue: String(value)) ?? settings.vertical
                understood = CueSettings.VerticalDirection(rawValue: String(value)) != nil
            case "line":
                let line = parseLine(value)
                settings.line = line ?? settings.line
                understood = line != nil
            case "position":
                let position = parsePosition(value)
                settings.position = position ?? settings.position
                understood = position != nil
            case "size":
                let size = percentage(value)
                settings.size = size ?? settings.size
                understood = size != nil
            case "align":
                // "middle" is the pre-2016 spelling of "center".
                let align = CueSettings.TextAlignment(rawValue: value == "middle" ? "center" : String(value))
                settings.align = align ?? settings.align
                understood = align != nil
            default:
                understood = false
            }
            if !understood { warnings.append("cue setting \"\(token)\" ignored") }
        }
        return (settings, warnings)
    }

    private static func parseLine(_ value: Substring) -> CueSettings.CueLine? {
        let parts = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        var alignment: CueSettings.CueLine.Alignment?
        if parts.count == 2 {
            guard let parsed = CueSettings.CueLine.Alignment(rawValue: String(parts[1])) else { return nil }
            alignment = parsed
        }
        let position = parts[0]
        if position.hasSuffix("%") {
            return percentage(position).map { CueSettings.CueLine(.percentage($0), alignment: alignment) }
        }
        // A line number: optional leading minus, digits, at most one dot between digits.
        let unsigned = position.hasPrefix("-") ? position.dropFirst() : position
        guard let number = decimal(unsigned) else { return nil }
        return CueSettings.CueLine(.number(position.hasPrefix("-") ? -number : number), alignment: alignment)
    }

    private static func parsePosition(_ value: Substring) -> CueSettings.CuePosition? {
        let parts = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        var alignment: CueSettings.CuePosition.Alignment?
        if parts.count == 2 {
            // "start"/"middle"/"end" are pre-2016 spellings.
            let legacy = ["start": "line-left", "middle": "center", "end": "line-right"]
            let name = legacy[String(parts[1])] ?? String(parts[1])
            guard let parsed = CueSettings.CuePosition.Alignment(rawValue: name) else { return nil }
            alignment = parsed
        }
        return percentage(parts[0]).map { CueSettings.CuePosition($0, alignment: alignment) }
    }

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
