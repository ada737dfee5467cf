import ISOBMFF

/// The chapters of a movie: every carrier that could be read, the one shown, and why.
public struct MovieChapters: Sendable {
    /// The lists read, the one players show first: a QuickTime chapter track before `chpl`.
    public var lists: [ChapterList]
    /// Carriers that are there but could not be read, with box path and offset.
    public var problems: [BoxError]
    /// Why ``shown`` was chosen when the movie has more than one carrier, or when one could not
    /// be read; nil when there was nothing to choose.
    public var choice: String?

    /// The chapters of `lists` (the one players show first, first), with the carriers that could
    /// not be read and why the one shown was chosen.
    public init(lists: [ChapterList], problems: [BoxError] = [], choice: String? = nil) {
        self.lists = lists
        self.problems = problems
        self.choice = choice
    }

    /// The list a player shows.
    public var shown: ChapterList? { lists.first }
}
