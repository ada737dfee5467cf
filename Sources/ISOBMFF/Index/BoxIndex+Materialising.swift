/// The index as the tree callers know: a `Box` (with its subtree) made from the records and the
/// bytes of the source, equal to what `BoxTreeParser` makes of the same bytes.
extension BoxIndex {
    /// Box `box` and its subtree. Leaves up to `Limits/inlineLeafThreshold` are read into memory,
    /// larger ones stay file ranges; a container's fixed fields and trailing bytes are read.
    public func box(at box: Int, limits: Limits = .standard) throws(BoxError) -> Box {
        try materialise(box, location: location(of: box), limits: limits)
    }

    /// The top-level boxes, with the warnings, damage and tail, as `BoxTreeParser.parse` gives them.
    public func file(limits: Limits = .standard) throws(BoxError) -> BoxFile {
        var file = BoxFile(source: source)
        file.boxes = TopLevelBoxes(try boxes(topLevel, parentPath: rootPath, limits: limits))
        file.warnings = warnings
        file.damage = damage
        file.tail = tail
        return file
    }

    private func boxes(_ siblings: SiblingSequence, parentPath: String, limits: Limits) throws(BoxError) -> [Box] {
        var counts = SiblingOrdinals()
        var boxes: [Box] = []
        for child in siblings {
            let path = BoxTreeParser.childPath(parent: parentPath, type: records[child].type, counts: &counts)
            boxes.append(try materialise(child, location: BoxLocation(path: path, offset: records[child].offset), limits: limits))
        }
        return boxes
    }

    private func materialise(_ box: Int, location: BoxLocation, limits: Limits) throws(BoxError) -> Box {
        let record = records[box]
        let end = record.parent < 0 ? source.size : records[Int(record.parent)].end
        let header = try BoxTreeParser.readHeader(at: record.offset, available: end - record.offset, in: source, path: location.path)
        let payloadOffset = record.offset + header.headerSize
        if let missing = missingBytes[Int32(box)] {
            return Box(header: header, content: .fileRange(offset: payloadOffset, length: header.payloadSize - missing, source: source),
                       location: location, missingBytes: missing)
        }
        guard record.isContainer else {
            guard header.payloadSize <= limits.inlineLeafThreshold else {
                return Box(header: header, content: .fileRange(offset: payloadOffset, length: header.payloadSize, source: source),
                           location: location)
            }
            let payload = try source.read(at: payloadOffset, count: Int(header.payloadSize))
            return Box(header: header, content: .data(payload[...]), location: location)
        }
        let prefix = try source.read(at: payloadOffset, count: record.prefixSize)
        let children = try boxes(children(of: box), parentPath: location.path, limits: limits)
        let childrenEnd = children.last.map { $0.location!.offset + $0.header.totalSize } ?? payloadOffset + UInt64(record.prefixSize)
        let trailing = try source.read(at: childrenEnd, count: Int(record.end - childrenEnd))
        var container = BoxContainer(prefix: prefix[...], children: children, trailing: trailing[...])
        // Set after the children, so a count as read stays as read (`BoxContainer/countsChildren`).
        container.countsChildren = record.countsChildren
        return Box(header: header, content: .container(container), location: location)
    }
}
