import ISOBMFF

/// Reads the chapters of an FFmpeg metadata file (FFmpeg's documentation, ffmpeg-formats
/// "Metadata": a `;FFMETADATA1` header, `key=value` lines, `[CHAPTER]` sections with
/// `TIMEBASE=num/den`, `START`, `END` and `title`; `;` and `#` start comments; `=`, `;`, `#`,
/// `\` and a line break are escaped with `\`).
///
/// The global section and `[STREAM]` sections are read past. A chapter without `TIMEBASE`
/// counts in nanoseconds, FFmpeg's default (libavformat/ffmetadec.c).
public enum FFMetadataParser {
    /// The header line every metadata file starts with.
    public static let header = ";FFMETADATA1"

    /// One logical line: characters with whether each was escaped, and the line it started on.
    private struct LogicalLine {
        var characters: [(character: Character, escaped: Bool)] = []
        var number: Int

        var isEmpty: Bool { characters.allSatisfy { !$0.escaped && $0.character.isWhitespace } }
        var text: String { String(characters.map(\.character)) }
        func starts(with character: Character) -> Bool { characters.first.map { !$0.escaped && $0.character == character } ?? false }
    }

    /// Parses the `[CHAPTER]` sections of an FFmpeg metadata file.
    public static func parse(_ text: String) throws(ChapterInputError) -> ChapterInput {
        let lines = logicalLines(text)
        guard let first = lines.first, first.text.hasPrefix(header) else {
            throw ChapterInputError("not an FFmpeg metadata file: the first line must be \(header)", at: "line 1")
        }
        var entries: [ChapterInput.Entry] = []
        var chapter: PendingChapter?
        func finish() throws(ChapterInputError) {
            if let pending = chapter { entries.append(try pending.entry()) }
            chapter = nil
        }
        for line in lines.dropFirst() where !line.isEmpty && !line.starts(with: ";") && !line.starts(with: "#") {
            if line.starts(with: "[") {
                try finish()
                if line.text[...].trimmingWhitespace == "[CHAPTER]" { chapter = PendingChapter(line: line.number) }
                continue
            }
            guard chapter != nil else { continue }
            guard let equals = line.characters.firstIndex(where: { !$0.escaped && $0.character == "=" }) else {
                throw ChapterInputError("expected key=value in a [CHAPTER] section", at: "line \(line.number)")
            }
            let key = String(line.characters[..<equals].map(\.character))
            let value = String(line.characters[(equals + 1)...].map(\.character))
            try chapter?.set(key, value, line: line.number)
        }
        try finish()
        return ChapterInput(entries: entries)
    }

    /// Splits `text` into lines, resolving escapes: `\` + line break continues the line with
    /// the break kept in the value.
    private static func logicalLines(_ text: String) -> [LogicalLine] {
        var lines: [LogicalLine] = []
        var current = LogicalLine(number: 1)
        var physical = 1
        var escaping = false
        for character in text {
            if escaping {
                current.characters.append((character.isNewline ? "\n" : character, true))
                if character.isNewline { physical += 1 }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character.isNewline {
                physical += 1
                lines.append(current)
                current = LogicalLine(number: physical)
            } else {
                current.characters.append((character, false))
            }
        }
        lines.append(current)
        return lines
    }

    /// A `[CHAPTER]` section being read.
    private struct PendingChapter {
        let line: Int
        var timebase: (numerator: Int64, denominator: Int64) = (1, 1_000_000_000)
        var start: (value: Int64, line: Int)?
        var end: Int64?
        var title: String?

        mutating func set(_ key: String, _ value: String, line: Int) throws(ChapterInputError) {
            let place = "line \(line)"
            switch key {
            case "TIMEBASE":
                let parts = value.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, let numerator = Int64(parts[0]), let denominator = Int64(parts[1]),
                      numerator > 0, denominator > 0 else {
                    throw ChapterInputError("TIMEBASE must be two positive whole numbers, num/den (such as 1/1000), not '\(value)'", at: place)
                }
                timebase = (numerator, denominator)
            case "START", "END":
                guard let number = Int64(value), number >= 0 else {
                    throw ChapterInputError("\(key) must be a whole number of TIMEBASE units, 0 or more, not '\(value)'", at: place)
                }
                if key == "START" { start = (number, line) } else { end = number }
            case "title":
                title = value
            default:
                break
            }
        }

        /// The chapter; times are converted exactly to microseconds where they fit.
        func entry() throws(ChapterInputError) -> ChapterInput.Entry {
            let place = "line \(line)"
            guard let start else { throw ChapterInputError("the [CHAPTER] has no START", at: place) }
            guard let startTime = time(start.value) else {
                throw ChapterInputError("START=\(start.value) with TIMEBASE=\(timebase.numerator)/\(timebase.denominator) is out of range", at: "line \(start.line)")
            }
            let endTime = end.flatMap(time)
            if let endTime, endTime <= startTime {
                throw ChapterInputError("the chapter ends (\(ChapterTimestamp.format(endTime))) before it starts (\(ChapterTimestamp.format(startTime)))", at: place)
            }
            return ChapterInput.Entry(chapter: Chapter(start: startTime, end: endTime, title: title ?? ""), place: place)
        }

        /// `value` × num/den seconds, to the microsecond; nil on overflow.
        private func time(_ value: Int64) -> MediaTime? {
            let (scaled, overflow) = value.multipliedReportingOverflow(by: timebase.numerator)
            guard !overflow, timebase.denominator <= Int64(UInt32.max) else { return nil }
            return MediaTime(units: scaled, timescale: UInt32(timebase.denominator))
        }
    }
}
