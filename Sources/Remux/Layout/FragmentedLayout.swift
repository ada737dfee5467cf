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
    /// One top-level box of the output. There are two per fragment, so a piece names what it
    /// writes, which is looked up as it is placed and written.
    enum Piece {
        /// `ftyp` as the edit made it.
        case fileType
        /// The edited `moov`.
        case movie
        /// A rewritten `moof`, by its index among the source's; made again as it is written,
        /// with its offsets (``FragmentRewrite``), its size as planned in `sizes`.
        case fragment(Int)
        /// The `mdat` of a fragment's added tracks' samples, by the fragment's index.
        case addedMedia(Int)
        /// A `sidx` or `mfra`, by its place in `indexes`.
        case index(Int)
        /// A source box copied whole, by its place among the source's top-level boxes.
        case copied(Int)

        /// The piece in 8 bytes: its case in the top 3 bits, its number below.
        var packed: UInt64 {
            let (kind, value): (UInt64, Int) = switch self {
            case .fileType: (0, 0)
            case .movie: (1, 0)
            case let .fragment(index): (2, index)
            case let .addedMedia(index): (3, index)
            case let .index(number): (4, number)
            case let .copied(position): (5, position)
            }
            return kind << 61 | UInt64(value)
        }

        init(packed: UInt64) {
            let value = Int(packed & (1 << 61 - 1))
            switch packed >> 61 {
            case 0: self = .fileType
            case 1: self = .movie
            case 2: self = .fragment(value)
            case 3: self = .addedMedia(value)
            case 4: self = .index(value)
            default: self = .copied(value)
            }
        }
    }

    /// A `sidx` or `mfra`: the source box, the box as written, and where it is written.
    struct IndexBox {
        var source: Box
        var written: Box
        var outputStart: UInt64
    }

    private let fileType: Box?
    private let movieBox: Box
    private let boxes: TopLevelBoxes
    private let placement: Placement
    /// By fragment, the size of its rewritten `moof`.
    private let sizes: ChunkedArray<UInt64>
    private let fragments: FragmentRewrite
    private let source: any ByteSource
    let totalSize: UInt64
    let erasures: [Range<UInt64>]
    let warnings: [String]

    init(edited: EditedMovie, movie: Movie, limits: Limits) throws(BoxError) {
        source = movie.file.source
        boxes = movie.file.boxes
        fileType = edited.fileType
        let defaults = movie.fragments?.defaults ?? [:]
        let moofs = movie.fragmentBoxes
        // Only added tracks place their samples by the fragments' times.
        let starts = edited.newMedia.isEmpty ? [] : try Self.fragmentStarts(movie, moofs: moofs, limits: limits)
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
        // Each `moof` made once to plan: its size, which no offset changes, and the source bytes
        // its runs point at (16 bytes a run), to check every offset before a byte is written.
        let indexesFragments = movie.file.boxes.indices.contains { movie.file.boxes.type(at: $0) == "mfra" }
        var sizes = ChunkedArray<UInt64>(), runs = ChunkedArray<Range<UInt64>>(), runCounts = ChunkedArray<UInt32>()
        var trafNumbers = ChunkedArray<FragmentRewrite.TrafNumbers>(), removedRuns: [Range<UInt64>] = []
        for index in moofs.indices {
            let survey = try fragments.survey(index)
            sizes.append(survey.size)
            for run in survey.runs { runs.append(run) }
            runCounts.append(UInt32(survey.runs.count))
            removedRuns += survey.removedRuns
            if indexesFragments { trafNumbers.append(survey.trafNumbers) }
        }
        self.sizes = sizes
        self.fragments = fragments

        // Samples the source's tables hold (a movie fragmented after its first samples) move
        // with their `mdat`: their chunk offsets are set as a full rewrite sets them, `moov` sized
        // first with offsets of the final form (ChunkOffsetPlan), then given their values.
        var chunkOffsets = ChunkOffsetPlan(sourceChunks: try SourceChunks(movie: movie))
        // The source's chunks, which widening does not change.
        let chunks = chunkOffsets
        let settled = try chunkOffsets.settle(movieBox, trackOrder: edited.trackOrder, sizedValues: { addedIDs.contains($0) ? [] : nil }) {
            sized throws(BoxError) in
            try Placement(movie, edited: edited, movieBox: sized, fragments: fragments, sizes: sizes, limits: limits)
        } values: { placed, trak, trackID throws(BoxError) in
            addedIDs.contains(trackID) ? [] : try chunks.relocatedOffsets(of: trackID, by: placed.relocation, trak: trak)
        }
        self.movieBox = settled.movieBox
        var placement = settled.layout
        var warnings = placement.warnings
        // The indexes with their positions; a fragment's `traf` numbers found by its `moof`.
        let outputPosition = { (sourceOffset: UInt64) -> UInt64? in placement.outputPosition(ofBoxAt: sourceOffset, in: movie.file) }
        for number in placement.indexes.indices {
            let index = placement.indexes[number]
            let rewritten = if index.source.type == "sidx" {
                try SegmentIndexRewrite.rewritten(index.source, sourceEnd: (index.source.location?.offset ?? 0) + index.source.header.totalSize,
                                                  outputEnd: index.outputStart + index.written.totalSize, limits: limits,
                                                  outputPosition: outputPosition)
            } else {
                try RandomAccessRewrite.rewritten(index.source, removedTracks: removed, limits: limits, outputPosition: outputPosition) {
                    offset, number in
                    // A number no `traf` of that `moof` has (a damaged entry) rewrites nothing.
                    moofs.index(startingAt: offset).flatMap { trafNumbers[$0].output(of: number) }
                }
            }
            if let rewritten, rewritten.totalSize == index.written.totalSize {
                placement.indexes[number].written = rewritten
                continue
            }
            let location = index.source.location?.offset ?? 0
            warnings.append("replaced '\(index.source.type)' at 0x\(String(location, radix: 16)) with free space: it indexes bytes the output does not have where it said")
            placement.indexes[number].written = Box(type: "free", payload: [UInt8](repeating: 0, count: Int(index.written.payloadSize)))
        }
        self.placement = placement
        self.warnings = warnings
        totalSize = placement.totalSize
        let copiedMedia = placement.pieces.lazy.compactMap { piece -> Range<UInt64>? in
            guard case let .copied(position) = piece, movie.file.boxes.type(at: position) == "mdat" else { return nil }
            return Self.copied(movie.file.boxes, at: position, fileSize: movie.file.source.size).payload
        }
        erasures = Self.erasures(chunks.sourceChunks, removal: edited.removal, keptRuns: runs, removedRuns: removedRuns,
                                 copied: copiedMedia, relocation: placement.relocation)
        // Each `moof`'s offsets found, so that one that cannot have them fails the edit before a
        // byte is written.
        var run = 0
        try forEachPiece { piece, start throws(BoxError) in
            guard case let .fragment(index) = piece else { return }
            do throws(BoxError) {
                for _ in 0..<Int(runCounts[index]) {
                    let target = FragmentOffsetTarget.run(start: runs[run].lowerBound, length: UInt64(runs[run].count), trun: nil)
                    _ = try placement.dataOffset(of: target, inFragment: index, at: start, moof: moofs[index])
                    run += 1
                }
                let added = fragments.addedMediaSize(fragment: index)
                if added > 0 { _ = try placement.dataOffset(of: .added(added), inFragment: index, at: start, moof: moofs[index]) }
            } catch {
                // Made again, so that the error names the `trun` (the runs are kept without it).
                _ = try fragments.box(index) { target throws(BoxError) in
                    try placement.dataOffset(of: target, inFragment: index, at: start, moof: moofs[index])
                }
                throw error
            }
        }
    }

    /// The output ranges written as zeros: removed tracks' samples, or, for a strip that leaves
    /// out unused media, every byte of a copied `mdat` (`copied`, their payloads) no kept
    /// track's sample (in a fragment or a sample table) is in.
    private static func erasures(_ chunks: SourceChunks, removal: MetadataRemoval, keptRuns: ChunkedArray<Range<UInt64>>,
                                 removedRuns: [Range<UInt64>], copied: some Sequence<Range<UInt64>>,
                                 relocation: MediaRelocation) -> [Range<UInt64>] {
        let removed = removal.trackIDs
        var keptRanges = Array(keptRuns)
        keptRanges += chunks.ranges { !removed.contains($0) }
        let kept = ByteRangeSet(keptRanges)
        var erased: [Range<UInt64>] = []
        if removal.leavesOutUnusedMedia {
            for payload in copied { erased += ByteRangeSet([payload]).subtracting(kept).ranges }
        } else {
            erased = ByteRangeSet(removedRuns + chunks.ranges { removed.contains($0) }).subtracting(kept).ranges
        }
        return erased.compactMap { range in
            relocation.relocated(range.lowerBound, length: UInt64(range.count)).map { $0..<($0 + UInt64(range.count)) }
        }
    }

    /// The top-level box at `position` of `boxes`, copied: the header it is written with (its
    /// size stated) and its payload, as far as a file of `fileSize` bytes holds it.
    static func copied(_ boxes: TopLevelBoxes, at position: Int, fileSize: UInt64) -> (header: BoxHeader, payload: Range<UInt64>) {
        let payload = boxes.extent(at: position, fileSize: fileSize)?.payload ?? 0..<0
        return (boxes.header(at: position).explicit.resized(to: UInt64(payload.count)), payload)
    }

    /// The source box at `position`, copied.
    private func copied(_ position: Int) -> (header: BoxHeader, payload: Range<UInt64>) {
        Self.copied(boxes, at: position, fileSize: source.size)
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

    /// The size of `piece` as written.
    private func size(of piece: Piece) -> UInt64 {
        switch piece {
        case .fileType: fileType?.totalSize ?? 0
        case .movie: movieBox.totalSize
        case let .fragment(index): sizes[index]
        case let .addedMedia(index): BoxHeader(type: "mdat", payloadSize: fragments.addedMediaSize(fragment: index)).totalSize
        case let .index(number): placement.indexes[number].written.totalSize
        case let .copied(position): copied(position).header.totalSize
        }
    }

    /// Calls `body` with each piece and its output position, in order.
    private func forEachPiece(_ body: (Piece, UInt64) throws(BoxError) -> Void) throws(BoxError) {
        var position: UInt64 = 0
        for piece in placement.pieces {
            try body(piece, position)
            position += size(of: piece)
        }
    }

    /// Writes the pieces in order. Each `moof` and the header of the `mdat` after it go out in
    /// one write: box by box, they were some twenty system calls per fragment.
    func write(to sink: inout some ByteSink) throws(BoxError) {
        var pending = ByteWriter(capacity: 64 << 10)
        try forEachPiece { piece, start throws(BoxError) in
            switch piece {
            case .fileType, .movie, .addedMedia, .index:
                let box: Box? = switch piece {
                case .fileType: fileType
                case .movie: movieBox
                case let .addedMedia(index): fragments.addedMedia(fragment: index)
                case let .index(number): placement.indexes[number].written
                case .fragment, .copied: nil
                }
                try Self.flush(&pending, to: &sink)
                try box?.write(to: &sink, explicitSize: true)
            case let .fragment(index):
                let moof = try fragments.box(index) { target throws(BoxError) in
                    try placement.dataOffset(of: target, inFragment: index, at: start, moof: fragments.moofs[index])
                }
                // Made as planned: another size would move every box after it.
                guard moof.totalSize == sizes[index] else {
                    throw BoxError(.inconsistentSampleTable("fragment \(index + 1) came out \(moof.totalSize) bytes, planned as \(sizes[index])"),
                                   at: fragments.moofs[index].location)
                }
                try moof.write(to: &pending, explicitSize: true)
            case let .copied(position):
                let (header, payload) = copied(position)
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
