import ISOBMFF
import Movie

/// The output of an edit that keeps a fragmented movie fragmented (ISO/IEC 14496-12 §8.8): the
/// source's top-level boxes in their order — `ftyp` and `moov` as the edit made them
/// (``FragmentedMovieBox``), every `moof` rewritten, the indexes of fragments (`sidx`, `mfra`)
/// rewritten, every other box copied byte for byte — with, after each fragment's `mdat`, an
/// `mdat` of the added tracks' samples for that fragment (``FragmentedNewTrack``). Samples that
/// the source's sample tables hold as well (a movie fragmented after its first samples) stay in
/// their `mdat`, their chunk offsets moved as a full rewrite moves them.
///
/// Each rewritten `moof` counts its data from its own start: every `tfhd` gets
/// `default-base-is-moof` in place of a `base_data_offset`, every `trun` an explicit data offset
/// to where its samples now are (§8.8.7.1, §8.8.8), so a `moof` may grow (a `traf` for an added
/// track), lose the `traf` of a removed track, or move, and its offsets stay right. `sidx` and
/// `mfra` get the new positions and sizes (``SegmentIndexRewrite``, ``RandomAccessRewrite``);
/// one that cannot becomes free space of its size, and `ssix` (§8.16.4), whose byte ranges an
/// added track's samples would change, is left out — each named in ``warnings``.
struct FragmentedLayout: MovieLayout {
    /// One top-level box of the output. There are two per fragment, so the cases that hold a
    /// `Box` (a few of them in a file) are kept out of line to keep each piece small.
    enum Piece {
        /// A box written as it is: `ftyp`, an added tracks' `mdat`.
        indirect case box(Box)
        /// The edited `moov`.
        indirect case movie(Box)
        /// A rewritten `moof`: the index of the source `moof`, and its size. It is made again as it
        /// is written, with its offsets (``FragmentRewrite``).
        case fragment(Int, size: UInt64)
        /// A `sidx` or `mfra`: the source box, and the box as written.
        indirect case index(source: Box, Box)
        /// A source box copied whole: its header as written, its payload in the source.
        case copied(BoxHeader, Range<UInt64>)

        var size: UInt64 {
            switch self {
            case let .box(box), let .movie(box), let .index(_, box): box.totalSize
            case let .fragment(_, size): size
            case let .copied(header, _): header.totalSize
            }
        }
    }

    private let pieces: [Piece]
    private let placement: Placement
    private let fragments: FragmentRewrite
    private let source: any ByteSource
    let totalSize: UInt64
    let erasures: [Range<UInt64>]
    let warnings: [String]

