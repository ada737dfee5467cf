import XML
/// Reads WebVTT files following the W3C WebVTT parsing rules (https://w3c.github.io/webvtt/,
/// §6.1 "WebVTT parser algorithm" and §6.2 "collect a WebVTT block").
///
/// The signature line must be `WEBVTT`, optionally followed by a space or tab and text; anything
/// else is fatal. NUL characters read as U+FFFD. The header runs to the first blank line or the
/// first line holding `-->`, which already starts a cue (its lines, except an HLS
/// `X-TIMESTAMP-MAP`, are kept as ``WebVTTHeader/headerLines``). Then come blocks: cues
/// (an identifier line, a timing line `start --> end settings`, text), `STYLE` and `REGION`
/// blocks (only before the first cue), and anything else (`NOTE` comments), which is ignored.
/// A block ends at a blank line or at a line holding `-->` that cannot be its timing line; so a
/// cue whose timing line is malformed loses only its own lines, and the next timing line starts
/// the next cue.
///
/// Warnings (never fatal, one per kind with its count): malformed timings (the cue is skipped),
/// unknown or malformed settings and tags (ignored), a `region:` naming no region, `STYLE` or
/// `REGION` after a cue (ignored), text blocks that are no cue (ignored), cues that end before
/// or when they start (kept; ``CueTimeline`` drops them), invalid UTF-8 (replaced with U+FFFD),
/// a file without cues.
public enum WebVTTParser: SubtitleTextParser {
    public static let undecodableFallback = SubtitleTextDecoder.Fallback.replacement

    /// Parses WebVTT text that is already decoded, as the specification says.
    public static func parse(string: String, limits: SubtitleParseLimits = .standard) throws(SubtitleParseError) -> SubtitleDocument {
        try parse(string: string, limits: limits, options: .standard)
    }

    /// Parses WebVTT text that is already decoded, with `options` for what the specification
    /// no longer accepts.
    public static func parse(
        string: String, limits: SubtitleParseLimits = .standard, options: WebVTTParseOptions
    ) throws(SubtitleParseError) -> SubtitleDocument {
        try limits.checkSize(string.utf8.count)
        // W3C WebVTT §6.1: "Replace all U+0000 NULL characters by U+FFFD REPLACEMENT CHARACTERS".
        let text = string.utf8.contains(0)
            ? String(String.UnicodeScalarView(string.unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }))
            : string
        var reader = WebVTTBlockReader(lines: TextLines(text), limits: limits, options: options)
        return try reader.read()
    }

    /// Parses a cue payload (the text of a cue, or of a `wvtt` `payl` box) into styled text.
    public static func parseCueText(_ payload: String, limits: SubtitleParseLimits = .standard) -> CueText {
        WebVTTCueTextParser.parse(payload, limits: limits).text
    }

    /// Parses a cue-settings string (the rest of a timing line, or a `wvtt` `sttg` box). A
    /// `region:` is kept whatever it names, as there is no header here to look it up in.
    public static func parseCueSettings(_ text: String, options: WebVTTParseOptions = .standard) -> CueSettings {
        WebVTTCueSettingsParser.parse(text, options: options).settings
    }
}

/// The block-level state machine of the WebVTT parser: walks the lines once.
private struct WebVTTBlockReader {
    let lines: TextLines
    let limits: SubtitleParseLimits
    let options: WebVTTParseOptions
    var index = 0
    var header = WebVTTHeader()
    var cues: [Cue] = []
    var warnings = WebVTTWarningTally()
    var seenCue = false
    var regionIDs: Set<String>?

    init(lines: TextLines, limits: SubtitleParseLimits, options: WebVTTParseOptions) {
        self.lines = lines
        self.limits = limits
        self.options = options
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
        var diagnostics = warnings.diagnostics
        if cues.isEmpty { diagnostics.append(.noCues) }
        return SubtitleDocument(format: .webVTT, cues: cues, webVTTHeader: header, warnings: diagnostics)
    }

