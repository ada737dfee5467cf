/// Reads a file's box tree: top-level headers by position, `moov`/`moof`/`meta` read whole and
/// parsed in memory, `mdat` and other large leaves left in the file.
///
/// Every size is checked against its parent before it is used, nesting and box counts are
/// bounded by ``Limits``, and a box whose children do not tile is kept as opaque bytes when its
/// layout is only a guess. A problem at the top level does not lose the boxes before it: the
/// file keeps them, the rest as an unparsed range, and the problem as ``BoxFile/damage``.
public struct BoxTreeParser: Sendable {
    public let limits: Limits
    private var boxCount = 0

    /// Top-level boxes read into memory and parsed.
    static let loadedTopLevel: Set<FourCC> = ["moov", "moof", "mfra", "meta", "udta"]
    /// Top-level boxes never read, whatever their size.
    static let neverLoaded: Set<FourCC> = ["mdat", "free", "skip", "wide"]

    public init(limits: Limits = .standard) { self.limits = limits }

    /// Parses a whole file. Only structural data is read.
    public static func parse(_ source: any ByteSource, limits: Limits = .standard) -> BoxFile {
        var parser = BoxTreeParser(limits: limits)
        return parser.parseFile(source)
    }

    /// Parses a buffer that holds complete boxes (an inflated `cmov`, a test fixture).
    public static func parseBoxes(_ bytes: [UInt8], baseOffset: UInt64 = 0, path: String = "",
                                  limits: Limits = .standard) throws(BoxError) -> [Box] {
        var parser = BoxTreeParser(limits: limits)
        var reader = ByteReader(bytes, baseOffset: baseOffset, path: path)
        let result = try parser.parseChildren(&reader, parent: nil, depth: 0, handler: nil, tentative: false)
        guard result.trailing.isEmpty else {
            throw reader.error(.invalidSize("\(result.trailing.count) bytes after the last box do not form a box"))
        }
        return result.children
    }

    mutating func parseFile(_ source: any ByteSource) -> BoxFile {
        var file = BoxFile(source: source)
        var offset: UInt64 = 0
        var counts: [FourCC: Int] = [:]
        while offset < source.size {
            let remaining = source.size - offset
            do throws(BoxError) {
                guard remaining >= 8 else {
                    throw BoxError(.truncated(needed: 8, available: remaining),
                                   at: BoxLocation(path: "", offset: offset))
                }
                let headBytes = try source.read(at: offset, count: Int(min(remaining, 32)))
                var headReader = ByteReader(headBytes, baseOffset: offset)
                let header = try BoxHeader.read(from: &headReader, available: remaining)
                let path = Self.childPath(parent: "", type: header.type, counts: &counts)
                let location = BoxLocation(path: path, offset: offset)
                try countBox(at: location)
                var box: Box
                if header.totalSize > remaining {
                    file.warnings.append(BoxError(.truncated(needed: header.totalSize, available: remaining), at: location))
                    let present = remaining - min(header.headerSize, remaining)
                    box = Box(header: header, content: .fileRange(offset: offset + header.headerSize, length: present),
                              location: location, missingBytes: header.totalSize - remaining)
                } else {
                    box = try loadTopLevel(header, at: location, from: source)
                }
                file.boxes.append(box)
                offset += min(header.totalSize, remaining)
            } catch {
                file.damage = error
                file.tail = (offset, remaining)
                break
            }
        }
        return file
    }

    private mutating func loadTopLevel(_ header: BoxHeader, at location: BoxLocation,
                                       from source: any ByteSource) throws(BoxError) -> Box {
        let payloadOffset = location.offset + header.headerSize
        let fileRange = Box(header: header, content: .fileRange(offset: payloadOffset, length: header.payloadSize),
                            location: location)
        if Self.neverLoaded.contains(header.type) { return fileRange }
        let wantsTree = Self.loadedTopLevel.contains(header.type)
        if !wantsTree && header.payloadSize > limits.inlineLeafThreshold { return fileRange }
        guard header.totalSize <= limits.maxInMemoryBoxSize else {
            throw BoxError(.limitExceeded("box of \(header.totalSize) bytes is larger than the in-memory limit of \(limits.maxInMemoryBoxSize)"), at: location)
        }
        let bytes = try source.read(at: location.offset, count: Int(header.totalSize))
        return try parseBox(header, bytes: bytes[...], location: location, parent: nil, depth: 0, handler: nil)
    }

