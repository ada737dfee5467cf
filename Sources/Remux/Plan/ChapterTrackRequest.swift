import Movie

/// A chapter list to write: it replaces every chapter list the movie has (chapter tracks,
/// their `chap` references and `udta/chpl`) with one QuickTime chapter track.
public struct ChapterTrackRequest: Sendable {
    /// The chapters, the first at 0 and starts strictly increasing
    /// (`ChapterInput.validated(movieEnd:)` gives them so); each lasts until the next, the last
    /// until the movie's end. Ends given here are not used.
    public var chapters: [Chapter]
    /// The chapter track's language (`mdhd`, and `elng` when the tag says more).
    public var language: LanguageTag?
    /// The chapter track's name (`udta/name`).
    public var name: String?

    /// A chapter track for `chapters`, in `language`, named `name`.
    public init(chapters: [Chapter], language: LanguageTag? = nil, name: String? = nil) {
        self.chapters = chapters
        self.language = language
        self.name = name
    }
}
