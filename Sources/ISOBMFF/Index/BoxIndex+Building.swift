extension BoxIndex {
    /// Indexes a whole file, reading headers only. A problem at the top level does not lose the
    /// boxes before it: they stay indexed, the rest is ``tail`` and the problem ``damage``.
    public init(indexing source: any ByteSource, limits: Limits = .standard) {
        var walk = BoxIndexWalk(source: source, rootPath: "", inputSize: source.size, limits: limits)
        walk.indexFile()
        self = walk.index
    }

    /// Indexes a buffer that holds complete boxes (an inflated `cmov`) whose paths start with
    /// `path`; `inputSize` is the size of what they were made from (the compressed stream), the
    /// bytes ``Limits/maxIndexRecords(forInputSize:)`` allows records for.
    public init(boxesIn bytes: [UInt8], path: String, inputSize: UInt64, limits: Limits = .standard) throws(BoxError) {
        var walk = BoxIndexWalk(source: MemoryByteSource(bytes), rootPath: path, inputSize: inputSize, limits: limits)
        let end = UInt64(bytes.count)
        let after = try walk.indexSequence(from: 0, to: end, parent: -1, depth: 0, handler: nil, maxCount: nil, inMemory: true)
        guard after == end else {
            throw BoxError(.invalidSize("\(end - after) bytes after the last box do not form a box"),
                           at: BoxLocation(path: path, offset: after))
        }
        self = walk.index
    }
}

extension BoxIndexWalk {
    /// The top-level walk of a file, as `BoxTreeParser` makes it: a cut-short last box is kept
    /// with a warning; any other problem stops the walk and leaves the rest as the tail.
    mutating func indexFile() {
        var offset: UInt64 = 0
        var previous: Int32 = -1
        var counts = SiblingOrdinals()
        while offset < reader.size {
            let remaining = reader.size - offset
            let start = index.records.count
            let before = previous
            do throws(BoxError) {
                guard remaining >= 8 else {
                    throw BoxError(.truncated(needed: 8, available: remaining), at: BoxLocation(path: "", offset: offset))
                }
                let header = try BoxTreeParser.readHeader(at: offset, available: remaining, in: reader, path: "")
                let ordinal = counts.next(header.type)
                let box = try add(header, at: offset, ordinal: ordinal, parent: -1, depth: 0)
                if previous >= 0 { index.records[Int(previous)].nextSibling = box }
                previous = box
                trail = [(header.type, ordinal)]
                if header.totalSize > remaining {
                    index.missingBytes[box] = header.totalSize - remaining
                    index.warnings.append(BoxError(.truncated(needed: header.totalSize, available: remaining),
                                                   at: BoxLocation(path: trailPath(), offset: offset)))
                } else if registry.fileLevelReading(of: header.type) == .tree {
                    try indexChildren(of: box, parentType: nil, depth: 0, handler: nil, inMemory: false)
                }
                offset += min(header.totalSize, remaining)
            } catch {
                index.records.removeSubrange(start...)
                if before >= 0 { index.records[Int(before)].nextSibling = -1 }
                index.damage = error
                index.tail = (offset, remaining)
                break
            }
        }
    }
}
