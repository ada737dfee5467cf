import ISOBMFF
import Movie

/// The output of a full rewrite, every offset known before a byte is written: `ftyp`, `moov`
/// (fast start: players read it before any media), the added tracks' samples (small, so placed
/// before the media rather than where a progressive download reaches them last), the samples of
/// tracks imported from other movies (one `mdat`, their chunks copied by range), then every
/// top-level box of the source that the edit copies (``SourceBoxes``), in its order, media
/// included, each moved as a whole — or, for a strip, as the bytes kept tracks use.
///
/// Media boxes that follow one another in the copy with only a few bytes left out between them
/// — the `mdat`s of a fragmented movie, whose `moof`s the defragmented movie leaves out — become
/// one `mdat` holding the same bytes at the same distances, the bytes between them written as
/// zeros (``erasures``). A range of ``alignedCopyMinimum`` bytes or more starts at the same place within a
/// 4 KiB page as in the source (a `free` box before it makes up the difference), so every copy
/// in it moves whole pages, as `cp` does: a copy between offsets that differ within the page
/// costs the kernel half again as much.
struct FullRewriteLayout: MovieLayout {
    /// A copied top-level box: its header as written and the source bytes of its payload.
    struct CopiedBox {
        var header: BoxHeader
        /// The whole box, written as it is; nil when only `pieces` of the payload are copied.
        var box: Box?
        /// Source ranges that make up the payload, in order.
        var pieces: [Range<UInt64>]
        /// The file the pieces are in.
        var source: any ByteSource
        /// Bytes of a `free` box written before it (0, or 8 and more).
        var padding: UInt64 = 0
    }

    let fileType: Box?
    let movieBox: Box
    /// The added tracks' samples, one chunk per track.
    let mediaBox: Box?
    /// The `mdat` of the imported tracks' chunks, and those tracks, in order; nil and none
    /// without any.
    let importedHeader: BoxHeader?
    let importedMedia: [ImportedTrackMedia]
    let copiedBoxes: [CopiedBox]
    /// The most source bytes between two media boxes that are copied (and then zeroed) to make
    /// them one range.
    static let coalescedGap: UInt64 = 64 << 10
    /// Copies at least this long are page-aligned like their source.
    static let alignedCopyMinimum: UInt64 = 64 << 20
    let totalSize: UInt64
    /// Output ranges written as zeros: samples of removed tracks, and what lies between `mdat`s
    /// made one.
    let erasures: [Range<UInt64>]
    /// What the edit left out of the source unasked (a box the file ends inside, damaged bytes).
    let warnings: [String]

    init(edited: EditedMovie, movie: Movie) throws(BoxError) {
        fileType = edited.fileType
        let source = try SourceBoxes(edited: edited, movie: movie)
        try source.checkChunksInFile(movie, removedTracks: edited.removal.trackIDs)
        warnings = source.warnings
        let (boxes, gaps) = Self.coalescingMedia(source.copied.map { Self.copiedBox($0, of: source, from: movie.file.source) })
        let newBytes = edited.newMedia.flatMap(\.bytes)
        let media = newBytes.isEmpty ? nil : Box(type: "mdat", payload: newBytes)
        mediaBox = media
        importedMedia = edited.importedMedia
        let imported = ImportedTrackMedia.offsets(edited.importedMedia)
        importedHeader = edited.importedMedia.isEmpty ? nil : BoxHeader(type: "mdat", payloadSize: imported.size)
        let importedBox = importedHeader
        var offsets = source.chunks
        // The source's chunks, which widening does not change.
        let chunks = offsets
        let sourceIDs = Set(movie.tracks.map(\.id))
        let fileTypeSize = fileType?.totalSize ?? 0
        let settled = try offsets.settle(edited.movieBox, trackOrder: edited.trackOrder) { trackID in
            imported.offsets[trackID].map { [UInt64](repeating: 0, count: $0.count) }
        } layout: { sized throws(BoxError) in
            Self.place(boxes, after: fileTypeSize + sized.totalSize, mediaBox: media, imported: importedBox)
        } values: { placed, trak, trackID throws(BoxError) in
            if let relative = imported.offsets[trackID] { return relative.map { placed.importedStart + $0 } }
            return sourceIDs.contains(trackID) ? try chunks.relocatedOffsets(of: trackID, by: placed.relocation, trak: trak)
                : [placed.newMediaStart + Self.start(of: trackID, in: edited.newMedia)]
        }
        movieBox = settled.movieBox
        totalSize = settled.layout.end
        copiedBoxes = settled.layout.boxes
        // Bytes between mdats made one are zeroed but where a kept track's sample lies: a
        // sample may run across the header of the next mdat, and is copied as it is.
        let zeroed = ByteRangeSet(gaps).subtracting(source.media.kept)
        erasures = (source.media.removed.ranges + zeroed.ranges).compactMap { range in
            settled.layout.relocation.relocated(range.lowerBound, length: UInt64(range.count)).map { $0..<($0 + UInt64(range.count)) }
        }
    }

