import ISOBMFF

/// A chapter list as read from a file, each chapter with its place in the file for messages.
public struct ChapterInput: Sendable, Equatable {
    /// One chapter as the input gave it, with where it came from.
    public struct Entry: Sendable, Equatable {
        /// The chapter.
        public var chapter: Chapter
        /// `line 4` (text, FFMETADATA) or `chapters[2]` (JSON).
        public var place: String

        /// An entry for `chapter`, found at `place` (for errors).
        public init(chapter: Chapter, place: String) {
            self.chapter = chapter
            self.place = place
        }
    }

    /// The chapters, in input order.
    public var entries: [Entry]

    /// Creates an input of `entries`.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The chapters, checked for writing: at least one, the first at 0 (a chapter track's
    /// samples cover the movie from its start, QTFF "Chapter lists"), titles not empty, starts
    /// strictly increasing, and every start before the movie's end (`movieEnd`, when known).
    public func validated(movieEnd: MediaTime?) throws(ChapterInputError) -> [Chapter] {
        guard let first = entries.first else { throw ChapterInputError("no chapters") }
        guard first.chapter.start == .zero else {
            throw ChapterInputError("the first chapter starts at \(ChapterTimestamp.format(first.chapter.start)); chapters cover the movie from its start, so add one at 00:00:00.000",
                                    at: first.place)
        }
        var previous: Entry?
        for entry in entries {
            let chapter = entry.chapter
            if chapter.title.allSatisfy(\.isWhitespace) {
                throw ChapterInputError("the chapter at \(ChapterTimestamp.format(chapter.start)) has an empty title", at: entry.place)
            }
            if let previous {
                if chapter.start == previous.chapter.start {
                    throw ChapterInputError("two chapters start at \(ChapterTimestamp.format(chapter.start)) (the other is at \(previous.place))", at: entry.place)
                }
                if chapter.start < previous.chapter.start {
                    throw ChapterInputError("chapters must be in time order: \(ChapterTimestamp.format(chapter.start)) comes after \(ChapterTimestamp.format(previous.chapter.start)) (\(previous.place))",
                                            at: entry.place)
                }
            }
            if let movieEnd, chapter.start >= movieEnd {
                throw ChapterInputError("the chapter starts at \(ChapterTimestamp.format(chapter.start)), at or after the movie's end (\(ChapterTimestamp.format(movieEnd)))", at: entry.place)
            }
            previous = entry
        }
        return entries.map(\.chapter)
    }
}
