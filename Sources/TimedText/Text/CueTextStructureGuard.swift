/// Cue text as lines that cannot end the cue or start another in the format written: text never
/// becomes structure (a cue cannot forge a cue).
///
/// Lines break at CR LF, LF or CR, the line terminators of both formats (W3C WebVTT §6.1, which
/// readers of SubRip share), and are written with LF. What a format would read as structure is
/// changed, because neither format has an escape for it:
///
/// - An empty line ends a cue (WebVTT §6.1 "collect a WebVTT block"; SubRip separates cues with
///   a blank line, and its readers take a line of spaces for one, so SubRip drops those too).
///   Such lines inside the text are dropped, joining the lines around them; at its start or end
///   they carry nothing and go silently.
/// - A line holding `-->` is a timing line: WebVTT §6.1 ends the cue text there and starts a new
///   block, and SubRip readers (ffmpeg, Legible) start a cue at `-->` between two timestamps.
///   WebVTT cue text never has one (`>` is written `&gt;`); in SubRip each `-->` (two or more
///   hyphens, then `>`) becomes `->`, which no reader takes for an arrow.
/// - SubRip only: a cue number line followed by a line that begins with a timestamp is read as
///   the next cue's number and timing by Python's `srt`, which looks ahead for exactly that
///   shape to find where a cue's text ends. The number line is joined to the next one.
struct CueTextStructureGuard {
    /// The format whose structure the text must not forge.
    enum Format { case subRip, webVTT }

    /// The text to write, lines separated by LF.
    private(set) var text: String
    /// What was changed, empty when the text was safe as it was.
    private(set) var changes: Set<TextStructureChange> = []

    init(_ original: String, format: Format) {
        var lines: [String] = []
        var droppedBlank = false
        for line in TextLines(original) {
            let isBlank = format == .subRip ? line.trimmingTextWhitespace().isEmpty : line.isEmpty
            if isBlank {
                droppedBlank = droppedBlank || !lines.isEmpty
                continue
            }
            if droppedBlank { changes.insert(.blankLine) }
            droppedBlank = false
            // In WebVTT only a tag could still hold `-->` (text is escaped); it is broken either way.
            let written = Self.breakingArrows(String(line))
            if written.unicodeScalars.count != line.unicodeScalars.count { changes.insert(.timingLine) }
            if format == .subRip, let last = lines.last, Self.isCueNumber(last), Self.startsWithTimestamp(written) {
                lines[lines.count - 1] = last + " " + written
                changes.insert(.timingLine)
                continue
            }
            lines.append(written)
        }
        text = lines.joined(separator: "\n")
    }

    /// `text` with each run of two or more hyphens directly before `>` cut to one, so that it
    /// holds no `-->`; scalar by scalar, because a combining mark after `>` would hide it from a
    /// `Character` search but not from a reader of bytes.
    static func breakingArrows(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var hyphens = 0
        for scalar in text.unicodeScalars {
            if scalar == ">", hyphens >= 2 {
                output.removeLast(hyphens - 1)
            }
            hyphens = scalar == "-" ? hyphens + 1 : 0
            output.append(scalar)
        }
        return String(output)
    }

    /// A line Python's `srt` takes for a cue number (`-?[0-9]+\.?[0-9]*`, then `\s*`, which in
    /// Python is any Unicode space and the separators U+001C–U+001F).
    private static func isCueNumber(_ line: String) -> Bool {
        let isSpace = { (scalar: Unicode.Scalar) in scalar.properties.isWhitespace || (0x1C...0x1F).contains(scalar.value) }
        var scanner = line.unicodeScalars[...]
        while let last = scanner.last, isSpace(last) { scanner = scanner.dropLast() }
        if scanner.first == "-" { scanner = scanner.dropFirst() }
        let digits = scanner.prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty else { return false }
        scanner = scanner.dropFirst(digits.count)
        if scanner.first == "." { scanner = scanner.dropFirst() }
        return scanner.allSatisfy(\.isASCIIDigit)
    }

    /// Whether `line` begins, after spaces, with three groups of digits each followed by a
    /// separator Python's `srt` accepts in a timestamp (`,` `.` `:` and their full-width forms).
    /// The third separator is optional to `srt`, so two groups and a third of digits suffice.
    private static func startsWithTimestamp(_ line: String) -> Bool {
        var scanner = line.trimmingTextWhitespace().unicodeScalars[...]
        for group in 0..<3 {
            let digits = scanner.prefix(while: \.isASCIIDigit)
            guard !digits.isEmpty else { return false }
            scanner = scanner.dropFirst(digits.count)
            if group == 2 { return true }
            guard let separator = scanner.first, timestampSeparators.contains(separator) else { return false }
            scanner = scanner.dropFirst()
        }
        return false
    }

    private static let timestampSeparators: Set<Unicode.Scalar> = [",", ".", ":", "\u{FF0C}", "\u{FF0E}", "\u{3002}", "\u{FF1A}"]
}