    /// Where everything goes once `moov` ends at `start`: the added tracks' `mdat`, the imported
    /// tracks' `mdat` (`imported`, its header), then each copied box (with the
    /// padding that keeps a long copy's place within its page), and how the source's media moves.
    private static func place(_ boxes: [CopiedBox], after start: UInt64, mediaBox: Box?, imported: BoxHeader?)
        -> (boxes: [CopiedBox], end: UInt64, newMediaStart: UInt64, importedStart: UInt64, relocation: MediaRelocation) {
        var boxes = boxes
        var position = start
        let newMediaStart = position + (mediaBox?.headerForWriting.headerSize ?? 0)
        position += mediaBox?.totalSize ?? 0
        let importedStart = position + (imported?.headerSize ?? 0)
        position += imported?.totalSize ?? 0
        var moves: [MediaRelocation.Move] = []
        for index in boxes.indices {
            let box = boxes[index]
            boxes[index].padding = alignmentPadding(at: position + box.header.headerSize, for: box.pieces)
            position += boxes[index].padding
            position += box.header.headerSize
            for piece in box.pieces {
                moves.append(.init(start: piece.lowerBound, end: piece.upperBound, shift: Int64(position) - Int64(piece.lowerBound)))
                position += UInt64(piece.count)
            }
        }
        return (boxes, position, newMediaStart, importedStart, MediaRelocation(moves: moves, end: position))
    }

    /// How a kept box is copied: whole, with its size written out (a size-0 box may no longer be
    /// last, and one the file ends inside gets the size of what the file holds), or as the used
    /// pieces of its payload.
    private static func copiedBox(_ entry: SourceBoxes.Entry, of source: SourceBoxes, from file: any ByteSource) -> CopiedBox {
        if case let .keptUsedBytes(used) = entry.fate {
            let size = used.ranges.reduce(0) { $0 + UInt64($1.count) }
            return CopiedBox(header: source.box(of: entry).header.explicit.resized(to: size), box: nil, pieces: used.ranges, source: file)
        }
        var box = source.box(of: entry)
        if box.missingBytes > 0 { box = box.madeWhole(holding: UInt64(entry.payload.count)) }
        box.header = box.headerForWriting.explicit
        return CopiedBox(header: box.header, box: box, pieces: [entry.payload], source: file)
    }

    /// `boxes` with each run of `mdat`s copied as one range each, at most ``coalescedGap`` apart
    /// in the source, made one `mdat` of one range; and the source ranges between them, which
    /// are written as zeros (but the bytes of kept samples there).
    private static func coalescingMedia(_ boxes: some Sequence<CopiedBox>) -> (boxes: [CopiedBox], gaps: [Range<UInt64>]) {
        var result: [CopiedBox] = []
        var gaps: [Range<UInt64>] = []
        for box in boxes {
            if isMediaRange(box), let last = result.last, isMediaRange(last),
               let previous = last.pieces.first, let next = box.pieces.first,
               next.lowerBound >= previous.upperBound, next.lowerBound - previous.upperBound <= coalescedGap {
                let span = previous.lowerBound..<next.upperBound
                if next.lowerBound > previous.upperBound { gaps.append(previous.upperBound..<next.lowerBound) }
                result[result.count - 1] = CopiedBox(header: BoxHeader(type: "mdat", payloadSize: UInt64(span.count)).explicit,
                                                     box: nil, pieces: [span], source: box.source)
                continue
            }
            result.append(box)
        }
        return (result, gaps)
    }

    /// Whether `box` is an `mdat` copied as one range of the source: whole, the one range
    /// of it that kept tracks use, or `mdat`s made one.
    private static func isMediaRange(_ box: CopiedBox) -> Bool {
        box.header.type == "mdat" && box.pieces.count == 1
    }

    /// The `free` box to write at `position` so that a long single copy of `pieces` lands at the
    /// same place within a 4 KiB page as its source: 0, or 8 bytes and more.
    private static func alignmentPadding(at position: UInt64, for pieces: [Range<UInt64>]) -> UInt64 {
        guard pieces.count == 1, let piece = pieces.first, UInt64(piece.count) >= alignedCopyMinimum else { return 0 }
        let page: UInt64 = 4096
        // A free box header takes 8 bytes, so the padding is the distance to the next aligned
        // place at least 8 bytes on.
        let misalignment = (piece.lowerBound % page + page - (position + 8) % page) % page
        return (position % page == piece.lowerBound % page) ? 0 : 8 + misalignment
    }

    /// Byte position of a new track's samples within the new media.
    private static func start(of trackID: UInt32, in media: [NewTrackMedia]) -> UInt64 {
        UInt64(media.prefix { $0.trackID != trackID }.reduce(0) { $0 + $1.bytes.count })
    }

    func write(to sink: inout some ByteSink) throws(BoxError) {
        // The head goes out in one write: moov alone is hundreds of small boxes (tables the
        // source left in the file are read into it; the head grows with moov, not with media).
        var head = ByteWriter(capacity: Int(clamping: (fileType?.totalSize ?? 0) + movieBox.totalSize + (mediaBox?.totalSize ?? 0)))
        try fileType?.write(to: &head)
        try movieBox.write(to: &head)
        try mediaBox?.write(to: &head)
        importedHeader?.write(into: &head)
        try sink.write(head.bytes[...])
        try ImportedTrackMedia.copy(importedMedia, to: &sink)
        for copied in copiedBoxes {
            if copied.padding > 0 {
                var free = ByteWriter(capacity: Int(copied.padding))
                BoxHeader(type: "free", payloadSize: copied.padding - 8).write(into: &free)
                try sink.write((free.bytes + [UInt8](repeating: 0, count: Int(copied.padding - 8)))[...])
            }
            if let box = copied.box {
                try box.write(to: &sink, explicitSize: true)
                continue
            }
            var header = ByteWriter(capacity: 32)
            copied.header.write(into: &header)
            try sink.write(header.bytes[...])
            for piece in copied.pieces {
                try sink.copy(from: copied.source, offset: piece.lowerBound, length: UInt64(piece.count))
            }
        }
    }
}
