import ISOBMFF

/// A chapter list as JSON: the object `legible chapters --json` prints
/// (`{"file", "chapters": [{"start", "startTime", "end", "endTime", "title"}], "source"}`), so a
/// list read from one movie can be edited and written to another, or a bare array of
/// `{"start", "title"}`. `start` is seconds (a number) or a clock time string
/// (`"00:01:30.000"`); `startTime`, `end` and the other keys are ignored when `start` is given.
public struct ChapterJSONDocument: Decodable, Sendable {
    /// The chapters the document lists.
    public var input: ChapterInput

    private struct Item: Decodable {
        var start: MediaTime
        var title: String

        enum CodingKeys: String, CodingKey { case start, startTime, title }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decode(String.self, forKey: .title)
            let key: CodingKeys = container.contains(.start) ? .start : .startTime
            if let seconds = try? container.decode(Double.self, forKey: key) {
                guard seconds.isFinite, seconds >= 0, seconds < Double(MediaTime.maximum.microseconds) / 1_000_000 else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(seconds) is not a time in seconds")
                }
                start = MediaTime(microseconds: Int64((seconds * 1_000_000).rounded()))
            } else {
                let text = try container.decode(String.self, forKey: key)
                guard let time = ChapterTimestamp.parse(text[...]) else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                           debugDescription: "'\(text)' is not a time; write seconds or HH:MM:SS.mmm")
                }
                start = time
            }
        }
    }

    private struct Wrapped: Decodable {
        var chapters: [Item]
    }

    public init(from decoder: any Decoder) throws {
        let items: [Item]
        do {
            items = try decoder.singleValueContainer().decode([Item].self)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            // Not an array at the top: the object form. An array with a bad item keeps that
            // item's error (`1e308 is not a time at [1].start`), not this fallback's.
            items = try Wrapped(from: decoder).chapters
        }
        input = ChapterInput(entries: items.enumerated().map { index, item in
            ChapterInput.Entry(chapter: Chapter(start: item.start, title: item.title), place: "chapters[\(index)]")
        })
    }
}
