/// Bounds on what a parse may do with untrusted input, so that a hostile file cannot cause
/// unbounded recursion, time or memory.
///
/// The memory a parse can hold is bounded by these numbers, not by what a file declares:
/// every box below the top level costs about 250 bytes of bookkeeping (its node and path), at
/// most ``maxBoxCount(forFileSize:)`` of them — a fixed number for a small file, a share of a
/// large one's size — and each top-level box a few dozen, at most
/// ``maxIndexRecords(forInputSize:)``; a movie fragment (`moof`) is checked and then kept as a
/// range, its boxes parsed again when a caller reaches it, so fragments do not add up. Plus at
/// most ``maxLoadedBytes`` of payload kept in memory; larger payloads stay in the file
/// and are read when a caller asks for them, one box at a time, each at most
/// ``maxInMemoryBoxSize``. A walk that reaches a bound stops there and says so
/// (``BoxFile/stoppedAtLimit``); an edit of such a file is refused rather than written without
/// the part that was not read.
public struct Limits: Sendable, Hashable {
    /// Deepest nesting of boxes.
    public var maxDepth: Int
    /// The number of boxes a parse holds below the top level (a `moov` and its tracks, or one
    /// movie fragment as it is read): a real `moov` has a few dozen a track, so the default holds
    /// thousands of tracks in some 40 MB, whatever the file's size.
    public var maxBoxCount: Int
    /// A larger file may hold one box per this many of its bytes, when that is more than
    /// ``maxBoxCount``: the fragments of a long recording are read whole, while what a parse
    /// holds stays a small share of the file (about 6% at 4 KiB a box), so a flood of tiny boxes
    /// cannot make it large.
    public var fileBytesPerBox: UInt64
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
    /// A box index (`BoxIndex`), and the top-level list of a parse, may hold one record per this
    /// many bytes of its input: a box is at least 8 bytes, so an honest file of tiny boxes (a
    /// fragment per frame) is read whole, while the index of any file stays within twice its
    /// size over 16 bytes a record (32 bytes each).
    public var inputBytesPerIndexRecord: UInt64
    /// The records any index may hold, however small its input: room for the `moov` an
    /// inflated `cmov` of a few hundred bytes holds, and no more.
    public var minIndexRecords: Int

    /// Creates limits; each default is ``standard``'s.
    public init(maxDepth: Int = 48, maxBoxCount: Int = 150_000, fileBytesPerBox: UInt64 = 4096,
                maxInMemoryBoxSize: UInt64 = 64 << 20, inlineLeafThreshold: UInt64 = 4 << 10,
                wholeReadSize: UInt64 = 64 << 10, maxLoadedBytes: UInt64 = 16 << 20,
                inputBytesPerIndexRecord: UInt64 = 16, minIndexRecords: Int = 4096) {
        self.maxDepth = maxDepth
        self.maxBoxCount = maxBoxCount
        self.fileBytesPerBox = fileBytesPerBox
        self.maxInMemoryBoxSize = maxInMemoryBoxSize
        self.inlineLeafThreshold = inlineLeafThreshold
        self.wholeReadSize = wholeReadSize
        self.maxLoadedBytes = maxLoadedBytes
        self.inputBytesPerIndexRecord = inputBytesPerIndexRecord
        self.minIndexRecords = minIndexRecords
    }

    /// The records a box index of `size` bytes of input may hold: ``minIndexRecords``, or one
    /// per ``inputBytesPerIndexRecord`` when that is more, and never past what an `Int32`
    /// record number holds.
    public func maxIndexRecords(forInputSize size: UInt64) -> Int {
        min(max(minIndexRecords, Int(clamping: size / max(inputBytesPerIndexRecord, 1))), Int(Int32.max))
    }

    /// The number of boxes a file of `size` bytes may hold: ``maxBoxCount``, or one per
    /// ``fileBytesPerBox`` of the file when that is more.
    public func maxBoxCount(forFileSize size: UInt64) -> Int {
        max(maxBoxCount, Int(clamping: size / max(fileBytesPerBox, 1)))
    }

    /// Limits suited to files of any size on a desktop or server.
    public static let standard = Limits()
}
