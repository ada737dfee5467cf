/// A growable list stored in fixed-size blocks: appending never copies what is there, so a list
/// of a million records costs its elements and at most one block more, where an `Array` doubling
/// its buffer briefly holds the old buffer and a new one twice its size. Inlinable, so that the
/// layers above get it specialised for their element, not through generic metadata per access.
package struct ChunkedArray<Element>: RandomAccessCollection, MutableCollection {
    /// Elements a block holds (a power of two, so an index splits with a shift and a mask).
    @usableFromInline static var blockShift: Int { 12 }
    @usableFromInline static var blockSize: Int { 1 << blockShift }
    @usableFromInline var blocks: [[Element]] = []
    @usableFromInline package private(set) var count = 0

    @inlinable package init() {}

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { count }
    // Index arithmetic of its own: the standard library's defaults for a strideable index are
    // not specialized across modules, and instantiated generic metadata at each step of a
    // binary search (a quarter of a rewrite's chunk relocation).
    @inlinable package func index(after position: Int) -> Int { position + 1 }
    @inlinable package func index(before position: Int) -> Int { position - 1 }
    @inlinable package func index(_ position: Int, offsetBy distance: Int) -> Int { position + distance }
    @inlinable package func distance(from start: Int, to end: Int) -> Int { end - start }

    /// A block holds exactly the elements appended to it, so a position past ``count`` is out
    /// of its block's range, as it would be out of an `Array`'s.
    @inlinable package subscript(position: Int) -> Element {
        get { blocks[position >> Self.blockShift][position & (Self.blockSize - 1)] }
        set { blocks[position >> Self.blockShift][position & (Self.blockSize - 1)] = newValue }
    }

    @inlinable package mutating func append(_ element: Element) {
        if count & (Self.blockSize - 1) == 0 {
            var block: [Element] = []
            block.reserveCapacity(Self.blockSize)
            blocks.append(block)
        }
        blocks[blocks.count - 1].append(element)
        count += 1
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}
