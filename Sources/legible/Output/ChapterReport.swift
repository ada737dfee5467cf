import ISOBMFF
import Movie
import TimedText

/// What `legible chapters` and the chapters part of `legible info` show: the list a player
/// shows, which carrier it came from, the other carriers and why one was chosen.
struct ChapterReport {
    let chapters: MovieChapters

    /// The members describing the chapters (without the file): `chapters`, `source`,
    /// `otherSources`, `lists` (every list read, each with its source and chapters: one chapter
    /// track per language, `chpl`), `choice`, `problems`.
    var jsonMembers: [(String, JSONValue)] {
        [
            ("chapters", .array((chapters.shown?.chapters ?? []).map(Self.chapterJSON))),
            ("source", chapters.shown.map { Self.sourceJSON($0) } ?? .null),
            ("otherSources", .array(chapters.lists.dropFirst().map { Self.sourceJSON($0) })),
            ("lists", .array(chapters.lists.map { list in
                .object([("source", Self.sourceJSON(list)), ("chapters", .array(list.chapters.map(Self.chapterJSON)))])
            })),
            ("choice", .string(chapters.choice)),
            ("problems", .array(chapters.problems.map { .string($0.description) })),
        ]
    }

    static func chapterJSON(_ chapter: Chapter) -> JSONValue {
        .object([
            ("start", seconds(chapter.start)),
            ("startTime", .string(ChapterTimestamp.format(chapter.start))),
            ("end", chapter.end.map(seconds) ?? .null),
            ("endTime", .string(chapter.end.map(ChapterTimestamp.format))),
            ("title", .string(chapter.title)),
        ])
    }

    static func sourceJSON(_ list: ChapterList) -> JSONValue {
        switch list.carrier {
        case let .quickTimeTrack(id):
            .object([("type", .string("quickTimeTrack")), ("trackID", .unsigned(id)), ("language", .string(list.language)),
                     ("count", .unsigned(list.chapters.count))])
        case .nero:
            .object([("type", .string("nero")), ("box", .string("moov/udta/chpl")), ("count", .unsigned(list.chapters.count))])
        }
    }

    private static func seconds(_ time: SubtitleTime) -> JSONValue {
        .seconds(Double(time.roundedMilliseconds) / 1000)
    }

    /// `00:01:30.000  Title`, one chapter a line; then, for a movie with a chapter track per
    /// language, each other track's after a line naming it.
    var chapterLines: [String] {
        let line = { (chapter: Chapter) in "\(ChapterTimestamp.format(chapter.start))  \(TerminalText.field(chapter.title))" }
        var lines = (chapters.shown?.chapters ?? []).map(line)
        for list in chapters.lists.dropFirst() where list.carrier != .nero {
            lines.append("\(Self.name(list)):")
            lines += list.chapters.map(line)
        }
        return lines
    }

    /// `QuickTime chapter track 6 (fr)`.
    private static func name(_ list: ChapterList) -> String {
        "\(list.carrier)" + (list.language.map { " (\(TerminalText.field($0)))" } ?? "")
    }

    /// Where the list shown comes from, the other carriers, and why.
    var sourceLines: [String] {
        guard let shown = chapters.shown else {
            return chapters.problems.isEmpty ? ["no chapters"] : []
        }
        var lines = ["\(shown.chapters.count) chapter\(shown.chapters.count == 1 ? "" : "s") from the \(Self.name(shown))"]
        for other in chapters.lists.dropFirst() {
            lines.append("also: the \(Self.name(other)), \(other.chapters.count) chapter\(other.chapters.count == 1 ? "" : "s")")
        }
        if let choice = chapters.choice { lines.append(choice) }
        return lines
    }
}
