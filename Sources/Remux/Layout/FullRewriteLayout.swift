import ISOBMFF
import Movie

/// The output of a full rewrite, every offset known before a byte is written: `ftyp`, `moov`
/// (fast start: players read it before any media), the added tracks' samples (small, so placed
/// before the media rather than where a progressive download reaches them last), then every
/// other top-level box of the source in its order, media included, each moved as a whole.
struct FullRewriteLayout {
    let fileType: Box?
    let movieBox: Box
    /// The added tracks' samples, one chunk per track.
    let mediaBox: Box?
    /// The source's other top-level boxes; their payloads are copied as ranges of the source.
    let copiedBoxes: [Box]
    let totalSize: UInt64
    /// Output ranges to overwrite with zeros after the copy: samples of removed tracks.
    let erasures: [Range<UInt64>]

    init(edited: EditedMovie, movie: Movie) throws(BoxError) {
        fileType = edited.fileType
        let removedBoxes = edited.removal.boxOffsets
        copiedBoxes = movie.file.boxes.filter { box in
            box.type != "ftyp" && box.type != "moov" && !removedBoxes.contains(box.location?.offset ?? .max)
        }
        let newBytes = edited.newMedia.flatMap(\.bytes)
        mediaBox = newBytes.isEmpty ? nil : Box(type: "mdat", payload: newBytes)
        var offsets = try ChunkOffsetPlan(movie: movie)
        let erased = ErasedMedia(removedTrackIDs: edited.removal.trackIDs, chunks: offsets)
        let sourceIDs = Set(movie.tracks.map(\.id))
        while true {
            let sized = Self.movieBox(edited.movieBox, offsets: offsets) { _ in nil }
            var position = (fileType?.totalSize ?? 0) + sized.totalSize
            let newMediaStart = position + (mediaBox?.headerForWriting.headerSize ?? 0)
            position += mediaBox?.totalSize ?? 0
            var moves: [MediaRelocation.Move] = []
            for box in copiedBoxes {
                let header = box.headerForWriting.explicit
                let sourceStart = (box.location?.offset ?? 0) + box.header.headerSize
                let outputStart = position + header.headerSize
                moves.append(.init(start: sourceStart, end: sourceStart + box.payloadSize,
                                   shift: Int64(outputStart) - Int64(sourceStart)))
                position = outputStart + box.payloadSize
            }
            let relocation = MediaRelocation(moves: moves)
            var widened = false
            var computeError: BoxError?
            let final = Self.movieBox(edited.movieBox, offsets: offsets) { trak in
                let trackID = TrackBoxEditor(trak: trak, limits: .standard).trackID
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
            erasures = erased.ranges.compactMap { range in
                relocation.relocated(range.lowerBound, length: UInt64(range.count)).map { $0..<($0 + UInt64(range.count)) }
            }
            return
        }
    }

    /// Byte position of a new track's samples within the new media.
    private static func start(of trackID: UInt32, in media: [NewTrackMedia]) -> UInt64 {
        UInt64(media.prefix { $0.trackID != trackID }.reduce(0) { $0 + $1.bytes.count })
    }

    /// `moov` with every track's chunk offsets from `values` (zeros of the right count when it
    /// returns nil, to size the box; an added track has one chunk).
    private static func movieBox(_ moov: Box, offsets: ChunkOffsetPlan, values: (Box) -> [UInt64]?) -> Box {
        var moov = moov
        moov.setChildren(moov.children.map { child in
            guard child.type == "trak" else { return child }
            let trackID = TrackBoxEditor(trak: child, limits: .standard).trackID
            let count = offsets.chunkCount(of: trackID)
            return offsets.trak(child, trackID: trackID, offsets: values(child) ?? [UInt64](repeating: 0, count: count))
        })
        return moov
    }

    func write(to sink: inout some ByteSink) throws(BoxError) {
        // The head goes out in one write: moov alone is hundreds of small boxes (tables the
        // source left in the file are read into it; the head grows with moov, not with media).
        var head = ByteWriter(capacity: Int(clamping: (fileType?.totalSize ?? 0) + movieBox.totalSize + (mediaBox?.totalSize ?? 0)))
        try fileType?.write(to: &head)
        try movieBox.write(to: &head)
        try mediaBox?.write(to: &head)
        try sink.write(head.bytes[...])
        for box in copiedBoxes { try box.write(to: &sink, explicitSize: true) }
    }
}
