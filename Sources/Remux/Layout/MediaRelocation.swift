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
    }

    /// Sorted by start; payloads of top-level boxes do not overlap. In blocks: a fragmented
    /// movie has a move per fragment.
    private(set) var moves = ChunkedArray<Move>()

    init(moves: some Sequence<Move>) {
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
    /// whole (an empty chunk that points nowhere keeps its offset).
    func relocated(_ offset: UInt64, length: UInt64) -> UInt64? {
        let low = moves.partitioningIndex { $0.start > offset }
        guard low > 0 else { return length == 0 ? offset : nil }
        let move = moves[low - 1]
        guard offset <= move.end, length <= move.end - offset else { return length == 0 ? offset : nil }
        return UInt64(Int64(offset) + move.shift)
    }
}
