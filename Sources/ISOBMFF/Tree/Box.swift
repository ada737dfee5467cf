/// One box of a file, as a node of the generic box tree.
///
/// A box we model is still stored as its bytes: typed views (``BoxPayload``) decode from those
/// bytes on demand and encode back into them. A box we do not model is never touched, so it is
/// written back byte for byte. Large payloads that were not read (`mdat`) stay file ranges.
public struct Box: Sendable {
    /// What a box holds after its header.
    public enum Content: Sendable {
        /// Payload bytes held in memory.
        case data(ArraySlice<UInt8>)
        /// Payload bytes left in a file, never loaded (`mdat`, large `free`, large tables). The
        /// range names its file, so boxes read from several inputs can be written into one output.
        /// Stored out of line: its file reference would make every box in every children array
        /// 24 bytes larger, where few boxes are file ranges.
        indirect case fileRange(offset: UInt64, length: UInt64, source: any ByteSource)
        /// Fixed fields, then child boxes, then bytes that do not form a box. Stored out of line
        /// so a leaf costs no more than its slice.
        indirect case container(BoxContainer)
    }

    /// The header as read (or as made); its size is recomputed from the content when written.
    public var header: BoxHeader
    /// What the box holds after its header.
    public var content: Content
    /// Where the box was read from; nil for boxes made in memory.
    public var location: BoxLocation?
    /// Bytes the header declares that the file does not have (a truncated last box); such a box
    /// is written back with its declared size so an untouched file round-trips exactly.
    public var missingBytes: UInt64

    /// Creates a box from its header and content.
    public init(header: BoxHeader, content: Content, location: BoxLocation? = nil, missingBytes: UInt64 = 0) {
        self.header = header
        self.content = content
        self.location = location
        self.missingBytes = missingBytes
    }

    /// A leaf box with an in-memory payload.
    public init(type: FourCC, payload: [UInt8]) {
        self.init(header: BoxHeader(type: type, payloadSize: UInt64(payload.count)), content: .data(payload[...]))
    }

    /// A container box; with `countsChildren` (`stsd`, `dref`), the prefix ends with the child count.
    public init(type: FourCC, prefix: [UInt8] = [], children: [Box], countsChildren: Bool = false) {
        let container = BoxContainer(prefix: prefix[...], children: children, countsChildren: countsChildren)
        self.init(header: BoxHeader(type: type, payloadSize: container.payloadSize), content: .container(container))
    }

    /// The box type (the header's four-character code).
    public var type: FourCC { header.type }

    /// The payload size implied by the content (not the size field as read).
    public var payloadSize: UInt64 {
        switch content {
        case let .data(bytes): UInt64(bytes.count)
        case let .fileRange(_, length, _): length
        case let .container(container): container.payloadSize
        }
    }

    /// The header to write for the current content.
    public var headerForWriting: BoxHeader {
        missingBytes > 0 ? header : header.resized(to: payloadSize)
    }

    /// Header plus content, as it will be written. Constant time: containers keep their payload
    /// size up to date as their children change, so sizing a whole tree is linear in its boxes.
    public var totalSize: UInt64 {
        let header = headerForWriting
        return header.headerSize + (missingBytes > 0 ? payloadSize : header.payloadSize)
    }

    /// Child boxes, or an empty array for a leaf.
    public var children: [Box] {
        if case let .container(container) = content { return container.children }
        return []
    }

    /// The in-memory payload of a leaf; nil for containers and file ranges.
    public var data: ArraySlice<UInt8>? {
        if case let .data(bytes) = content { return bytes }
        return nil
    }

    /// Whether the box holds child boxes: a box whose payload did not parse as children is
    /// kept as bytes, and then never edited as a list.
    public var isContainer: Bool {
        if case .container = content { return true }
        return false
    }

    /// The first child of a type.
    public func child(_ type: FourCC) -> Box? { children.first { $0.type == type } }

    /// Every child of a type, in order.
    public func children(_ type: FourCC) -> [Box] { children.filter { $0.type == type } }

    /// The first box reached by following child types, e.g. `["mdia", "minf", "stbl"]`.
    public func descendant(_ path: [FourCC]) -> Box? {
        var box = self
        for type in path {
            guard let next = box.child(type) else { return nil }
            box = next
        }
        return box
    }

    /// The path for messages about this box.
    public var pathDescription: String { location?.path ?? type.description }

    /// A reader over the in-memory payload; throws for containers and unloaded ranges.
    public func payloadReader() throws(BoxError) -> ByteReader {
        let location = self.location ?? BoxLocation(path: type.description, offset: 0)
        guard case let .data(bytes) = content else {
            throw BoxError(.unsupported("box '\(type)' payload is not in memory"), at: location)
        }
        return ByteReader(bytes, baseOffset: location.offset + header.headerSize, path: location.path)
    }

    /// Replaces the children of a container (or turns a leaf into a container with no prefix).
    public mutating func setChildren(_ newChildren: [Box]) {
        if case var .container(container) = content {
            container.children = newChildren
            content = .container(container)
        } else {
            content = .container(BoxContainer(children: newChildren))
        }
    }

    /// Applies `change` to the first child of `type` and reports whether there was one.
    @discardableResult
    public mutating func modifyChild(_ type: FourCC, _ change: (inout Box) throws -> Void) rethrows -> Bool {
        guard case var .container(container) = content,
              let index = container.children.firstIndex(where: { $0.type == type }) else { return false }
        try change(&container.children[index])
        content = .container(container)
        return true
    }
}

/// The content of a container box: fixed fields before the children (a FullBox's version and
/// flags, an `stsd` entry count, a sample entry's fields), the children, and any bytes after
/// them that do not form a box (old QuickTime writers end `udta` with four zero bytes).
public struct BoxContainer: Sendable {
    /// The fixed fields before the children; empty for a plain container.
    public var prefix: ArraySlice<UInt8> { didSet { updatePayloadSize() } }
    /// The child boxes, in file order.
    public var children: [Box] {
        didSet {
            if countsChildren { writeChildCount() }
            updatePayloadSize()
        }
    }
    /// The bytes after the last child that do not form a box; kept so the box is written back as read.
    public var trailing: ArraySlice<UInt8> { didSet { updatePayloadSize() } }
    /// Whether the last four prefix bytes are the number of children (`stsd`, `dref`): when the
    /// children change, the count follows. Setting it leaves a count as read, so a file whose
    /// count disagrees with its children still round-trips until they are edited.
    public var countsChildren: Bool
    /// Prefix, children and trailing bytes; recomputed from the children's own (stored) sizes
    /// whenever a part changes, never by walking the subtree.
    public private(set) var payloadSize: UInt64 = 0

    /// A container; with `countsChildren`, the prefix's last four bytes are set to the count.
    public init(prefix: ArraySlice<UInt8> = [], children: [Box], trailing: ArraySlice<UInt8> = [],
                countsChildren: Bool = false) {
        self.prefix = prefix
        self.children = children
        self.trailing = trailing
        self.countsChildren = countsChildren
        if countsChildren { writeChildCount() }
        updatePayloadSize()
    }

    private mutating func writeChildCount() {
        guard prefix.count >= 4 else { return }
        var bytes = Array(prefix)
        let count = UInt32(clamping: children.count)
        for index in 0..<4 { bytes[bytes.count - 4 + index] = UInt8(truncatingIfNeeded: count >> (24 - 8 * UInt32(index))) }
        prefix = bytes[...]
    }

    private mutating func updatePayloadSize() {
        payloadSize = UInt64(prefix.count + trailing.count).saturatingAdd(children.reduce(0) { $0.saturatingAdd($1.totalSize) })
    }
}
