/// Reads a plain chapter list: one chapter a line, a time then the title
/// (`00:01:30.000 The Storm`; times as ``ChapterTimestamp`` reads them). Blank lines and lines
/// starting with `#` are ignored.
public enum ChapterTextParser {
    /// Parses a plain chapter list: one chapter a line, a time then the title.
    public static func parse(_ text: String) throws(ChapterInputError) -> ChapterInput {
        var entries: [ChapterInput.Entry] = []
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let place = "line \(index + 1)"
            let line = rawLine.drop(while: \.isWhitespace)
            guard !line.isEmpty, line.first != "#" else { continue }
            let timeText = line.prefix { !$0.isWhitespace }
            guard let start = ChapterTimestamp.parse(timeText) else {
                throw ChapterInputError("'\(timeText)' is not a time; write HH:MM:SS.mmm, M:SS or H:MM:SS, then the title", at: place)
            }
            let title = String(line.dropFirst(timeText.count).trimmingWhitespace)
            guard !title.isEmpty else { throw ChapterInputError("no title after the time \(timeText)", at: place) }
            entries.append(ChapterInput.Entry(chapter: Chapter(start: start, title: title), place: place))
        }
        return ChapterInput(entries: entries)
    }
}

extension Substring {
    /// Without leading and trailing whitespace.
    var trimmingWhitespace: Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
