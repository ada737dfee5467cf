import ISOBMFF

/// How far each copied top-level box moves between the source and the output, and so where a
/// chunk that lies in it ends up.
struct MediaRelocation {
    struct Move {
        /// The box's payload in the source.
        var start: UInt64
        var end: UInt64
        /// Output payload start minus source payload start.
        var shift: Int64

        /// Where the payload starts in the output.
        var outputStart: UInt64 { UInt64(Int64(start) + shift) }
    }

    /// Sorted by start; payloads of top-level boxes do not overlap. In blocks: a fragmented
    /// movie has a move per fragment.
    private(set) var moves = ChunkedArray<Move>()
    /// Where the output ends (set once a layout has placed everything).
    var end: UInt64

    init(moves: some Sequence<Move>, end: UInt64) {
        self.end = end
        for move in moves { append(move) }
    }

    /// Adds a move: at the end, as a layout made in file order adds them, each costing only
    /// itself; one out of order sorts the list again.
    mutating func append(_ move: Move) {
        guard let last = moves.last, last.start > move.start else { return moves.append(move) }
        var list = Array(moves) + [move]
        list.sort { $0.start < $1.start }
        moves = ChunkedArray()
        for move in list { moves.append(move) }
    }

    /// Where a chunk of `length` bytes at `offset` goes, or nil when no copied box holds it
    /// whole. An empty chunk has no byte to copy, but its offset must still lie in the output:
    /// one that no copied box holds (it points into a box the edit leaves out or writes anew, a
    /// strip's unknown box, say, or past the end) goes where the copy goes on after its place,
    /// the start of the next copied payload or else the end of the output. Kept as it was, it
    /// would point past the end of a shorter output, which readers refuse.
    func relocated(_ offset: UInt64, length: UInt64) -> UInt64? {
        let low = moves.partitioningIndex { $0.start > offset }
        if low > 0 {
            let move = moves[low - 1]
            if offset <= move.end, length <= move.end - offset { return UInt64(Int64(offset) + move.shift) }
        }
        guard length == 0 else { return nil }
        return low < moves.count ? moves[low].outputStart : end
    }
}
