/// The chapters one carrier holds, in time order.
public struct ChapterList: Sendable, Hashable {
    public var chapters: [Chapter]
    public var carrier: ChapterCarrier

    public init(chapters: [Chapter], carrier: ChapterCarrier) {
        self.chapters = chapters
        self.carrier = carrier
    }
}
