/// Bounds on what a parse may do with untrusted input, so that a hostile file cannot cause
/// unbounded recursion, time or memory.
///
/// The memory a parse can hold is bounded by these numbers, not by what a file declares:
/// every box costs about 250 bytes of bookkeeping (its node and path), at most ``maxBoxCount`` of them,
/// plus at most ``maxLoadedBytes`` of payload kept in memory; larger payloads stay in the file
/// and are read when a caller asks for them, one box at a time, each at most
/// ``maxInMemoryBoxSize``.
public struct Limits: Sendable, Hashable {
    /// Deepest nesting of boxes.
    public var maxDepth: Int
    /// Total number of boxes in one file.
    public var maxBoxCount: Int
    /// Largest single payload read into memory on request (a sample table that a command needs
    /// in full, an inflated `cmov`).
    public var maxInMemoryBoxSize: UInt64
    /// In a container too large to read whole, leaves larger than this (sample tables, `trun`s,
    /// cover art) stay file ranges; their first bytes are read on demand for counts.
    public var inlineLeafThreshold: UInt64
    /// A box up to this size is read with one positional read and parsed in memory; a larger
    /// container is walked header by header.
    public var wholeReadSize: UInt64
    /// Total payload bytes a parse keeps in memory; past it, further leaves stay file ranges.
    public var maxLoadedBytes: UInt64

    /// Creates limits; each default is ``standard``'s.
    public init(maxDepth: Int = 48, maxBoxCount: Int = 100_000,
                maxInMemoryBoxSize: UInt64 = 64 << 20, inlineLeafThreshold: UInt64 = 4 << 10,
                wholeReadSize: UInt64 = 64 << 10, maxLoadedBytes: UInt64 = 16 << 20) {
        self.maxDepth = maxDepth
        self.maxBoxCount = maxBoxCount
        self.maxInMemoryBoxSize = maxInMemoryBoxSize
        self.inlineLeafThreshold = inlineLeafThreshold
        self.wholeReadSize = wholeReadSize
        self.maxLoadedBytes = maxLoadedBytes
    }

    /// Limits suited to files of any size on a desktop or server.
    public static let standard = Limits()
}
