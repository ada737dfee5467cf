import XML
/// Reads WebVTT files following the W3C WebVTT parsing rules.
///
/// The signature line must be `WEBVTT`, optionally followed by a space or tab and text; anything
/// else is fatal. After it come header lines (including HLS `X-TIMESTAMP-MAP`), then blocks
/// separated by blank lines: `NOTE` comments, `STYLE` and `REGION` blocks (only before the first
/// cue, as the specification says) and cues (optional identifier, `start --> end settings`,
/// text). A cue text line containing `-->` ends the cue and starts the next block.
///
/// Warnings (never fatal): malformed timings (the cue is skipped), unknown or malformed
/// settings and tags (ignored), `STYLE`/`REGION` after a cue (ignored), unrecognised blocks,
/// cues that end before or when they start (kept; ``CueTimeline`` drops them), invalid UTF-8
/// (replaced with U+FFFD), a file without cues (e.g. only the header).
public enum WebVTTParser: SubtitleTextParser {
    public static let undecodableFallback = SubtitleTextDecoder.Fallback.replacement

    /// Parses WebVTT text that is already decoded.
    public static func parse(string: String, limits: SubtitleParseLimits = .standard) throws(SubtitleParseError) -> SubtitleDocument {
        try limits.checkSize(string.utf8.count)
        var reader = WebVTTBlockReader(lines: TextLines(string), limits: limits)
        return try reader.read()
    }

    /// Parses a cue payload (the text of a cue, or of a `wvtt` `payl` box) into styled text.
    public static func parseCueText(_ payload: String, limits: SubtitleParseLimits = .standard) -> CueText {
        WebVTTCueTextParser.parse(payload, limits: limits).text
    }

    /// Parses a cue-settings string (the rest of a timing line, or a `wvtt` `sttg` box).
    public static func parseCueSettings(_ text: String) -> CueSettings {
        WebVTTCueSettingsParser.parse(text).settings
    }
}

/// The block-level state machine of the WebVTT parser: walks the lines once.
private struct WebVTTBlockReader {
    let lines: TextLines
    let limits: SubtitleParseLimits
    var index = 0
    var header = WebVTTHeader()
    var cues: [Cue] = []
    var warnings: [SubtitleDiagnostic] = []
    var seenCue = false

    init(lines: TextLines, limits: SubtitleParseLimits) {
        self.lines = lines
        self.limits = limits
    }

    mutating func read() throws(SubtitleParseError) -> SubtitleDocument {
        try readSignature()
        readHeaderLines()
        while index < lines.count {
            if lines[index].isEmpty {
                index += 1
            } else {
                let line = index + 1
                readBlock()
                try limits.checkCueCount(cues.count, line: line)
            }
        }
        if cues.isEmpty { warnings.append(.noCues) }
        return SubtitleDocument(format: .webVTT, cues: cues, webVTTHeader: header, warnings: warnings)
    }

    private mutating func warn(_ line: Int, _ message: String) {
        warnings.append(SubtitleDiagnostic(line: line + 1, message: message))
    }

    private mutating func readSignature() throws(SubtitleParseError) {
        guard let first = lines.first, first.hasPrefix("WEBVTT") else {
            throw SubtitleParseError(.missingWebVTTSignature, line: 1)
        }
        let rest = first.dropFirst(6)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else {
            throw SubtitleParseError(.missingWebVTTSignature, line: 1)
        }
        let text = rest.dropFirst()
        header.signatureText = text.isEmpty ? nil : String(text)
        index = 1
    }

    /// Lines up to the first blank line belong to the header, even if they contain `-->`.
    private mutating func readHeaderLines() {
        while index < lines.count, !lines[index].isEmpty {
            let line = lines[index]
            if line.hasPrefix("X-TIMESTAMP-MAP="), let map = Self.timestampMap(line.dropFirst(16)) {
                header.timestampMap = map
            } else {
                if line.hasPrefix("X-TIMESTAMP-MAP=") { warn(index, "malformed X-TIMESTAMP-MAP kept as a header line") }
                header.headerLines.append(String(line))
            }
            index += 1
        }
    }

