/// Reads a file's box tree by position: headers first, small boxes read whole and parsed in
/// memory, large containers (`moov` of a long movie, its `trak`s and `stbl`s) walked header by
/// header, and large leaves (`mdat`, sample tables, `trun`s) left in the file as ranges whose
/// bytes are read only when a caller needs them.
///
/// Every size is checked against its parent before it is used, nesting, box counts and the bytes
/// kept in memory are bounded by ``Limits``, and a box whose children do not tile is kept as
/// opaque bytes when its layout is only a guess. A problem at the top level does not lose the
/// boxes before it: the file keeps them, the rest as an unparsed range, and the problem as
/// ``BoxFile/damage``.
public struct BoxTreeParser: Sendable {
    /// The bounds on nesting, box counts and bytes kept in memory.
    public let limits: Limits
    /// Which boxes are containers and how file-level boxes are read: ISOBMFF's rows, which hold
    /// every layout, so a file parses into the same tree whoever parses it.
    let registry = BoxRegistry.isobmff
    var boxCount = 0
    /// The most boxes this parse reads below the top level: ``Limits/maxBoxCount``, or more for
    /// a large file.
    var maxBoxCount: Int
    /// Top-level boxes read so far, bounded apart from ``boxCount`` by
    /// `Limits.maxIndexRecords(forInputSize:)`: each costs a few dozen bytes, so a long movie
    /// of many small fragments is read whole, while a flood of tiny boxes stops in proportion
    /// to the file.
    var topLevelCount = 0
    var loadedBytes: UInt64 = 0

    /// Enough of a payload to tell a container's dialect (``BoxLayout/depending(_:)``).
    public static let layoutPeekSize = 16
    /// The least the file walk reads at each top-level box: its header and, for a fragment, the
    /// whole `moof` and the `mdat` header after it, in one read rather than three. More when
    /// the last fragment was larger (up to ``Limits/inlineLeafThreshold``, past which a `moof`
    /// is not read whole); not a fixed 8 KiB, as copying what is not used costs more than the
    /// reads it saves.
    static let topLevelReadAhead: UInt64 = 1 << 10

    /// Creates a parser bounded by `limits`.
    public init(limits: Limits = .standard) {
        self.limits = limits
        maxBoxCount = limits.maxBoxCount
    }

    /// Parses a whole file. Only structural data is read. `reaching` is given, in file order,
    /// each top-level box the walk reads with its boxes (`moov`, `meta`, …) and each movie
    /// fragment it checks, before it is kept as a file range (`deferredTypes`; one cut short, with
    /// none): a caller that adds the fragments up does so in the same pass.
    public static func parse(_ source: any ByteSource, limits: Limits = .standard,
                             reaching: (Box) -> Void = { _ in }) -> BoxFile {
        var parser = BoxTreeParser(limits: limits)
        return parser.parseFile(source, reaching: reaching)
    }

    /// Parses a buffer that holds complete boxes (an inflated `cmov`, a test fixture).
    public static func parseBoxes(_ bytes: [UInt8], baseOffset: UInt64 = 0, path: String = "",
                                  limits: Limits = .standard) throws(BoxError) -> [Box] {
        var parser = BoxTreeParser(limits: limits)
        var reader = ByteReader(bytes, baseOffset: baseOffset, path: path)
        let result = try parser.parseChildren(&reader, parent: nil, depth: 0, handler: nil, maxCount: nil)
        guard result.trailing.isEmpty else {
            throw reader.error(.invalidSize("\(result.trailing.count) bytes after the last box do not form a box"))
        }
        return result.children
    }

