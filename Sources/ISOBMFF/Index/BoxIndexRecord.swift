/// One box of a ``BoxIndex``: where it is, how large, and where it sits in the tree, in 32
/// bytes and no heap storage.
///
/// A container's first child, when it has one, is the record right after it (the index is in
/// file order, depth first), so only the parent and the next sibling are stored.
struct BoxIndexRecord: Sendable {
    /// The absolute offset of the header in the index's source.
    var offset: UInt64
    /// The payload size the header declares (for a cut-short box, more than the source holds).
    var payloadSize: UInt64
    var type: FourCC
    /// The parent's record, or -1 at the top.
    var parent: Int32
    /// The next sibling's record, or -1 for the last child.
    var nextSibling: Int32
    /// `containerFlag`, `countsChildrenFlag` and, below them, the size of a container's
    /// fixed fields before its children (`ContainerLayout/prefixSize`).
    var layoutBits: UInt16
    /// 8, 16, 24 or 32 bytes.
    var headerSize: UInt8
    /// Nesting below the top level, saturating at 255 (the walk bounds it by `Limits/maxDepth`).
    var depth: UInt8

    static let containerFlag: UInt16 = 1 << 15
    static let countsChildrenFlag: UInt16 = 1 << 14

    var isContainer: Bool { layoutBits & Self.containerFlag != 0 }
    var countsChildren: Bool { layoutBits & Self.countsChildrenFlag != 0 }
    var prefixSize: Int { Int(layoutBits & (Self.countsChildrenFlag - 1)) }
    var totalSize: UInt64 { UInt64(headerSize).saturatingAdd(payloadSize) }
    var end: UInt64 { offset.saturatingAdd(totalSize) }

    /// Marks the record a container laid out as `layout`.
    mutating func setContainer(_ layout: ContainerLayout) {
        layoutBits = Self.containerFlag | (layout.prefixCountsChildren ? Self.countsChildrenFlag : 0)
            | UInt16(clamping: min(layout.prefixSize, Int(Self.countsChildrenFlag - 1)))
    }
}