    private mutating func warn(_ line: Int, _ message: String) {
        warnings.add(line: line + 1, message)
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

    /// The header block: lines up to a blank line, or up to (not including) a line with `-->`.
    private mutating func readHeaderLines() {
        while index < lines.count, !lines[index].isEmpty, !lines[index].contains("-->") {
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

    /// What a block turned out to be, once its second line is read.
    private enum BlockKind {
        case unknown, cue(Timing), badTiming, style, region

        var isUnknown: Bool {
            if case .unknown = self { return true }
            return false
        }
    }

    /// A cue's timing line, read.
    private struct Timing {
        var identifier: String
        var line: Int
        var start: SubtitleTime
        var end: SubtitleTime
        var settings: String
    }

    /// One block, per "collect a WebVTT block": the timing line is line 1 or 2 (and `-->` on a
    /// later line ends the block there); `STYLE` and `REGION` are recognised on line 2.
    private mutating func readBlock() {
        let blockStart = index
        var kind = BlockKind.unknown
        var buffer: [Substring] = []
        var lineCount = 0
        while index < lines.count {
            let line = lines[index]
            lineCount += 1
            if line.contains("-->") {
                guard lineCount == 1 || (lineCount == 2 && buffer.count == 1 && kind.isUnknown) else { break }
                index += 1
                kind = readTiming(line, at: index - 1, identifier: buffer.first.map(String.init) ?? "")
                buffer = []
                continue
            }
            index += 1
            if line.isEmpty { break }
            if lineCount == 2, kind.isUnknown, let keyword = Self.blockKeyword(buffer[0]) {
                if seenCue {
                    warn(blockStart, "\(keyword) block after the first cue ignored")
                } else {
                    kind = keyword == "STYLE" ? .style : .region
                    buffer = []
                }
            }
            buffer.append(line)
        }
        finish(kind, buffer: buffer, blockStart: blockStart)
    }

    private mutating func finish(_ kind: BlockKind, buffer: [Substring], blockStart: Int) {
        switch kind {
        case .cue(let timing):
            appendCue(timing, payload: buffer.joined(separator: "\n"))
        case .style:
            header.styleSheets.append(buffer.joined(separator: "\n"))
        case .region:
            readRegion(buffer.joined(separator: "\n"), line: blockStart)
        case .badTiming:
            break
        case .unknown:
            let first = lines[blockStart]
            let isComment = first.hasPrefix("NOTE") && (first.count == 4 || first.unicodeScalars.dropFirst(4).first?.isTextWhitespace == true)
            if !isComment, Self.blockKeyword(first) == nil { warn(blockStart, "block without a cue timing ignored") }
        }
    }

    /// `STYLE` or `REGION` when the line is that word (trailing whitespace allowed).
    private static func blockKeyword(_ line: Substring) -> String? {
        ["STYLE", "REGION"].first { keyword in
            line.hasPrefix(keyword) && line.unicodeScalars.dropFirst(keyword.count).allSatisfy(\.isTextWhitespace)
        }
    }

    /// "Collect WebVTT cue timings and settings": whitespace, start, `-->`, end, then whatever
    /// follows is the settings list (so `01.000x` has the setting `x`, ignored).
    private mutating func readTiming(_ line: Substring, at lineIndex: Int, identifier: String) -> BlockKind {
        var scanner = ScalarScanner(line)
        scanner.skipWhitespace()
        guard let start = WebVTTTimestamp.parse(&scanner) else { return badTiming(lineIndex) }
        scanner.skipWhitespace()
        guard scanner.consume("-->") else { return badTiming(lineIndex) }
        scanner.skipWhitespace()
        guard let end = WebVTTTimestamp.parse(&scanner) else { return badTiming(lineIndex) }
        seenCue = true
        return .cue(Timing(identifier: identifier, line: lineIndex, start: start, end: end, settings: scanner.remainder))
    }

    private mutating func badTiming(_ lineIndex: Int) -> BlockKind {
        warn(lineIndex, "malformed cue timing; cue skipped")
        return .badTiming
    }

    private mutating func appendCue(_ timing: Timing, payload: String) {
        // Regions come only before the first cue, so their ids are fixed from here on.
        let regionIDs = self.regionIDs ?? Set(header.regions.map(\.id))
        self.regionIDs = regionIDs
        let parsedSettings = WebVTTCueSettingsParser.parse(timing.settings, regions: regionIDs, options: options)
        for message in parsedSettings.warnings { warn(timing.line, message) }
        let text = WebVTTCueTextParser.parse(payload, limits: limits)
        for message in text.warnings { warn(timing.line + 1, message) }
        let cue = Cue(
            identifier: timing.identifier.isEmpty ? nil : timing.identifier, start: timing.start, end: timing.end,
            text: text.text, settings: parsedSettings.settings, placement: parsedSettings.settings.impliedPlacement
        )
        if let problem = CueTimingProblem(cue) { warn(timing.line, problem.message + " (kept)") }
        cues.append(cue)
    }

    /// A REGION block; a later region with the same id replaces the earlier one (§6.1).
    private mutating func readRegion(_ text: String, line: Int) {
        let (region, ignored) = WebVTTRegionSettingsParser.parse(text)
        for token in ignored { warn(line, "region setting \"\(token)\" ignored") }
        if region.id.isEmpty {
            warn(line, "REGION without an id ignored")
        } else {
            header.regions.removeAll { $0.id == region.id }
            header.regions.append(region)
        }
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