    mutating func parseFile(_ source: any ByteSource, reaching: (Box) -> Void) -> BoxFile {
        var file = BoxFile(source: source)
        maxBoxCount = limits.maxBoxCount(forFileSize: source.size)
        var offset: UInt64 = 0
        var counts = SiblingOrdinals()
        var window = SourceWindow()
        // As much as the last fragment and the header after it took, so the next is read whole
        // with its header when it is no larger.
        var readAhead = Self.topLevelReadAhead
        while offset < source.size {
            let remaining = source.size - offset
            do throws(BoxError) {
                guard remaining >= 8 else {
                    throw BoxError(.truncated(needed: 8, available: remaining),
                                   at: BoxLocation(path: "", offset: offset))
                }
                window.startOver(size: readAhead)
                var headReader = ByteReader(try window.bytes(at: offset, count: min(remaining, 32), end: source.size, in: source,
                                                             limits: limits), baseOffset: offset, path: "")
                let header = try BoxHeader.read(from: &headReader, available: remaining)
                let path = Self.childPath(parent: "", type: header.type, counts: &counts)
                let location = BoxLocation(path: path, offset: offset)
                try countTopLevelBox(at: location, in: source)
                var box: Box
                if header.totalSize > remaining {
                    file.warnings.append(BoxError(.truncated(needed: header.totalSize, available: remaining), at: location))
                    let present = remaining - min(header.headerSize, remaining)
                    box = Box(header: header, content: .fileRange(offset: offset + header.headerSize, length: present, source: source),
                              location: location, missingBytes: header.totalSize - remaining)
                    // A fragment cut short is still one the caller counts, with no boxes read.
                    if Self.deferredTypes.contains(header.type) { reaching(box) }
                } else {
                    box = try parseTopLevel(header, at: location, in: source, held: window.held(at: offset, count: header.totalSize),
                                            reaching: reaching)
                    if Self.deferredTypes.contains(header.type) {
                        readAhead = max(Self.topLevelReadAhead, min(header.totalSize + 32, limits.inlineLeafThreshold + 64))
                    }
                }
                file.boxes.appendFromWalk(box, ordinal: max(counts.count(of: header.type), 1))
                offset += min(header.totalSize, remaining)
            } catch {
                file.damage = error
                file.tail = (offset, remaining)
                break
            }
        }
        return file
    }

    /// `held`: the whole box, when the walk's read-ahead holds it.
    private mutating func parseTopLevel(_ header: BoxHeader, at location: BoxLocation, in source: any ByteSource,
                                        held: ArraySlice<UInt8>?, reaching: (Box) -> Void) throws(BoxError) -> Box {
        let payloadOffset = location.offset + header.headerSize
        let fileRange = Box(header: header, content: .fileRange(offset: payloadOffset, length: header.payloadSize, source: source),
                            location: location)
        switch registry.fileLevelReading(of: header.type) {
        case .never?: return fileRange
        case .tree? where Self.deferredTypes.contains(header.type):
            // Parsed to find damage where it is, then dropped: its tree is made again, by the
            // same parse, when a caller reaches it (`Box.expanded(limits:)`), so what the file
            // holds stays independent of its number of fragments.
            reaching(try fileRange.expanded(limits: limits, held: held.map(Array.init)))
            return fileRange
        case .tree?:
            let box = try parseBox(header, at: location, in: source, parent: nil, depth: 0, handler: nil)
            reaching(box)
            return box
        case nil: break
        }
        guard header.payloadSize <= limits.inlineLeafThreshold, reserve(header.totalSize) else { return fileRange }
        let bytes = if let held { Array(held) } else { try source.read(at: location.offset, count: Int(header.totalSize)) }
        return Box(header: header, content: .data(bytes[Int(header.headerSize)...]), location: location)
    }

    /// Reads the header of the box at `offset`, with `available` bytes to the end of its parent.
    static func readHeader(at offset: UInt64, available: UInt64, in source: any ByteSource,
                           path: String) throws(BoxError) -> BoxHeader {
        let headBytes = try source.read(at: offset, count: Int(min(available, 32)))
        var headReader = ByteReader(headBytes, baseOffset: offset, path: path)
        return try BoxHeader.read(from: &headReader, available: available)
    }

