/// The walk that builds a ``BoxIndex``: headers only, under the parser's rules.
///
/// `BoxTreeParser` reads a container of at most `Limits/wholeReadSize` bytes whole and parses it
/// in memory, and walks a larger one in place, where the bytes after the children may be at
/// most `Limits/inlineLeafThreshold`; the walk keeps that distinction (`inMemory`) so both give
/// the same tree. The parser's budget of payload bytes kept in memory is not the index's: it
/// keeps no payload, so a file that spends that budget (16 MiB of small boxes) may differ only
/// in an `hdlr` over 4 KiB or a walked-in-place container's trailing bytes.
struct BoxIndexWalk {
    var index: BoxIndex
    let limits: Limits
    let registry = BoxRegistry.isobmff
    let maxRecords: Int

    /// Where the walk reads: the source, or a container of it held in memory.
    var reader: any ByteSource

    init(source: any ByteSource, rootPath: String, inputSize: UInt64, limits: Limits) {
        index = BoxIndex(source: source, rootPath: rootPath)
        reader = source
        self.limits = limits
        maxRecords = limits.maxIndexRecords(forInputSize: inputSize)
    }

    /// Adds a record for the box whose header is `header`, then its subtree; returns its number.
    mutating func add(_ header: BoxHeader, at offset: UInt64, parent: Int32, depth: Int) throws(BoxError) -> Int32 {
        guard index.records.count < maxRecords else {
            throw BoxTreeParser.tooManyBoxes(maxRecords, at: BoxLocation(path: path(of: header.type, under: parent), offset: offset))
        }
        index.records.append(BoxIndexRecord(offset: offset, payloadSize: header.payloadSize, type: header.type,
                                            parent: parent, nextSibling: -1, layoutBits: 0,
                                            headerSize: UInt8(header.headerSize), depth: UInt8(clamping: depth)))
        return Int32(index.records.count - 1)
    }

    /// Indexes the children of record `box` when its layout makes it a container; `parentType`
    /// and `handler` are the context the registry reads, `inMemory` whether an ancestor was
    /// small enough for the parser to read whole.
    mutating func indexChildren(of box: Int32, parentType: FourCC?, depth: Int, handler: FourCC?,
                                inMemory: Bool) throws(BoxError) {
        let record = index.records[Int(box)]
        let payloadOffset = record.offset + UInt64(record.headerSize)
        let peek = try reader.read(at: payloadOffset, count: Int(min(record.payloadSize, UInt64(BoxTreeParser.layoutPeekSize))))
        guard let layout = registry.layout(of: record.type, parent: parentType, handler: handler, payloadStart: peek[...]),
              record.payloadSize >= UInt64(layout.prefixSize) else { return }
        // Optional data nested too deep stays opaque (kept, not parsed); structure is an error.
        if layout.isTentative && depth >= limits.maxDepth { return }
        if depth >= limits.maxDepth {
            throw BoxError(.limitExceeded("boxes nested deeper than \(limits.maxDepth)"), at: index.location(of: Int(box)))
        }
        let readsWhole = !inMemory && record.totalSize <= limits.wholeReadSize
        let inMemory = inMemory || readsWhole
        let outer = reader
        defer { reader = outer }
        if readsWhole { reader = try BufferedByteSource(reader, at: record.offset, count: Int(record.totalSize)) }
        let saved = index.records.count
        do throws(BoxError) {
            let trailing = try indexChildren(of: box, layout: layout, depth: depth, handler: handler, inMemory: inMemory)
            if layout.keepsOpaque(trailing: trailing) {
                index.records.removeSubrange(saved...)
                return
            }
            index.records[Int(box)].setContainer(layout)
        } catch {
            guard layout.fallsBackToLeaf(after: error) else { throw error }
            index.records.removeSubrange(saved...)
        }
    }

