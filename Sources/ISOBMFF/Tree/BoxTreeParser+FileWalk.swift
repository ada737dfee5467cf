/// Parsing boxes in place in their source: the path that keeps a large `moov` out of memory.
extension BoxTreeParser {
    /// Builds the box whose header was read at `location`. A container that fits
    /// ``Limits/wholeReadSize`` (and the in-memory budget) is read with one positional read and
    /// parsed in memory; a larger one is walked child by child; a leaf over
    /// ``Limits/inlineLeafThreshold`` (a sample table, a `trun`) stays a file range.
    /// `held` is the whole box when the caller has already read it (the file walk's read-ahead).
    mutating func parseBox(_ header: BoxHeader, at location: BoxLocation, in source: any ByteSource,
                           parent: FourCC?, depth: Int, handler: FourCC?, held: [UInt8]? = nil) throws(BoxError) -> Box {
        let payloadOffset = location.offset + header.headerSize
        let range = Box(header: header, content: .fileRange(offset: payloadOffset, length: header.payloadSize, source: source),
                        location: location)
        // A box no larger than a leaf kept in memory is read whole at once, its first bytes telling
        // the layout: container or leaf, all of it is needed (a fragmented movie has such a `moof`
        // per fragment). A larger one is peeked at first: a leaf of it stays in the file.
        var whole: [UInt8]?
        if header.payloadSize <= limits.inlineLeafThreshold && header.totalSize <= limits.wholeReadSize {
            whole = if let held { held } else { try source.read(at: location.offset, count: Int(header.totalSize)) }
        }
        let peekCount = Int(min(header.payloadSize, UInt64(Self.layoutPeekSize)))
        let peek: ArraySlice<UInt8>
        if let whole {
            peek = whole[Int(header.headerSize)..<Int(header.headerSize) + peekCount]
        } else {
            peek = try source.read(at: payloadOffset, count: peekCount)[...]
        }
        guard let layout = registry.layout(of: header.type, parent: parent, handler: handler, payloadStart: peek),
              header.payloadSize >= UInt64(layout.prefixSize) else {
            return try smallLeaf(header, at: location, in: source, read: whole) ?? range
        }
        if header.totalSize <= limits.wholeReadSize, reserve(header.totalSize) {
            let bytes: [UInt8]
            if let whole { bytes = whole } else { bytes = try source.read(at: location.offset, count: Int(header.totalSize)) }
            return try parseBox(header, bytes: bytes[...], location: location, parent: parent, depth: depth, handler: handler)
        }
        // Optional data nested too deep stays opaque (kept, not parsed); structure is an error.
        if layout.isTentative && depth >= limits.maxDepth { return range }
        try checkDepth(depth, at: location)
        let saved = (boxCount, loadedBytes)
        do throws(BoxError) {
            let container = try walkChildren(of: header, at: location, in: source, layout: layout, depth: depth, handler: handler)
            if layout.keepsOpaque(trailing: container.trailing) {
                (boxCount, loadedBytes) = saved
                return range
            }
            return Box(header: header, content: .container(container), location: location)
        } catch {
            guard layout.fallsBackToLeaf(after: error) else { throw error }
            (boxCount, loadedBytes) = saved
            return range
        }
    }

    /// A leaf small enough to keep in memory, read now (or taken from `read`, the whole box when
    /// it was read already); nil when it stays a file range.
    private mutating func smallLeaf(_ header: BoxHeader, at location: BoxLocation, in source: any ByteSource,
                                    read whole: [UInt8]?) throws(BoxError) -> Box? {
        guard header.payloadSize <= limits.inlineLeafThreshold, reserve(header.payloadSize) else { return nil }
        let payload: ArraySlice<UInt8>
        if let whole {
            payload = whole[Int(header.headerSize)...]
        } else {
            payload = try source.read(at: location.offset + header.headerSize, count: Int(header.payloadSize))[...]
        }
        return Box(header: header, content: .data(payload), location: location)
    }

