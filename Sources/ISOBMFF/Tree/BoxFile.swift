/// A parsed file: its top-level boxes, the source they refer to, and what was wrong with it.
public struct BoxFile: Sendable {
    /// The source the boxes' file ranges point into.
    public let source: any ByteSource
    /// Top-level boxes in file order.
    public var boxes: TopLevelBoxes
    /// Problems the reader tolerated, such as a last box that runs past the end of the file.
    public var warnings: [BoxError] = []
    /// The problem that stopped the top-level walk, if any; the boxes before it are kept.
    public var damage: BoxError?
    /// The bytes from the point of damage to the end of the file, kept so the file still
    /// round-trips exactly.
    public var tail: (offset: UInt64, length: UInt64)?

    /// Whether the walk stopped at a bound of ``Limits`` (more boxes than it holds, say) rather
    /// than at damage: then ``tail`` is the part of the file that was not read, which may be
    /// sound boxes — the fragments of a long fragmented movie.
    public var stoppedAtLimit: Bool { damage.map(BoxTreeParser.isLimit) ?? false }

    /// Creates a file of no boxes over `source`.
    public init(source: any ByteSource) {
        self.source = source
        boxes = TopLevelBoxes(source: source)
    }

    /// The first top-level box of a type.
    public func box(_ type: FourCC) -> Box? { boxes.first { $0.type == type } }
}