    /// Takes `size` bytes from the in-memory budget, or reports that it is spent.
    mutating func reserve(_ size: UInt64) -> Bool {
        guard size <= limits.maxLoadedBytes - min(loadedBytes, limits.maxLoadedBytes) else { return false }
        loadedBytes += size
        return true
    }

    mutating func countBox(at location: BoxLocation) throws(BoxError) {
        boxCount += 1
        guard boxCount <= maxBoxCount else {
            throw Self.tooManyBoxes(maxBoxCount, at: location)
        }
    }

    mutating func countTopLevelBox(at location: BoxLocation, in source: any ByteSource) throws(BoxError) {
        topLevelCount += 1
        let limit = limits.maxIndexRecords(forInputSize: source.size)
        guard topLevelCount <= limit else {
            throw BoxError(.limitExceeded("more than \(limit) boxes at the top level"), at: location)
        }
    }

    func checkDepth(_ depth: Int, at location: BoxLocation) throws(BoxError) {
        guard depth < limits.maxDepth else {
            throw BoxError(.limitExceeded("boxes nested deeper than \(limits.maxDepth)"), at: location)
        }
    }

    /// Whether paths always number boxes of `type` (`trak[1]`), as there are usually several:
    /// `trak`, `traf` and `moof`.
    static func isAlwaysNumbered(_ type: FourCC) -> Bool {
        type == "trak" || type == "traf" || type == "moof"
    }

    /// Path of a child: `trak`, `traf` and `moof` are always numbered; other types only from
    /// their second occurrence.
    static func childPath(parent: String, type: FourCC, counts: inout SiblingOrdinals) -> String {
        path(parent: parent, type: type, ordinal: counts.next(type))
    }

    /// The path of the `ordinal`th child of `type` (from 1) under `parent`.
    static func path(parent: String, type: FourCC, ordinal: Int) -> String {
        var path = parent
        if !path.isEmpty { path.append("/") }
        path.append(type.description)
        if isAlwaysNumbered(type) || ordinal > 1 {
            path.append("[")
            path.append(String(ordinal))
            path.append("]")
        }
        return path
    }

    /// The error for a child whose declared size runs past the end of its parent.
    static func overrun(_ header: BoxHeader, left: UInt64, at location: BoxLocation) -> BoxError {
        BoxError(.invalidSize("box '\(header.type)' declares \(header.totalSize) bytes but its parent has \(left) left"), at: location)
    }

    /// The error for more than `limit` boxes.
    static func tooManyBoxes(_ limit: Int, at location: BoxLocation) -> BoxError {
        BoxError(.limitExceeded("more than \(limit) boxes"), at: location)
    }

    static func isLimit(_ error: BoxError) -> Bool {
        if case .limitExceeded = error.kind { return true }
        return false
    }

    /// The handler type of an `hdlr` box (bytes 8..<12 of its payload), when it is in memory.
    static func handlerType(of box: Box) -> FourCC? {
        box.data.flatMap(handlerType(payload:))
    }

    /// The handler type in an `hdlr` payload (bytes 8..<12).
    static func handlerType(payload: ArraySlice<UInt8>) -> FourCC? {
        guard payload.count >= 12 else { return nil }
        let start = payload.startIndex + 8
        return FourCC(rawValue: payload[start..<start + 4].reduce(0) { ($0 << 8) | UInt32($1) })
    }

    /// The handler a child passes on to its later siblings' subtrees: `mdia/hdlr` decides how
    /// `minf/stbl/stsd` entries are laid out.
    static func handler(after child: Box, in parent: FourCC?, current: FourCC?) -> FourCC? {
        passesHandler(child.type, in: parent) ? handlerType(of: child) ?? current : current
    }

    /// Whether a child of `type` in `parent` names the handler of its later siblings' subtrees.
    static func passesHandler(_ type: FourCC, in parent: FourCC?) -> Bool { parent == "mdia" && type == "hdlr" }
}