    init(edited: EditedMovie, movie: Movie, limits: Limits) throws(BoxError) {
        source = movie.file.source
        let defaults = movie.fragments?.defaults ?? [:]
        let moofs = movie.fragmentBoxes
        let starts = try Self.fragmentStarts(movie, moofs: moofs, limits: limits)
        var newTracks: [FragmentedNewTrack] = []
        for media in edited.newMedia {
            guard let index = edited.trackOrder.firstIndex(of: media.trackID) else { continue }
            let trak = edited.movieBox.children("trak")[index]
            newTracks.append(try FragmentedNewTrack(trak: trak, media: media, fragmentStarts: starts, limits: limits))
        }
        let removed = edited.removal.trackIDs
        let addedIDs = Set(newTracks.map(\.trackID))
        let movieBox = try FragmentedMovieBox.make(edited, newTracks: newTracks, limits: limits)
        let fragments = FragmentRewrite(moofs: moofs, defaults: defaults, removed: removed, removedBoxes: edited.removal.boxOffsets,
                                        newTracks: newTracks, limits: limits)
        // Each `moof` made once to plan: its size, which no offset changes, and what its offsets
        // point at, kept (a few bytes a run) to check every offset before a byte is written.
        var sizes: [UInt64] = [], targets: [FragmentOffsetTarget] = [], targetStarts = [0], removedRuns: [Range<UInt64>] = []
        sizes.reserveCapacity(moofs.count)
        targetStarts.reserveCapacity(moofs.count + 1)
        for index in moofs.indices {
            let survey = try fragments.survey(index)
            sizes.append(survey.size)
            targets += survey.targets
            targetStarts.append(targets.count)
            removedRuns += survey.removedRuns
        }

        // Samples the source's tables hold (a movie fragmented after its first samples) move
        // with their `mdat`: their chunk offsets are set as a full rewrite sets them, `moov` sized
        // first with offsets of the final form (ChunkOffsetPlan), then given their values.
        var chunkOffsets = ChunkOffsetPlan(sourceChunks: try SourceChunks(movie: movie))
        // The source's chunks, which widening does not change.
        let chunks = chunkOffsets
        let settled = try chunkOffsets.settle(movieBox, trackOrder: edited.trackOrder, sizedValues: { addedIDs.contains($0) ? [] : nil }) {
            sized throws(BoxError) in
            var warnings: [String] = []
            let sized = try Self.pieces(movie, edited: edited, movieBox: sized, fragments: fragments, sizes: sizes,
                                        warnings: &warnings, limits: limits)
            return (pieces: sized.pieces, sourceStarts: sized.sourceStarts, placement: Placement(sized.pieces), warnings: warnings)
        } values: { placed, trak, trackID throws(BoxError) in
            addedIDs.contains(trackID) ? [] : try chunks.relocatedOffsets(of: trackID, by: placed.placement.relocation, trak: trak)
        }
        let final = settled.movieBox
        var (pieces, sourceStarts, placement, warnings) = settled.layout
        let outputPosition = { (sourceOffset: UInt64) -> UInt64? in sourceStarts[sourceOffset].map { placement.starts[$0] } }
        let trafNumbers = try fragments.trafNumbers()
        // `moov` with its offsets, the indexes with their positions; each `moof`'s offsets
        // found, so that one that cannot have them fails the edit before a byte is written.
        // Changed where they are: two pieces a fragment, a second list of them would double that.
        for number in pieces.indices {
            switch pieces[number] {
            case .movie:
                pieces[number] = .movie(final)
            case let .fragment(index, _):
                for target in targets[targetStarts[index]..<targetStarts[index + 1]] {
                    _ = try placement.dataOffset(of: target, inFragment: index, at: placement.starts[number], moof: moofs[index])
                }
            case let .index(source, sized):
                let rewritten = if source.type == "sidx" {
                    try SegmentIndexRewrite.rewritten(source, sourceEnd: (source.location?.offset ?? 0) + source.header.totalSize,
                                                      outputEnd: placement.starts[number] + sized.totalSize, limits: limits,
                                                      outputPosition: outputPosition)
                } else {
                    try RandomAccessRewrite.rewritten(source, removedTracks: removed, limits: limits, outputPosition: outputPosition) {
                        offset, number in
                        // A number no `traf` of that `moof` has (a damaged entry) rewrites nothing.
                        guard let numbers = trafNumbers[offset], number >= 1, Int(number) <= numbers.count else { return nil }
                        return numbers[Int(number) - 1]
                    }
                }
                if let rewritten, rewritten.totalSize == sized.totalSize {
                    pieces[number] = .index(source: source, rewritten)
                    continue
                }
                let location = source.location?.offset ?? 0
                warnings.append("replaced '\(source.type)' at 0x\(String(location, radix: 16)) with free space: it indexes bytes the output does not have where it said")
                pieces[number] = .index(source: source, Box(type: "free", payload: [UInt8](repeating: 0, count: Int(sized.payloadSize))))
            default:
                continue
            }
        }
        let keptRuns = targets.compactMap { target -> Range<UInt64>? in
            guard case let .run(start, length, _) = target else { return nil }
            return start..<start.saturatingAdd(length)
        }
        erasures = Self.erasures(chunks.sourceChunks, removal: edited.removal, keptRuns: keptRuns, removedRuns: removedRuns,
                                 pieces: pieces, relocation: placement.relocation)
        self.pieces = pieces
        self.placement = placement
        self.fragments = fragments
        self.warnings = warnings
        totalSize = placement.totalSize
    }

    /// The output ranges written as zeros: removed tracks' samples, or, for a strip that leaves
    /// out unused media, every byte of a copied `mdat` no kept track's sample (in a fragment or a
    /// sample table) is in.
    private static func erasures(_ chunks: SourceChunks, removal: MetadataRemoval, keptRuns: [Range<UInt64>], removedRuns: [Range<UInt64>],
                                 pieces: [Piece], relocation: MediaRelocation) -> [Range<UInt64>] {
        let removed = removal.trackIDs
        let kept = ByteRangeSet(keptRuns + chunks.ranges { !removed.contains($0) })
        let erased = if removal.leavesOutUnusedMedia {
            ByteRangeSet(pieces.compactMap { piece -> Range<UInt64>? in
                guard case let .copied(header, payload) = piece, header.type == "mdat" else { return nil }
                return payload
            }).subtracting(kept)
        } else {
            ByteRangeSet(removedRuns + chunks.ranges { removed.contains($0) }).subtracting(kept)
        }
        return erased.ranges.compactMap { range in
            relocation.relocated(range.lowerBound, length: UInt64(range.count)).map { $0..<($0 + UInt64(range.count)) }
        }
    }

