import ISOBMFF

extension Movie {
    /// The top-level boxes that describe or index movie fragments, not media: `moof` (ISO/IEC
    /// 14496-12 §8.8.4), `sidx` (§8.16.3), `ssix` (§8.16.4), `mfra` (§8.8.9) and `styp`
    /// (§8.16.2). A movie written without fragments leaves them out; one that keeps its
    /// fragments reviews what they hold.
    public static let fragmentBoxTypes: Set<FourCC> = ["moof", "sidx", "ssix", "mfra", "styp"]
}

/// The movie fragments (`moof`) of a file in file order, each made from its top-level record
/// when it is reached (and its boxes parsed with `Box.expanded(limits:)` when needed): a list
/// of positions, 8 bytes a fragment, however many there are.
public struct FragmentBoxes: RandomAccessCollection, Sendable {
    let boxes: TopLevelBoxes
    let positions: ChunkedArray<Int>

    /// The `moof`s among `boxes`.
    public init(_ boxes: TopLevelBoxes) {
        self.boxes = boxes
        var positions = ChunkedArray<Int>()
        for position in boxes.indices where boxes.type(at: position) == "moof" { positions.append(position) }
        self.positions = positions
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { positions.count }
    /// The `index`th fragment, from 0, as the file walk left it.
    public subscript(index: Int) -> Box { boxes[positions[index]] }

    /// The index of the fragment whose `moof` starts at `offset` in the file, or nil.
    public func index(startingAt offset: UInt64) -> Int? {
        guard let position = boxes.position(startingAt: offset) else { return nil }
        let index = positions.partitioningIndex { $0 >= position }
        return index < positions.count && positions[index] == position ? index : nil
    }
}

extension Movie {
    /// The movie's fragments, in file order.
    public var fragmentBoxes: FragmentBoxes { FragmentBoxes(file.boxes) }
}
