/// The chapters one carrier holds, in time order.
public struct ChapterList: Sendable, Hashable {
    /// The chapters, in time order.
    public var chapters: [Chapter]
    /// Where the movie keeps them.
    public var carrier: ChapterCarrier

    /// A list of `chapters` read from `carrier`.
    public init(chapters: [Chapter], carrier: ChapterCarrier) {
        self.chapters = chapters
        self.carrier = carrier
    }
}
