import ISOBMFF
import Movie

extension FragmentedLayout {
    /// Where the pieces land: each piece's output position (and the end's), how far each copied
    /// payload moves, and where each fragment's added samples start.
    struct Placement {
        /// The output position of each piece, then of the end.
        var starts: [UInt64] = []
        var relocation: MediaRelocation
        /// By source `moof` index, the output position of its added tracks' samples.
        var addedMediaStarts: [Int: UInt64] = [:]
        var totalSize: UInt64

        init(_ pieces: [Piece]) {
            var position: UInt64 = 0
            var moves: [MediaRelocation.Move] = []
            var lastFragment = -1
            for piece in pieces {
                starts.append(position)
                switch piece {
                case let .copied(header, payload):
                    moves.append(.init(start: payload.lowerBound, end: payload.upperBound,
                                       shift: Int64(position + header.headerSize) - Int64(payload.lowerBound)))
                case let .fragment(index, _):
                    lastFragment = index
                case let .box(box) where box.type == "mdat" && lastFragment >= 0 && addedMediaStarts[lastFragment] == nil:
                    addedMediaStarts[lastFragment] = position + box.headerForWriting.headerSize
                default:
                    break
                }
                position += piece.size
            }
            starts.append(position)
            totalSize = position
            relocation = MediaRelocation(moves: moves)
        }

        /// The data offset (from the start of the `moof` at `moofStart`, §8.8.8) of what a `trun`
        /// of fragment `index` points at.
        func dataOffset(of target: FragmentOffsetTarget, inFragment index: Int, at moofStart: UInt64, moof: Box) throws(BoxError) -> Int32 {
            let output: UInt64
            switch target {
            case let .run(start, length, trun):
                guard let moved = relocation.relocated(start, length: length) else {
                    throw BoxError(.samplesOutsideFile("the samples of this run (\(length) bytes at 0x\(String(start, radix: 16))) are not inside a box the output copies"),
                                   at: trun)
                }
                output = moved
            case let .added(offset):
                output = (addedMediaStarts[index] ?? 0) + offset
            }
            guard let offset = Int32(exactly: Int64(output) - Int64(moofStart)) else {
                throw BoxError(.limitExceeded("fragment \(index + 1)'s samples are more than 2 GiB from its moof"), at: moof.location)
            }
            return offset
        }
    }
}
