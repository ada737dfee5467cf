import XML
/// Reads SubRip (`.srt`) files the way real-world files are written, not the way they should be.
///
/// Tolerated, silently: UTF-8 with or without BOM, UTF-16 with BOM, CR LF / LF / CR line ends
/// (mixed), missing cue numbers, missing or extra blank lines, `,` or `.` before the fraction,
/// one to three (or more) fraction digits (`00:00:01,5` is 1.5 s), hours omitted, trailing
/// coordinates after the end time.
///
/// Tolerated with a warning: bytes that are not UTF-8 (read as Windows-1252), blank lines inside
/// cue text (dropped), text outside any cue (ignored), ASS override tags other than `{\anN}`
/// (stripped), minutes or seconds above 59, cues that end before or when they start (kept, so
/// a caller sees the file as it is; ``CueTimeline`` drops them), an empty or all-whitespace file.
///
/// Fatal: input over ``SubtitleParseLimits/maxInputBytes``, or text in which no cue exists.
public enum SubRipParser: SubtitleTextParser {
    public static let undecodableFallback = SubtitleTextDecoder.Fallback.windows1252

    /// Parses SubRip text that is already decoded.
    public static func parse(string: String, limits: SubtitleParseLimits = .standard) throws(SubtitleParseError) -> SubtitleDocument {
        try limits.checkSize(string.utf8.count)
        let lines = TextLines(string)
        var cues: [Cue] = []
        var warnings: [SubtitleDiagnostic] = []
        var index = 0
        while index < lines.count {
            guard let (timingIndex, timing) = cueStart(in: lines, at: index) else {
                if !lines[index].trimmingTextWhitespace().isEmpty {
                    warnings.append(SubtitleDiagnostic(line: index + 1, message: "text outside a cue ignored"))
                }
                index += 1
                continue
            }
            warnings += timing.warnings.map { SubtitleDiagnostic(line: timingIndex + 1, message: $0) }
            var textLines: [Substring] = []
            var blankLineInText: Int?
            index = timingIndex + 1
            while index < lines.count, cueStart(in: lines, at: index) == nil {
                if lines[index].trimmingTextWhitespace().isEmpty {
                    if !textLines.isEmpty, blankLineInText == nil { blankLineInText = index + 1 }
                } else {
                    if let blankLine = blankLineInText {
                        warnings.append(SubtitleDiagnostic(line: blankLine, message: "blank line inside cue text dropped"))
                        blankLineInText = nil
                    }
                    textLines.append(lines[index])
                }
                index += 1
            }
            let markup = SubRipMarkup.parse(textLines.joined(separator: "\n"), limits: limits)
            warnings += markup.warnings.map { SubtitleDiagnostic(line: timingIndex + 2, message: $0) }
            let cue = Cue(start: timing.start, end: timing.end, text: markup.text, placement: markup.placement)
            if let problem = CueTimingProblem(cue) {
                warnings.append(SubtitleDiagnostic(line: timingIndex + 1, message: problem.message + " (kept)"))
            }
            cues.append(cue)
            try limits.checkCueCount(cues.count, line: timingIndex + 1)
        }
        if cues.isEmpty {
            guard string.trimmingTextWhitespace().isEmpty else { throw SubtitleParseError(.noCues, line: 1) }
            warnings.append(.noCues)
        }
        return SubtitleDocument(format: .subRip, cues: cues, warnings: warnings)
    }

    /// Whether a cue starts at line `index`: a timing line, or a number line directly followed
    /// by one. Returns the timing line's index and its times.
    private static func cueStart(in lines: TextLines, at index: Int) -> (Int, Timing)? {
        if let timing = Timing(lines[index]) { return (index, timing) }
        guard index + 1 < lines.count,
              lines[index].trimmingTextWhitespace().unicodeScalars.allSatisfy(\.isASCIIDigit),
              !lines[index].trimmingTextWhitespace().isEmpty,
              let timing = Timing(lines[index + 1])
        else { return nil }
        return (index + 1, timing)
    }

    /// `start --> end`, leniently.
    private struct Timing {
        var start: SubtitleTime
        var end: SubtitleTime
        var warnings: [String] = []

        init?(_ line: Substring) {
            var scanner = ScalarScanner(line)
            scanner.skipWhitespace()
            guard let start = Self.timestamp(&scanner, warnings: &warnings) else { return nil }
            scanner.skipWhitespace()
            guard scanner.consume("-->") else { return nil }
            scanner.skipWhitespace()
            guard let end = Self.timestamp(&scanner, warnings: &warnings) else { return nil }
            // Anything after the end time (e.g. `X1:100 X2:200 Y1:… Y2:…`) is ignored.
            guard scanner.isAtEnd || scanner.current?.isTextWhitespace == true else { return nil }
            self.start = start
            self.end = end
        }

        /// `[h+:]m{1,2}:s{1,2}[(,|.)f+]`.
        private static func timestamp(_ scanner: inout ScalarScanner, warnings: inout [String]) -> SubtitleTime? {
            var groups: [Int64] = []
            repeat {
                let group = scanner.digits()
                guard group.count > 0, groups.isEmpty ? group.count <= 9 : group.count <= 2 else { return nil }
                groups.append(group.value)
            } while groups.count < 3 && scanner.consume(":")
            guard groups.count >= 2 else { return nil }
            if groups.count == 2 { groups.insert(0, at: 0) }
            var fraction: Int64 = 0
            if scanner.consume(",") || scanner.consume(".") {
                let digits = scanner.digits()
                guard digits.count > 0 else { return nil }
                fraction = fractionMicroseconds(digits.value, count: digits.count)
            }
            if groups[1] > 59 || groups[2] > 59 {
                warnings.append("minutes or seconds above 59 in a timestamp")
            }
            return SubtitleTime(hours: groups[0], minutes: groups[1], seconds: groups[2], microseconds: fraction)
        }
    }
}
