/// Parsing boxes whose bytes are already in memory: small subtrees read whole, an inflated `cmov`.
extension BoxTreeParser {
    /// Builds one box from its complete bytes (header included).
    mutating func parseBox(_ header: BoxHeader, bytes: ArraySlice<UInt8>, location: BoxLocation,
                           parent: FourCC?, depth: Int, handler: FourCC?) throws(BoxError) -> Box {
        let headerSize = Int(header.headerSize)
        let payload = bytes[(bytes.startIndex + headerSize)...]
        // Made only when it is the answer, so that a container does not make one too.
        var leaf: Box { Box(header: header, content: .data(payload), location: location) }
        guard let layout = registry.layout(of: header.type, parent: parent, handler: handler, payloadStart: payload),
              payload.count >= layout.prefixSize else { return leaf }
        // Optional data nested too deep stays opaque (kept, not parsed); structure is an error.
        if layout.isTentative && depth >= limits.maxDepth { return leaf }
        try checkDepth(depth, at: location)
        var reader = ByteReader(payload, baseOffset: location.offset + header.headerSize, path: location.path)
        let savedCount = boxCount
        do throws(BoxError) {
            let prefix = try reader.readBytes(layout.prefixSize)
            let result = try parseChildren(&reader, parent: header.type, depth: depth + 1, handler: handler,
                                           maxCount: layout.declaredChildCount(prefix: prefix))
            if layout.keepsOpaque(trailing: result.trailing) {
                boxCount = savedCount
                return leaf
            }
            var container = BoxContainer(prefix: prefix, children: result.children, trailing: result.trailing)
            container.countsChildren = layout.prefixCountsChildren
            return Box(header: header, content: .container(container), location: location)
        } catch {
            guard layout.fallsBackToLeaf(after: error) else { throw error }
            boxCount = savedCount
            return leaf
        }
    }

    /// Parses the boxes that fill `reader` (at most `maxCount`); what is left after them (fewer
    /// than 8 bytes, or anything past a counted container's last child) is returned as trailing.
    mutating func parseChildren(_ reader: inout ByteReader, parent: FourCC?, depth: Int, handler: FourCC?,
                                maxCount: Int?) throws(BoxError) -> (children: [Box], trailing: ArraySlice<UInt8>) {
        var children: [Box] = []
        var counts = SiblingOrdinals()
        var handler = handler
        while reader.remaining >= 8, children.count < maxCount ?? Int.max {
            var headReader = reader
            let header = try BoxHeader.read(from: &headReader, available: UInt64(reader.remaining))
            let location = BoxLocation(path: Self.childPath(parent: reader.path, type: header.type, counts: &counts),
                                       offset: reader.fileOffset)
            guard header.totalSize <= UInt64(reader.remaining) else {
                throw Self.overrun(header, left: UInt64(reader.remaining), at: location)
            }
            try countBox(at: location)
            let bytes = try reader.readBytes(Int(header.totalSize))
            let box = try parseBox(header, bytes: bytes, location: location, parent: parent, depth: depth, handler: handler)
            handler = Self.handler(after: box, in: parent, current: handler)
            children.append(box)
        }
        return (children, reader.readRemaining())
    }
}