    /// The output's boxes in order, `moov` as `movieBox`, each `moof` rewritten by `fragments` with
    /// its size in `sizes` (made with placeholder offsets: its size does not depend on their values), each index as
    /// it will be sized; and, by source offset, the piece each source top-level box (and the end
    /// of the file) starts at.
    private static func pieces(_ movie: Movie, edited: EditedMovie, movieBox: Box, fragments: FragmentRewrite, sizes: [UInt64],
                               warnings: inout [String], limits: Limits) throws(BoxError) -> (pieces: [Piece], sourceStarts: [UInt64: Int]) {
        var pieces: [Piece] = []
        var sourceStarts: [UInt64: Int] = [:]
        if let fileType = edited.fileType { pieces.append(.box(fileType)) }
        var movieWritten = false
        var fragment = -1
        var pendingMedia: Box?
        let end = movie.file.source.size
        for box in movie.file.boxes {
            guard let location = box.location else { continue }
            let start = location.offset
            if box.type != "mdat", let media = pendingMedia {
                // A fragment without an `mdat` of its own: the added samples follow its `moof`.
                pieces.append(.box(media))
                pendingMedia = nil
            }
            sourceStarts[start] = pieces.count
            guard box.missingBytes == 0 else {
                throw BoxError(.damaged("the file ends \(box.missingBytes) bytes before the end of this '\(box.type)' box; a fragmented movie cut short cannot be kept fragmented"),
                               at: location)
            }
            switch box.type {
            case "ftyp":
                continue
            case "moov":
                if !movieWritten { pieces.append(.movie(movieBox)) }
                movieWritten = true
            case "moof":
                fragment += 1
                pieces.append(.fragment(fragment, size: sizes[fragment]))
                pendingMedia = fragments.addedMedia(fragment: fragment)
            case "sidx":
                pieces.append(.index(source: box, box))
            case "mfra":
                // Sized as rewritten, positions aside: only removed tracks' tables change its size.
                if let sized = try RandomAccessRewrite.rewritten(box, removedTracks: edited.removal.trackIDs, limits: limits,
                                                                 outputPosition: { $0 }, trafNumber: { $1 }) {
                    pieces.append(.index(source: box, sized))
                } else {
                    warnings.append("left out 'mfra' at 0x\(String(start, radix: 16)): its entries could not be rewritten")
                }
            case "ssix":
                warnings.append("left out 'ssix' at 0x\(String(start, radix: 16)): its byte ranges within subsegments are not rewritten")
            case _ where edited.removal.boxOffsets.contains(start):
                continue
            default:
                let payload = min(start + box.header.headerSize, end)..<min(start.saturatingAdd(box.header.totalSize), end)
                pieces.append(.copied(box.header.explicit.resized(to: UInt64(payload.count)), payload))
                if box.type == "mdat", let media = pendingMedia {
                    pieces.append(.box(media))
                    pendingMedia = nil
                }
            }
        }
        if let media = pendingMedia { pieces.append(.box(media)) }
        if let tail = movie.file.tail {
            warnings.append("left out \(tail.length) bytes at 0x\(String(tail.offset, radix: 16)) after the last box, which do not form a box")
        } else {
            sourceStarts[end] = pieces.count
        }
        return (pieces, sourceStarts)
    }

    /// The start time, in seconds, of each `moof`: its first sample of the main video (else the
    /// first track) — or, when it holds none, the previous fragment's start.
    private static func fragmentStarts(_ movie: Movie, moofs: FragmentBoxes, limits: Limits) throws(BoxError) -> [Double] {
        guard let track = movie.mainVideoTrack ?? movie.tracks.first(where: { movie.fragments?.tracks[$0.id] != nil }) else {
            return moofs.map { _ in 0 }
        }
        let timescale = Double(max(track.mediaHeader.timescale, 1))
        var time: UInt64 = 0
        var starts: [Double] = []
        for moof in moofs {
            let samples = try FragmentSampleIndex.samples(of: track.id, in: [moof], defaults: movie.fragments?.defaults ?? [:],
                                                          startTime: time, fileSize: movie.file.source.size,
                                                          maxSamples: DefragmentedMovie.maximumSamples, limits: limits)
            starts.append(samples.first.map { Double($0.decodeTime) / timescale } ?? starts.last ?? 0)
            if let last = samples.last { time = last.decodeTime.saturatingAdd(UInt64(last.duration)) }
        }
        return starts
    }

    /// Writes the pieces in order. Each `moof` and the header of the `mdat` after it go out in
    /// one write: box by box, they were some twenty system calls per fragment.
    func write(to sink: inout some ByteSink) throws(BoxError) {
        var pending = ByteWriter(capacity: 64 << 10)
        for (number, piece) in pieces.enumerated() {
            switch piece {
            case let .box(box), let .movie(box), let .index(_, box):
                try Self.flush(&pending, to: &sink)
                try box.write(to: &sink, explicitSize: true)
            case let .fragment(index, size):
                let moof = try fragments.box(index) { target throws(BoxError) in
                    try placement.dataOffset(of: target, inFragment: index, at: placement.starts[number], moof: fragments.moofs[index])
                }
                // Made as planned: another size would move every box after it.
                guard moof.totalSize == size else {
                    throw BoxError(.inconsistentSampleTable("fragment \(index + 1) came out \(moof.totalSize) bytes, planned as \(size)"),
                                   at: fragments.moofs[index].location)
                }
                try moof.write(to: &pending, explicitSize: true)
            case let .copied(header, payload):
                header.write(into: &pending)
                try Self.flush(&pending, to: &sink)
                try sink.copy(from: source, offset: payload.lowerBound, length: UInt64(payload.count))
            }
        }
        try Self.flush(&pending, to: &sink)
    }

    private static func flush(_ pending: inout ByteWriter, to sink: inout some ByteSink) throws(BoxError) {
        guard pending.count > 0 else { return }
        try sink.write(pending.bytes[...])
        pending = ByteWriter(capacity: 64 << 10)
    }
}
