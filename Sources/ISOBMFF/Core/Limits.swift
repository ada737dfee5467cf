/// Bounds on what a parse may do with untrusted input, so that a hostile file cannot cause
/// unbounded recursion, time or memory.
public struct Limits: Sendable, Hashable {
    /// Deepest nesting of boxes.
    public var maxDepth: Int
    /// Total number of boxes in one file.
    public var maxBoxCount: Int
    /// Largest box (or inflated `cmov`) read into memory; `moov` and `moof` are read whole.
    public var maxInMemoryBoxSize: UInt64
    /// Top-level leaf boxes up to this size are read into memory; larger ones (and every `mdat`)
    /// stay file ranges.
    public var inlineLeafThreshold: UInt64

    public init(maxDepth: Int = 48, maxBoxCount: Int = 2_000_000,
                maxInMemoryBoxSize: UInt64 = 512 << 20, inlineLeafThreshold: UInt64 = 1 << 20) {
        self.maxDepth = maxDepth
        self.maxBoxCount = maxBoxCount
        self.maxInMemoryBoxSize = maxInMemoryBoxSize
        self.inlineLeafThreshold = inlineLeafThreshold
    }

    /// Limits suited to files of any size on a desktop or server.
    public static let standard = Limits()
}