    private mutating func countBox(at location: BoxLocation) throws(BoxError) {
        boxCount += 1
        guard boxCount <= limits.maxBoxCount else {
            throw BoxError(.limitExceeded("more than \(limits.maxBoxCount) boxes"), at: location)
        }
    }

    /// Boxes whose paths are always numbered (`trak[1]`), as there are usually several.
    static let alwaysNumbered: Set<FourCC> = ["trak", "traf", "moof"]

    /// Path of a child: `trak`, `traf` and `moof` are always numbered; other types only from
    /// their second occurrence.
    static func childPath(parent: String, type: FourCC, counts: inout [FourCC: Int]) -> String {
        let ordinal = (counts[type] ?? 0) + 1
        counts[type] = ordinal
        let name = alwaysNumbered.contains(type) || ordinal > 1 ? "\(type)[\(ordinal)]" : type.description
        return parent.isEmpty ? name : "\(parent)/\(name)"
    }

    /// Builds one box from its complete bytes (header included).
    mutating func parseBox(_ header: BoxHeader, bytes: ArraySlice<UInt8>, location: BoxLocation,
                           parent: FourCC?, depth: Int, handler: FourCC?) throws(BoxError) -> Box {
        let headerSize = Int(header.headerSize)
        let payload = bytes[(bytes.startIndex + headerSize)...]
        let leaf = Box(header: header, content: .data(payload), location: location)
        guard let layout = ContainerLayout.layout(for: header.type, parent: parent, handler: handler, payload: payload),
              payload.count >= layout.prefixSize else { return leaf }
        guard depth < limits.maxDepth else {
            throw BoxError(.limitExceeded("boxes nested deeper than \(limits.maxDepth)"), at: location)
        }
        var reader = ByteReader(payload, baseOffset: location.offset + header.headerSize, path: location.path)
        let savedCount = boxCount
        do throws(BoxError) {
            let prefix = try reader.readBytes(layout.prefixSize)
            let result = try parseChildren(&reader, parent: header.type, depth: depth + 1,
                                           handler: handler, tentative: layout.isTentative)
            if layout.isTentative && result.trailing.contains(where: { $0 != 0 }) { return leaf }
            let container = BoxContainer(prefix: prefix, children: result.children, trailing: result.trailing)
            return Box(header: header, content: .container(container), location: location)
        } catch {
            guard layout.isTentative, !Self.isLimit(error) else { throw error }
            boxCount = savedCount
            return leaf
        }
    }

    private static func isLimit(_ error: BoxError) -> Bool {
        if case .limitExceeded = error.kind { return true }
        return false
    }

    /// Parses the boxes that fill `reader`; fewer than 8 bytes left over are returned as trailing.
    mutating func parseChildren(_ reader: inout ByteReader, parent: FourCC?, depth: Int, handler: FourCC?,
                                tentative: Bool) throws(BoxError) -> (children: [Box], trailing: ArraySlice<UInt8>) {
        var children: [Box] = []
        var counts: [FourCC: Int] = [:]
        var handler = handler
        while reader.remaining >= 8 {
            var headReader = reader
            let header = try BoxHeader.read(from: &headReader, available: UInt64(reader.remaining))
            let location = BoxLocation(path: Self.childPath(parent: reader.path, type: header.type, counts: &counts),
                                       offset: reader.fileOffset)
            guard header.totalSize <= UInt64(reader.remaining) else {
                throw BoxError(.invalidSize("box '\(header.type)' declares \(header.totalSize) bytes but its parent has \(reader.remaining) left"),
                               at: location)
            }
            try countBox(at: location)
            let bytes = try reader.readBytes(Int(header.totalSize))
            let box = try parseBox(header, bytes: bytes, location: location, parent: parent, depth: depth, handler: handler)
            if parent == "mdia" && header.type == "hdlr", let type = Self.handlerType(of: box) {
                handler = type
            }
            children.append(box)
        }
        return (children, reader.readRemaining())
    }

    /// The handler type of an `hdlr` box (bytes 8..<12 of its payload).
    static func handlerType(of box: Box) -> FourCC? {
        guard let payload = box.data, payload.count >= 12 else { return nil }
        let start = payload.startIndex + 8
        return FourCC(rawValue: payload[start..<start + 4].reduce(0) { ($0 << 8) | UInt32($1) })
    }
}
