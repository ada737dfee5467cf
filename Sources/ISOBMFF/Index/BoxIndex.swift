/// A file's boxes as a flat table: one 32-byte record a box (type, offset, sizes, parent, next
/// sibling, depth) and no payload, so indexing a fragmented movie of a million boxes costs
/// some 32 MB however its fragments are laid out.
///
/// The index is built by a walk that reads headers only, under the rules `BoxTreeParser`
/// follows (the registry's layouts, counted `stsd`/`dref` children, tentative layouts that give
/// way, the depth limit, a cut-short last box, damage that stops the top-level walk), so
/// ``box(at:limits:)`` gives the box the parser would. Paths (`moov/trak[2]/mdia`) are computed from
/// the parent chain when a message needs one, and payloads are read from ``source`` on demand.
/// Records are numbered from 0 in file order, depth first: a container's first child follows it.
public struct BoxIndex: Sendable {
    /// The bytes the records point into.
    public let source: any ByteSource
    /// The path the top-level boxes' paths start with: empty for a file, the `cmvd` path of an
    /// inflated movie.
    public let rootPath: String
    var records: [BoxIndexRecord] = []
    /// Bytes the header of a cut-short last box declares that the source does not have.
    var missingBytes: [Int32: UInt64] = [:]
    /// Problems the walk tolerated, such as a last box that runs past the end of the file.
    public internal(set) var warnings: [BoxError] = []
    /// The problem that stopped the top-level walk, if any; the boxes before it are indexed.
    public internal(set) var damage: BoxError?
    /// The bytes from the point of damage to the end of the source.
    public internal(set) var tail: (offset: UInt64, length: UInt64)?

    init(source: any ByteSource, rootPath: String) {
        self.source = source
        self.rootPath = rootPath
    }

    /// The number of boxes indexed.
    public var count: Int { records.count }
    /// The bytes the records take (what the index holds per box, times the boxes).
    public var recordBytes: Int { records.capacity * MemoryLayout<BoxIndexRecord>.stride }

    /// The top-level boxes, in file order.
    public var topLevel: SiblingSequence { SiblingSequence(index: self, first: records.isEmpty ? -1 : 0) }

    /// The type of box `box`.
    public func type(of box: Int) -> FourCC { records[box].type }
    /// The absolute offset of box `box`'s header.
    public func offset(of box: Int) -> UInt64 { records[box].offset }
    /// The header size of box `box`.
    public func headerSize(of box: Int) -> UInt64 { UInt64(records[box].headerSize) }
    /// The payload size box `box`'s header declares.
    public func payloadSize(of box: Int) -> UInt64 { records[box].payloadSize }
    /// The bytes box `box`'s header declares that the source does not have (a cut-short last box).
    public func missingBytes(of box: Int) -> UInt64 { missingBytes[Int32(box)] ?? 0 }
    /// Nesting below the top level (0 for a top-level box).
    public func depth(of box: Int) -> Int { Int(records[box].depth) }
    /// Whether box `box` holds child boxes.
    public func isContainer(_ box: Int) -> Bool { records[box].isContainer }
    /// The parent of box `box`, nil at the top level.
    public func parent(of box: Int) -> Int? { records[box].parent < 0 ? nil : Int(records[box].parent) }

    /// The children of box `box`, in file order.
    public func children(of box: Int) -> SiblingSequence {
        let first = box + 1 < records.count && records[box + 1].parent == Int32(box) ? box + 1 : -1
        return SiblingSequence(index: self, first: first)
    }

    /// The first child of `box` of `type`.
    public func child(of box: Int, _ type: FourCC) -> Int? { children(of: box).first { records[$0].type == type } }

    /// The path for messages about box `box` (`moov/trak[2]/mdia`), built from its parent chain.
    public func path(of box: Int) -> String {
        let record = records[box]
        let parentPath = record.parent < 0 ? rootPath : path(of: Int(record.parent))
        let siblings = record.parent < 0 ? topLevel : children(of: Int(record.parent))
        let ordinal = siblings.prefix { $0 != box }.reduce(1) { $0 + (records[$1].type == record.type ? 1 : 0) }
        return BoxTreeParser.path(parent: parentPath, type: record.type, ordinal: ordinal)
    }

    /// Where box `box` is, for messages.
    public func location(of box: Int) -> BoxLocation { BoxLocation(path: path(of: box), offset: records[box].offset) }

    /// Boxes from one to its last sibling, following the next-sibling links.
    public struct SiblingSequence: Sequence, Sendable {
        let index: BoxIndex
        let first: Int

        /// An iterator from the first box.
        public func makeIterator() -> Iterator { Iterator(records: index.records, upcoming: first) }

        /// Steps along the next-sibling links.
        public struct Iterator: IteratorProtocol {
            let records: [BoxIndexRecord]
            var upcoming: Int

            /// The next sibling's record, nil after the last.
            public mutating func next() -> Int? {
                guard upcoming >= 0 else { return nil }
                defer { upcoming = Int(records[upcoming].nextSibling) }
                return upcoming
            }
        }
    }
}
