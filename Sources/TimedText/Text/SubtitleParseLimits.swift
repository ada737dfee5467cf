/// Bounds every parser enforces so that hostile input costs bounded time and memory.
public struct SubtitleParseLimits: Sendable, Equatable {
    /// The largest input accepted, in bytes. Default 64 MiB (a feature film is ~100 KiB).
    public var maxInputBytes: Int
    /// The deepest nesting of markup (tags, XML elements, style references). Default 64.
    public var maxNestingDepth: Int

    /// Creates limits.
    public init(maxInputBytes: Int = 64 << 20, maxNestingDepth: Int = 64) {
        self.maxInputBytes = maxInputBytes
        self.maxNestingDepth = maxNestingDepth
    }

    /// The defaults.
    public static let standard = SubtitleParseLimits()

    func checkSize(_ count: Int) throws(SubtitleParseError) {
        if count > maxInputBytes { throw SubtitleParseError(.inputTooLarge(limit: maxInputBytes)) }
    }
}
