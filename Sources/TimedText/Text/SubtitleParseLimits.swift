/// Bounds every parser enforces so that hostile input costs bounded time and memory.
public struct SubtitleParseLimits: Sendable, Equatable {
    /// The largest input accepted, in bytes. Default 64 MiB (a feature film is ~100 KiB).
    public var maxInputBytes: Int
    /// The deepest nesting of markup (tags, XML elements, style references). Default 64.
    public var maxNestingDepth: Int
    /// The most cues a file may have. Default 100,000: a feature film has one or two thousand,
    /// a day of live captions some tens of thousands; more than this is not one movie's
    /// subtitles, and would cost memory out of proportion before anything could be written.
    public var maxCues: Int

    /// Creates limits.
    public init(maxInputBytes: Int = 64 << 20, maxNestingDepth: Int = 64, maxCues: Int = 100_000) {
        self.maxInputBytes = maxInputBytes
        self.maxNestingDepth = maxNestingDepth
        self.maxCues = maxCues
    }

    /// The defaults.
    public static let standard = SubtitleParseLimits()

    func checkSize(_ count: Int) throws(SubtitleParseError) {
        if count > maxInputBytes { throw SubtitleParseError(.inputTooLarge(limit: maxInputBytes)) }
    }

    /// Throws once a parser holds more than ``maxCues`` cues; `line` is where the next one is.
    func checkCueCount(_ count: Int, line: Int?) throws(SubtitleParseError) {
        if count > maxCues { throw SubtitleParseError(.tooManyCues(limit: maxCues), line: line) }
    }
}