    /// Reads a container's prefix, then its children. Headers and small children are read
    /// through a window that starts at 1 KiB and doubles, up to ``Limits/wholeReadSize``, while
    /// small children keep coming: a container of many small boxes costs a read per window, not
    /// per box, and one whose next child is a large table reads little past its header. A child
    /// over ``Limits/inlineLeafThreshold`` is parsed in place.
    private mutating func walkChildren(of header: BoxHeader, at location: BoxLocation, in source: any ByteSource,
                                       layout: ContainerLayout, depth: Int, handler: FourCC?) throws(BoxError) -> BoxContainer {
        let payloadOffset = location.offset + header.headerSize
        let end = payloadOffset + header.payloadSize
        let prefix = try source.read(at: payloadOffset, count: layout.prefixSize)
        let maxCount = layout.declaredChildCount(prefix: prefix[...])
        var offset = payloadOffset + UInt64(layout.prefixSize)
        var window = SourceWindow()
        var children: [Box] = []
        var counts = SiblingOrdinals()
        var handler = handler
        while end - offset >= 8, children.count < maxCount ?? Int.max {
            let head = try window.bytes(at: offset, count: min(end - offset, 32), end: end, in: source, limits: limits)
            var headReader = ByteReader(head, baseOffset: offset, path: location.path)
            let childHeader = try BoxHeader.read(from: &headReader, available: end - offset)
            let childLocation = BoxLocation(path: Self.childPath(parent: location.path, type: childHeader.type, counts: &counts),
                                            offset: offset)
            guard childHeader.totalSize <= end - offset else {
                throw Self.overrun(childHeader, left: end - offset, at: childLocation)
            }
            try countBox(at: childLocation)
            let child: Box
            if childHeader.totalSize <= limits.inlineLeafThreshold, reserve(childHeader.totalSize) {
                let bytes = try window.bytes(at: offset, count: childHeader.totalSize, end: end, in: source, limits: limits)
                child = try parseBox(childHeader, bytes: bytes, location: childLocation, parent: header.type,
                                     depth: depth + 1, handler: handler)
            } else {
                child = try parseBox(childHeader, at: childLocation, in: source, parent: header.type,
                                     depth: depth + 1, handler: handler)
                window.startOver()
            }
            handler = Self.handler(after: child, in: header.type, current: handler)
            children.append(child)
            offset += childHeader.totalSize
        }
        guard end - offset <= limits.inlineLeafThreshold, reserve(end - offset) else {
            throw Self.tooMuchTrailing(end - offset, at: location)
        }
        let trailing = try source.read(at: offset, count: Int(end - offset))
        var container = BoxContainer(prefix: prefix[...], children: children, trailing: trailing[...])
        container.countsChildren = layout.prefixCountsChildren
        return container
    }
}

extension BoxTreeParser {
    /// The error for a container walked in place whose bytes after its children are more than
    /// a leaf kept in memory. Not a limit error: a tentative layout falls back to an opaque box.
    static func tooMuchTrailing(_ count: UInt64, at location: BoxLocation) -> BoxError {
        BoxError(.invalidSize("\(count) bytes after the last counted entry"), at: location)
    }
}

/// A buffer over part of a container's children, refilled from the source when a read falls
/// outside it; each refill is twice the last, up to ``Limits/wholeReadSize``, until a large child
/// starts the doubling over.
struct SourceWindow {
    var start: UInt64 = 0
    var buffer: [UInt8] = []
    var fillSize: UInt64 = 1 << 10

    /// Back to small reads (`size`, 1 KiB unless said): after a large child the next one may be
    /// large too.
    mutating func startOver(size: UInt64 = 1 << 10) { fillSize = size }

    /// `count` bytes at `offset` when the buffer holds them all, without reading.
    func held(at offset: UInt64, count: UInt64) -> ArraySlice<UInt8>? {
        guard offset >= start, offset - start <= UInt64(buffer.count), count <= UInt64(buffer.count) - (offset - start) else { return nil }
        let from = Int(offset - start)
        return buffer[from..<from + Int(count)]
    }

    /// `count` bytes at `offset` (which with `count` lies before `end`), from the buffer.
    mutating func bytes(at offset: UInt64, count: UInt64, end: UInt64, in source: any ByteSource,
                        limits: Limits) throws(BoxError) -> ArraySlice<UInt8> {
        if let held = held(at: offset, count: count) { return held }
        start = offset
        buffer = try source.read(at: offset, count: Int(min(end - offset, max(fillSize, count))))
        fillSize = min(fillSize * 2, max(limits.wholeReadSize, 1 << 10))
        return buffer[..<Int(count)]
    }
}
