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

    /// Sorted by start; payloads of top-level boxes do not overlap.
    private(set) var moves: [Move]

    init(moves: [Move]) {
        var moves = moves
        // Moves made in file order (a fragment's boxes) are not copied to be sorted.
        if zip(moves, moves.dropFirst()).contains(where: { $0.start > $1.start }) { moves.sort { $0.start < $1.start } }
        self.moves = moves
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
