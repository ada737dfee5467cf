import ISOBMFF

/// One chapter of a movie: a title shown from ``start`` in movie time.
public struct Chapter: Sendable, Hashable {
    /// Where the chapter begins, in movie time.
    public var start: MediaTime
    /// Where it ends: the next chapter's start, or the movie's end for the last one; nil when a
    /// chapter list to be written leaves it to the next start.
    public var end: MediaTime?
    /// The title.
    public var title: String

    /// A chapter at `start`, lasting until `end` (nil: until the next chapter).
    public init(start: MediaTime, end: MediaTime? = nil, title: String) {
        self.start = start
        self.end = end
        self.title = title
    }
}