    /// Indexes the children after the prefix; returns the bytes after them when a tentative
    /// layout needs them to decide (empty otherwise).
    private mutating func indexChildren(of box: Int32, layout: ContainerLayout, depth: Int, handler: FourCC?,
                                        inMemory: Bool) throws(BoxError) -> ArraySlice<UInt8> {
        let record = index.records[Int(box)]
        let payloadOffset = record.offset + UInt64(record.headerSize)
        let end = payloadOffset + record.payloadSize
        let prefix = try reader.read(at: payloadOffset, count: layout.prefixSize)
        let after = try indexSequence(from: payloadOffset + UInt64(layout.prefixSize), to: end, parent: box, depth: depth + 1,
                                      handler: handler, maxCount: layout.declaredChildCount(prefix: prefix[...]), inMemory: inMemory)
        if !inMemory && end - after > limits.inlineLeafThreshold {
            throw BoxTreeParser.tooMuchTrailing(end - after, at: index.location(of: Int(box)))
        }
        guard layout.isTentative && !layout.prefixCountsChildren else { return [] }
        return try reader.read(at: after, count: Int(end - after))[...]
    }

    /// Indexes the boxes from `offset` to `end` (at most `maxCount`) as children of `parent`
    /// (-1: the top of an in-memory buffer) at `depth`; returns where the last one ends.
    mutating func indexSequence(from start: UInt64, to end: UInt64, parent: Int32, depth: Int, handler: FourCC?,
                                maxCount: Int?, inMemory: Bool) throws(BoxError) -> UInt64 {
        let parentType = parent < 0 ? nil : index.records[Int(parent)].type
        var offset = start
        var window = SourceWindow()
        var handler = handler
        var childCount = 0
        var previous: Int32 = -1
        while end - offset >= 8, childCount < maxCount ?? Int.max {
            let head = try window.bytes(at: offset, count: min(end - offset, 32), end: end, in: reader, limits: limits)
            let header = try readHeader(head, at: offset, available: end - offset, parent: parent)
            guard header.totalSize <= end - offset else {
                throw BoxTreeParser.overrun(header, left: end - offset,
                                            at: BoxLocation(path: path(of: header.type, under: parent), offset: offset))
            }
            let child = try add(header, at: offset, parent: parent, depth: depth)
            if previous >= 0 { index.records[Int(previous)].nextSibling = child }
            previous = child
            if header.totalSize > limits.inlineLeafThreshold { window.startOver() }
            try indexChildren(of: child, parentType: parentType, depth: depth, handler: handler, inMemory: inMemory)
            if BoxTreeParser.passesHandler(header.type, in: parentType),
               inMemory || header.payloadSize <= limits.inlineLeafThreshold, header.payloadSize >= 12 {
                let payload = try reader.read(at: offset + header.headerSize, count: 12)
                handler = BoxTreeParser.handlerType(payload: payload[...]) ?? handler
            }
            childCount += 1
            offset += header.totalSize
        }
        return offset
    }

    /// The header in `head`, read at `offset`; an error names the path under `parent`, which is
    /// built only then.
    private func readHeader(_ head: ArraySlice<UInt8>, at offset: UInt64, available: UInt64,
                            parent: Int32) throws(BoxError) -> BoxHeader {
        var reader = ByteReader(head, baseOffset: offset, path: "")
        do throws(BoxError) {
            return try BoxHeader.read(from: &reader, available: available)
        } catch {
            var located = ByteReader(head, baseOffset: offset, path: parent < 0 ? index.rootPath : index.path(of: Int(parent)))
            return try BoxHeader.read(from: &located, available: available)
        }
    }

    /// The path a box of `type` would have as the next child of `parent`, for an error about
    /// a box not yet (or never) indexed.
    func path(of type: FourCC, under parent: Int32) -> String {
        let siblings = parent < 0 ? index.topLevel : index.children(of: Int(parent))
        let ordinal = siblings.reduce(1) { $0 + (index.records[$1].type == type ? 1 : 0) }
        return BoxTreeParser.path(parent: parent < 0 ? index.rootPath : index.path(of: Int(parent)), type: type, ordinal: ordinal)
    }
}
