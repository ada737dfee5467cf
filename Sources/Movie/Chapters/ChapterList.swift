/// The chapters one carrier holds, in time order.
public struct ChapterList: Sendable, Hashable {
    public var chapters: [Chapter]
    public var carrier: ChapterCarrier
    /// The language of a chapter track's titles (`elng`, else `mdhd`: `fr`, `fra`); nil when
    /// undetermined, and for `chpl`, which has none.
    public var language: String?

    public init(chapters: [Chapter], carrier: ChapterCarrier, language: String? = nil) {
        self.chapters = chapters
        self.carrier = carrier
        self.language = language
    }
}