    /// One block, per "collect a WebVTT block": a cue if line 1 or 2 has `-->`, else STYLE,
    /// REGION, NOTE or garbage.
    private mutating func readBlock() {
        let blockStart = index
        let first = lines[index]
        if first.contains("-->") {
            readCue(identifier: nil, timingLine: index)
            return
        }
        if index + 1 < lines.count, lines[index + 1].contains("-->") {
            readCue(identifier: String(first), timingLine: index + 1)
            return
        }
        // A block without timing: collect its lines up to the next blank line.
        index += 1
        var body: [Substring] = []
        while index < lines.count, !lines[index].isEmpty {
            body.append(lines[index])
            index += 1
        }
        let keyword = first.trimmingTextWhitespace()
        if first.hasPrefix("NOTE"), first.count == 4 || first.dropFirst(4).first?.isWhitespace == true {
            return
        }
        if keyword == "STYLE" || keyword == "REGION", first.hasPrefix(keyword) {
            if seenCue {
                warn(blockStart, "\(keyword) block after the first cue ignored")
            } else if keyword == "STYLE" {
                header.styleSheets.append(body.joined(separator: "\n"))
            } else {
                readRegion(body.joined(separator: " "), line: blockStart)
            }
            return
        }
        warn(blockStart, "block without a cue timing ignored")
    }

    private mutating func readCue(identifier: String?, timingLine: Int) {
        index = timingLine + 1
        var scanner = ScalarScanner(lines[timingLine])
        guard let start = WebVTTTimestamp.parse(&scanner) else {
            return skipBadCue(timingLine)
        }
        scanner.skipWhitespace()
        guard scanner.consume("-->") else { return skipBadCue(timingLine) }
        scanner.skipWhitespace()
        guard let end = WebVTTTimestamp.parse(&scanner),
              scanner.isAtEnd || scanner.current?.isTextWhitespace == true
        else { return skipBadCue(timingLine) }
        let parsedSettings = WebVTTCueSettingsParser.parse(scanner.remainder)
        for message in parsedSettings.warnings { warn(timingLine, message) }

        var payload: [Substring] = []
        while index < lines.count, !lines[index].isEmpty, !lines[index].contains("-->") {
            payload.append(lines[index])
            index += 1
        }
        let text = WebVTTCueTextParser.parse(payload.joined(separator: "\n"), limits: limits)
        for message in text.warnings { warn(timingLine + 1, message) }
        let cue = Cue(
            identifier: identifier, start: start, end: end, text: text.text,
            settings: parsedSettings.settings, placement: parsedSettings.settings.impliedPlacement
        )
        if let problem = CueTimingProblem(cue) { warn(timingLine, problem.message + " (kept)") }
        cues.append(cue)
        seenCue = true
    }

    /// A block whose timing line is malformed is dropped whole, up to the next blank line.
    private mutating func skipBadCue(_ timingLine: Int) {
        warn(timingLine, "malformed cue timing; cue skipped")
        while index < lines.count, !lines[index].isEmpty { index += 1 }
    }

    /// `id:… width:40% lines:3 regionanchor:0%,100% viewportanchor:10%,90% scroll:up`.
    private mutating func readRegion(_ text: String, line: Int) {
        var region = WebVTTRegion(id: "")
        for token in text.split(whereSeparator: \.isWhitespace) {
            guard let colon = token.firstIndex(of: ":") else { continue }
            let name = token[..<colon], value = token[token.index(after: colon)...]
            switch name {
            case "id" where !value.contains("-->"): region.id = String(value)
            case "width": if let width = WebVTTCueSettingsParser.percentage(value) { region.width = width }
            case "lines":
                if value.unicodeScalars.allSatisfy(\.isASCIIDigit), let lines = Int(value) { region.lines = lines }
            case "regionanchor": if let anchor = Self.anchor(value) { region.regionAnchor = anchor }
            case "viewportanchor": if let anchor = Self.anchor(value) { region.viewportAnchor = anchor }
            case "scroll": if value == "up" { region.scrollsUp = true }
            default: warn(line, "region setting \"\(token)\" ignored")
            }
        }
        if region.id.isEmpty {
            warn(line, "REGION without an id ignored")
        } else {
            header.regions.removeAll { $0.id == region.id }
            header.regions.append(region)
        }
    }

    private static func anchor(_ value: Substring) -> WebVTTRegion.Anchor? {
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let x = WebVTTCueSettingsParser.percentage(parts[0]),
              let y = WebVTTCueSettingsParser.percentage(parts[1])
        else { return nil }
        return WebVTTRegion.Anchor(x: x, y: y)
    }

    /// `LOCAL:00:00:00.000,MPEGTS:900000`, in either order.
    private static func timestampMap(_ value: Substring) -> WebVTTTimestampMap? {
        var local: SubtitleTime?
        var mpegTimestamp: Int64?
        for part in value.split(separator: ",") {
            if part.hasPrefix("LOCAL:") {
                local = WebVTTTimestamp.parse(part.dropFirst(6))
            } else if part.hasPrefix("MPEGTS:"), part.count <= 7 + 18 {
                mpegTimestamp = Int64(part.dropFirst(7))
            }
        }
        guard let local, let mpegTimestamp, mpegTimestamp >= 0 else { return nil }
        return WebVTTTimestampMap(local: local, mpegTimestamp: mpegTimestamp)
    }
}
