import ISOBMFF
import Movie

extension FragmentedLayout {
    /// The output's pieces in order and where they land: how far each copied payload moves,
    /// where each source top-level box now starts, and where each fragment's added samples
    /// start. Built in one pass over the source's boxes, in a few bytes a box.
    struct Placement {
        /// `ftyp`, `moov` as the edit made them, each `moof` rewritten, each index as it will be
        /// sized, every other box copied, each fragment's added samples after its `mdat`.
        var pieces: LazyMapSequence<ChunkedArray<UInt64>, Piece> { packedPieces.lazy.map(Piece.init(packed:)) }
        /// The pieces, 8 bytes each (two a fragment).
        private var packedPieces = ChunkedArray<UInt64>()
        /// The `sidx` and `mfra` boxes, in order.
        var indexes: [IndexBox] = []
        var relocation = MediaRelocation(moves: [], end: 0)
        /// By source `moof` index, the output position of its added tracks' samples.
        var addedMediaStarts: [Int: UInt64] = [:]
        var totalSize: UInt64 = 0
        /// What the output leaves out unasked.
        var warnings: [String] = []
        /// Where the source's top-level boxes start in the output: a source offset and how far
        /// the box there moves, each time that distance changes.
        private var boxShifts: [(source: UInt64, shift: Int64)] = []

        init(_ movie: Movie, edited: EditedMovie, movieBox: Box, fragments: FragmentRewrite, sizes: ChunkedArray<UInt64>,
             limits: Limits) throws(BoxError) {
            var position: UInt64 = 0
            func place(_ piece: Piece, size: UInt64) {
                packedPieces.append(piece.packed)
                position += size
            }
            if let fileType = edited.fileType { place(.fileType, size: fileType.totalSize) }
            var movieWritten = false
            var fragment = -1
            var pendingMedia: Int?
            let end = movie.file.source.size
            func placeAddedMedia() {
                guard let index = pendingMedia else { return }
                let header = BoxHeader(type: "mdat", payloadSize: fragments.addedMediaSize(fragment: index))
                addedMediaStarts[index] = position + header.headerSize
                place(.addedMedia(index), size: header.totalSize)
                pendingMedia = nil
            }
            let boxes = movie.file.boxes
            for number in boxes.indices {
                let box = boxes[number]
                guard let location = box.location else { continue }
                let start = location.offset
                // A fragment without an `mdat` of its own: the added samples follow its `moof`.
                if box.type != "mdat" { placeAddedMedia() }
                recordBoxStart(start, at: position)
                guard box.missingBytes == 0 else {
                    throw BoxError(.damaged("the file ends \(box.missingBytes) bytes before the end of this '\(box.type)' box; a fragmented movie cut short cannot be kept fragmented"),
                                   at: location)
                }
                switch box.type {
                case "ftyp":
                    continue
                case "moov":
                    if !movieWritten { place(.movie, size: movieBox.totalSize) }
                    movieWritten = true
                case "moof":
                    fragment += 1
                    place(.fragment(fragment), size: sizes[fragment])
                    if fragments.addedMediaSize(fragment: fragment) > 0 { pendingMedia = fragment }
                case "sidx":
                    indexes.append(IndexBox(source: box, written: box, outputStart: position))
                    place(.index(indexes.count - 1), size: box.totalSize)
                case "mfra":
                    // Sized as rewritten, positions aside: only removed tracks' tables change its size.
                    if let sized = try RandomAccessRewrite.rewritten(box, removedTracks: edited.removal.trackIDs, limits: limits,
                                                                     outputPosition: { $0 }, trafNumber: { $1 }) {
                        indexes.append(IndexBox(source: box, written: sized, outputStart: position))
                        place(.index(indexes.count - 1), size: sized.totalSize)
                    } else {
                        warnings.append("left out 'mfra' at 0x\(String(start, radix: 16)): its entries could not be rewritten")
                    }
                case "ssix":
                    warnings.append("left out 'ssix' at 0x\(String(start, radix: 16)): its byte ranges within subsegments are not rewritten")
                case _ where edited.removal.boxOffsets.contains(start):
                    continue
                default:
                    let (header, payload) = FragmentedLayout.copied(boxes, at: number, fileSize: end)
                    relocation.append(.init(start: payload.lowerBound, end: payload.upperBound,
                                            shift: Int64(position + header.headerSize) - Int64(payload.lowerBound)))
                    place(.copied(number), size: header.totalSize)
                    if box.type == "mdat" { placeAddedMedia() }
                }
            }
            placeAddedMedia()
            if let tail = movie.file.tail {
                warnings.append("left out \(tail.length) bytes at 0x\(String(tail.offset, radix: 16)) after the last box, which do not form a box")
            } else {
                recordBoxStart(end, at: position)
            }
            totalSize = position
            relocation.end = position
        }

        private mutating func recordBoxStart(_ source: UInt64, at output: UInt64) {
            let shift = Int64(output) - Int64(source)
            if boxShifts.last?.shift != shift { boxShifts.append((source, shift)) }
        }

        /// The output position of the source top-level box that starts at `offset` (or of what
        /// follows it, for a box left out), or of the end of the output for the end of a file
        /// with nothing after its last box; nil for any other offset.
        func outputPosition(ofBoxAt offset: UInt64, in file: BoxFile) -> UInt64? {
            guard file.boxes.position(startingAt: offset) != nil || (offset == file.source.size && file.tail == nil) else { return nil }
            let index = boxShifts.partitioningIndex { $0.source > offset }
            guard index > 0 else { return nil }
            return UInt64(Int64(offset) + boxShifts[index - 1].shift)
        }

        /// The data offset (from the start of the `moof` at `moofStart`, §8.8.8) of what a `trun`
        /// of fragment `index` points at.
        func dataOffset(of target: FragmentOffsetTarget, inFragment index: Int, at moofStart: UInt64, moof: Box) throws(BoxError) -> Int32 {
            let output: UInt64
            switch target {
            case let .run(start, length, trun):
                guard let moved = relocation.relocated(start, length: length) else {
                    throw BoxError(.samplesOutsideFile("the samples of this run (\(length) bytes at 0x\(String(start, radix: 16))) are not inside a box the output copies"),
                                   at: trun ?? moof.location)
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
