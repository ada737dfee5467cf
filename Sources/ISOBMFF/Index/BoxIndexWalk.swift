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
    /// The type and ordinal among its siblings of each box the walk is inside, outermost first:
    /// an error's path is built from it in steps of the depth, however many siblings there are.
    var trail: [(type: FourCC, ordinal: Int)] = []

    init(source: any ByteSource, rootPath: String, inputSize: UInt64, limits: Limits) {
        index = BoxIndex(source: source, rootPath: rootPath)
        reader = source
        self.limits = limits
        maxRecords = limits.maxIndexRecords(forInputSize: inputSize)
    }

    /// Adds a record for the box whose header is `header`, the `ordinal`th of its type among
    /// its siblings; returns its number.
    mutating func add(_ header: BoxHeader, at offset: UInt64, ordinal: Int, parent: Int32, depth: Int) throws(BoxError) -> Int32 {
        guard index.records.count < maxRecords else {
            throw BoxTreeParser.tooManyBoxes(maxRecords, at: BoxLocation(path: trailPath(adding: (header.type, ordinal)), offset: offset))
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
            throw BoxError(.limitExceeded("boxes nested deeper than \(limits.maxDepth)"), at: BoxLocation(path: trailPath(), offset: record.offset))
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
            throw BoxTreeParser.tooMuchTrailing(end - after, at: BoxLocation(path: trailPath(), offset: record.offset))
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
        var counts = SiblingOrdinals()
        while end - offset >= 8, childCount < maxCount ?? Int.max {
            let head = try window.bytes(at: offset, count: min(end - offset, 32), end: end, in: reader, limits: limits)
            let header = try readHeader(head, at: offset, available: end - offset)
            let ordinal = counts.next(header.type)
            guard header.totalSize <= end - offset else {
                throw BoxTreeParser.overrun(header, left: end - offset,
                                            at: BoxLocation(path: trailPath(adding: (header.type, ordinal)), offset: offset))
            }
            let child = try add(header, at: offset, ordinal: ordinal, parent: parent, depth: depth)
            if previous >= 0 { index.records[Int(previous)].nextSibling = child }
            previous = child
            if header.totalSize > limits.inlineLeafThreshold { window.startOver() }
            trail.append((header.type, ordinal))
            defer { trail.removeLast() }
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

    /// The header in `head`, read at `offset` in the box the walk is in; an error names the
    /// path of that box, which is built only then.
    private func readHeader(_ head: ArraySlice<UInt8>, at offset: UInt64, available: UInt64) throws(BoxError) -> BoxHeader {
        var reader = ByteReader(head, baseOffset: offset, path: "")
        do throws(BoxError) {
            return try BoxHeader.read(from: &reader, available: available)
        } catch {
            var located = ByteReader(head, baseOffset: offset, path: trailPath())
            return try BoxHeader.read(from: &located, available: available)
        }
    }

    /// The path of the box the walk is in, or of its next child `last`.
    func trailPath(adding last: (type: FourCC, ordinal: Int)? = nil) -> String {
        (trail + (last.map { [$0] } ?? [])).reduce(index.rootPath) { BoxTreeParser.path(parent: $0, type: $1.type, ordinal: $1.ordinal) }
    }
}
