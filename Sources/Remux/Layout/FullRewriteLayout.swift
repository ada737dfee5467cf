import ISOBMFF
import Movie

/// The output of a full rewrite, every offset known before a byte is written: `ftyp`, `moov`
/// (fast start: players read it before any media), the added tracks' samples (small, so placed
/// before the media rather than where a progressive download reaches them last), then every
/// top-level box of the source that the edit copies (``SourceBoxes``), in its order, media
/// included, each moved as a whole — or, for a strip, as the bytes kept tracks use.
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
    }

    let fileType: Box?
    let movieBox: Box
    /// The added tracks' samples, one chunk per track.
    let mediaBox: Box?
    let copiedBoxes: [CopiedBox]
    let totalSize: UInt64
    /// Output ranges to overwrite with zeros after the copy: samples of removed tracks.
    let erasures: [Range<UInt64>]
    /// What the edit left out of the source unasked (a box the file ends inside, damaged bytes).
    let warnings: [String]

    init(edited: EditedMovie, movie: Movie) throws(BoxError) {
        fileType = edited.fileType
        let source = try SourceBoxes(edited: edited, movie: movie)
        try source.checkChunksInFile(movie, removedTracks: edited.removal.trackIDs)
        warnings = source.warnings
        copiedBoxes = source.copied.map { Self.copiedBox($0, from: movie.file.source) }
        let newBytes = edited.newMedia.flatMap(\.bytes)
        mediaBox = newBytes.isEmpty ? nil : Box(type: "mdat", payload: newBytes)
        var offsets = source.chunks
        let sourceIDs = Set(movie.tracks.map(\.id))
        while true {
            let sized = ChunkOffsetPlan.movieBox(edited.movieBox, trackOrder: edited.trackOrder, offsets: offsets) { _, _ in nil }
            var position = (fileType?.totalSize ?? 0) + sized.totalSize
            let newMediaStart = position + (mediaBox?.headerForWriting.headerSize ?? 0)
            position += mediaBox?.totalSize ?? 0
            var moves: [MediaRelocation.Move] = []
            for box in copiedBoxes {
                position += box.header.headerSize
                for piece in box.pieces {
                    moves.append(.init(start: piece.lowerBound, end: piece.upperBound,
                                       shift: Int64(position) - Int64(piece.lowerBound)))
                    position += UInt64(piece.count)
                }
            }
            let relocation = MediaRelocation(moves: moves)
            var widened = false
            var computeError: BoxError?
            let final = ChunkOffsetPlan.movieBox(edited.movieBox, trackOrder: edited.trackOrder, offsets: offsets) { trak, trackID in
                let values: [UInt64]
                if sourceIDs.contains(trackID) {
                    do throws(BoxError) {
                        values = try offsets.relocatedOffsets(of: trackID, by: relocation, trak: trak)
                    } catch {
                        computeError = error
                        return nil
                    }
                } else {
                    values = [newMediaStart + Self.start(of: trackID, in: edited.newMedia)]
                }
                if offsets.widen(trackID, offsets: values) { widened = true }
                return values
            }
            if let computeError { throw computeError }
            if widened { continue }
            movieBox = final
            totalSize = position
            erasures = source.media.removed.ranges.compactMap { range in
                relocation.relocated(range.lowerBound, length: UInt64(range.count)).map { $0..<($0 + UInt64(range.count)) }
            }
            return
        }
    }

    /// How a kept box is copied: whole, with its size written out (a size-0 box may no longer be
    /// last, and one the file ends inside gets the size of what the file holds), or as the used
    /// pieces of its payload.
    private static func copiedBox(_ entry: SourceBoxes.Entry, from file: any ByteSource) -> CopiedBox {
        if case let .keptUsedBytes(used) = entry.fate {
            let size = used.ranges.reduce(0) { $0 + UInt64($1.count) }
            return CopiedBox(header: entry.box.header.explicit.resized(to: size), box: nil, pieces: used.ranges, source: file)
        }
        var box = entry.box
        if box.missingBytes > 0 { box = box.madeWhole(holding: UInt64(entry.payload.count)) }
        box.header = box.headerForWriting.explicit
        return CopiedBox(header: box.header, box: box, pieces: [entry.payload], source: file)
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
        try sink.write(head.bytes[...])
        for copied in copiedBoxes {
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
