/// How the tree parser splits one container: how many bytes of fixed fields come before the
/// children, and what to do when the children do not parse.
///
/// A *tentative* layout is tried and, if the children do not tile the payload exactly, the box
/// is kept as an opaque leaf instead (still byte-exact). The rows of a ``BoxRegistry`` say which
/// boxes get which layout.
public struct ContainerLayout: Hashable, Sendable {
    /// Bytes of fixed fields before the first child.
    public var prefixSize: Int
    /// Whether a failed child parse should leave the box as a leaf rather than be an error.
    public var isTentative: Bool
    /// Whether the last four prefix bytes count the children (`stsd`, `dref`): only that many
    /// are parsed, and whatever follows them is kept as trailing bytes, not taken for boxes.
    public var prefixCountsChildren: Bool

    /// A layout with `prefixSize` bytes of fixed fields before the children.
    public init(prefixSize: Int, isTentative: Bool, prefixCountsChildren: Bool = false) {
        self.prefixSize = prefixSize
        self.isTentative = isTentative
        self.prefixCountsChildren = prefixCountsChildren
    }

    /// How many children the prefix declares, when it counts them.
    func declaredChildCount(prefix: ArraySlice<UInt8>) -> Int? {
        guard prefixCountsChildren, prefix.count >= 4 else { return nil }
        return Int(prefix.suffix(4).reduce(UInt32(0)) { ($0 << 8) | UInt32($1) })
    }

    /// Whether a box parsed with this layout stays opaque because of the bytes after its
    /// children: a guessed layout whose children end before non-zero bytes was a wrong guess.
    func keepsOpaque(trailing: ArraySlice<UInt8>) -> Bool {
        isTentative && !prefixCountsChildren && trailing.contains { $0 != 0 }
    }

    /// Whether `error`, met while parsing the children, leaves the box an opaque leaf rather
    /// than ending the parse: a guessed layout gives way, except to a bound of `Limits`.
    func fallsBackToLeaf(after error: BoxError) -> Bool {
        isTentative && !BoxTreeParser.isLimit(error)
    }
}
