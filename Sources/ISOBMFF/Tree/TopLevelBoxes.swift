/// The top-level boxes of a file, in file order, held so that their number costs little: a box
/// the walk left in the file as it is (an `mdat`, a movie fragment, large free space) is a
/// 32-byte record, made into a ``Box`` when it is reached; a box read into memory (`ftyp`,
/// `moov`) is held as its tree. A fragmented movie of a hundred thousand fragments keeps some
/// 6 MB of records rather than a tree node each.
public struct TopLevelBoxes: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral, Sendable {
    /// A box kept as its place in the file.
    struct Record {
        var offset: UInt64
        var payloadSize: UInt64
        var type: FourCC
        /// Its number among the top-level boxes of its type, from 1 (its path: `moof[7]`).
        var ordinal: UInt32
        /// The box in ``trees``, or -1 when it is a file range made from the record.
        var tree: Int32
        var form: BoxHeader.SizeForm
    }

    /// The source the records' boxes are read from (an empty one when every box is a tree).
    let source: any ByteSource
    var records: [Record] = []
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
            if record.tree >= 0 { return trees[Int(record.tree)] }
            let header = BoxHeader(type: record.type, form: record.form, payloadSize: record.payloadSize)
            let path = BoxTreeParser.path(parent: "", type: record.type, ordinal: Int(record.ordinal))
            return Box(header: header, content: .fileRange(offset: record.offset + header.headerSize, length: record.payloadSize, source: source),
                       location: BoxLocation(path: path, offset: record.offset))
        }
        set {
            let tree = records[position].tree
            if tree >= 0 {
                trees[Int(tree)] = newValue
            } else {
                records[position].tree = Int32(trees.count)
                trees.append(newValue)
            }
        }
    }

    /// Appends `box`, held as a tree.
    public mutating func append(_ box: Box) {
        records.append(Record(offset: box.location?.offset ?? 0, payloadSize: 0, type: box.type, ordinal: 0,
                              tree: Int32(trees.count), form: .compact))
        trees.append(box)
    }

    /// Appends a box the file walk read from ``source`` as the `ordinal`th of its type: a plain
    /// file range (no extended type, no missing bytes) becomes a record, anything else a tree.
    mutating func appendFromWalk(_ box: Box, ordinal: Int) {
        guard box.header.userType == nil, box.missingBytes == 0, let location = box.location,
              let ordinal = UInt32(exactly: ordinal),
              case let .fileRange(offset, length, _) = box.content,
              offset == location.offset + box.header.headerSize, length == box.header.payloadSize else {
            return append(box)
        }
        records.append(Record(offset: location.offset, payloadSize: length, type: box.type, ordinal: ordinal, tree: -1,
                              form: box.header.form))
    }

    /// Removes the boxes that `shouldBeRemoved` picks; the others keep their form.
    public mutating func removeAll(where shouldBeRemoved: (Box) throws -> Bool) rethrows {
        var kept: [Record] = []
        var keptTrees: [Box] = []
        for position in indices {
            let box = self[position]
            guard try !shouldBeRemoved(box) else { continue }
            var record = records[position]
            if record.tree >= 0 {
                record.tree = Int32(keptTrees.count)
                keptTrees.append(box)
            }
            kept.append(record)
        }
        records = kept
        trees = keptTrees
    }

    /// The type of the box at `position`, without making the box.
    public func type(at position: Int) -> FourCC {
        let record = records[position]
        return record.tree >= 0 ? trees[Int(record.tree)].type : record.type
    }
}
