/// The chapters one carrier holds, in time order.
public struct ChapterList: Sendable, Hashable {
    /// The chapters, in time order.
    public var chapters: [Chapter]
    /// Where the movie keeps them.
    public var carrier: ChapterCarrier
    /// The language of a chapter track's titles (`elng`, else `mdhd`: `fr`, `fra`); nil when
    /// undetermined, and for `chpl`, which has none.
    public var language: String?

    /// A list of `chapters` read from `carrier`, in `language` when the carrier says.
    public init(chapters: [Chapter], carrier: ChapterCarrier, language: String? = nil) {
        self.chapters = chapters
        self.carrier = carrier
        self.language = language
    }
}
