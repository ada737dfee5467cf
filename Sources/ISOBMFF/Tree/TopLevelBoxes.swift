/// The top-level boxes of a file, in file order, held so that their number costs little: a box
/// the walk left in the file as it is (an `mdat`, a movie fragment, large free space) is a
/// 24-byte record, made into a ``Box`` when it is reached; a box read into memory (`ftyp`,
/// `moov`) is held as its tree. A fragmented movie of a hundred thousand fragments keeps some
/// 5 MB of records rather than a tree node each.
public struct TopLevelBoxes: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral, Sendable {
    /// A box kept as its place in the file, in 24 bytes.
    struct Record {
        var offset: UInt64
        /// The payload's size; for a tree, its place in ``TopLevelBoxes/trees``.
        var payloadSizeOrTree: UInt64
        var type: FourCC
        /// The box's number among the top-level boxes of its type, from 1 (its path: `moof[7]`),
        /// in the low 30 bits; its size form, or that it is a tree, in the top two.
        var packed: UInt32

        static let maximumOrdinal: UInt32 = (1 << 30) - 1
        private static let treeForm: UInt32 = 3

        init(offset: UInt64, payloadSize: UInt64, type: FourCC, ordinal: UInt32, form: BoxHeader.SizeForm) {
            let formBits: UInt32 = switch form {
            case .compact: 0
            case .large: 1
            case .toEnd: 2
            }
            self.init(offset: offset, payloadSizeOrTree: payloadSize, type: type, packed: formBits << 30 | ordinal)
        }

        init(offset: UInt64, tree: Int, type: FourCC) {
            self.init(offset: offset, payloadSizeOrTree: UInt64(tree), type: type, packed: Self.treeForm << 30)
        }

        private init(offset: UInt64, payloadSizeOrTree: UInt64, type: FourCC, packed: UInt32) {
            self.offset = offset
            self.payloadSizeOrTree = payloadSizeOrTree
            self.type = type
            self.packed = packed
        }

        /// Its place in ``TopLevelBoxes/trees``, or nil when it is a file range.
        var tree: Int? { packed >> 30 == Self.treeForm ? Int(payloadSizeOrTree) : nil }

        /// Makes it the record of the tree at `place` in ``TopLevelBoxes/trees``.
        mutating func hold(tree place: Int) {
            payloadSizeOrTree = UInt64(place)
            packed = Self.treeForm << 30
        }

        var ordinal: Int { Int(packed & Self.maximumOrdinal) }

        var form: BoxHeader.SizeForm {
            switch packed >> 30 {
            case 1: .large
            case 2: .toEnd
            default: .compact
            }
        }
    }

    /// The source the records' boxes are read from (an empty one when every box is a tree).
    let source: any ByteSource
    var records = ChunkedArray<Record>()
    var trees: [Box] = []

    /// Boxes held as trees, as given.
    public init(_ boxes: [Box]) {
        source = MemoryByteSource([])
        for box in boxes { append(box) }
    }

    /// Boxes held as trees, as given.
    public init(arrayLiteral boxes: Box...) { self.init(boxes) }

    /// No boxes yet; boxes appended with ``appendFromWalk(_:ordinal:)`` that are file ranges of
    /// `source` are kept as records.
    init(source: any ByteSource) { self.source = source }

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    /// The box at `position`: a record's box is made on each access (a file range, as the walk
    /// found it); setting a box holds it as a tree.
    public subscript(position: Int) -> Box {
        get {
            let record = records[position]
            if let tree = record.tree { return trees[tree] }
            let header = self.header(at: position)
            let path = BoxTreeParser.path(parent: "", type: record.type, ordinal: record.ordinal)
            return Box(header: header, content: .fileRange(offset: record.offset + header.headerSize, length: record.payloadSizeOrTree, source: source),
                       location: BoxLocation(path: path, offset: record.offset))
        }
        set {
            if let tree = records[position].tree {
                trees[tree] = newValue
            } else {
                records[position].hold(tree: trees.count)
                trees.append(newValue)
            }
        }
    }

    /// Appends `box`, held as a tree.
    public mutating func append(_ box: Box) {
        records.append(Record(offset: box.location?.offset ?? 0, tree: trees.count, type: box.type))
        trees.append(box)
    }

    /// Appends a box the file walk read from ``source`` as the `ordinal`th of its type: a plain
    /// file range (no extended type, no missing bytes) becomes a record, anything else a tree.
    mutating func appendFromWalk(_ box: Box, ordinal: Int) {
        guard box.header.userType == nil, box.missingBytes == 0, let location = box.location,
              let ordinal = UInt32(exactly: ordinal), ordinal <= Record.maximumOrdinal,
              case let .fileRange(offset, length, _) = box.content,
              offset == location.offset + box.header.headerSize, length == box.header.payloadSize else {
            return append(box)
        }
        records.append(Record(offset: location.offset, payloadSize: length, type: box.type, ordinal: ordinal, form: box.header.form))
    }

    /// Removes the boxes that `shouldBeRemoved` picks; the others keep their form.
    public mutating func removeAll(where shouldBeRemoved: (Box) throws -> Bool) rethrows {
        var kept = ChunkedArray<Record>()
        var keptTrees: [Box] = []
        for position in indices {
            let box = self[position]
            guard try !shouldBeRemoved(box) else { continue }
            var record = records[position]
            if record.tree != nil {
                record.hold(tree: keptTrees.count)
                keptTrees.append(box)
            }
            kept.append(record)
        }
        records = kept
        trees = keptTrees
    }

    /// The header of the box at `position`, without making the box (or its path).
    public func header(at position: Int) -> BoxHeader {
        let record = records[position]
        if let tree = record.tree { return trees[tree].header }
        return BoxHeader(type: record.type, form: record.form, payloadSize: record.payloadSizeOrTree)
    }

    /// Where the box at `position` starts in the file, without making the box; nil for a box
    /// given with no place.
    public func offset(at position: Int) -> UInt64? {
        let record = records[position]
        if let tree = record.tree { return trees[tree].location?.offset }
        return record.offset
    }

    /// Where the box at `position` lies in a file of `fileSize` bytes, as far as the file holds
    /// it (a last box may claim more): the whole box and its payload; nil for a box given with
    /// no place.
    public func extent(at position: Int, fileSize: UInt64) -> (box: Range<UInt64>, payload: Range<UInt64>)? {
        guard let start = offset(at: position) else { return nil }
        let header = header(at: position)
        let end = Swift.min(start.saturatingAdd(header.totalSize), fileSize)
        let box = Swift.min(start, end)..<end
        return (box, Swift.min(start.saturatingAdd(header.headerSize), end)..<end)
    }

    /// The position of the box that starts at `offset` in the file, or nil when none does; a
    /// binary search, as the walk keeps boxes in file order.
    public func position(startingAt offset: UInt64) -> Int? {
        let position = records.partitioningIndex { $0.offset >= offset }
        guard position < records.count, records[position].offset == offset, self.offset(at: position) == offset else { return nil }
        return position
    }

    /// The position of the last box that starts at or before `offset` in the file (the box
    /// that holds it, when any does), or nil when the first starts after it.
    public func position(containing offset: UInt64) -> Int? {
        let after = records.partitioningIndex { $0.offset > offset }
        return after > 0 ? after - 1 : nil
    }

    /// The type of the box at `position`, without making the box.
    public func type(at position: Int) -> FourCC {
        let record = records[position]
        return record.tree.map { trees[$0].type } ?? record.type
    }
}
