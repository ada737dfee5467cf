import ISOBMFF
import Movie

/// The layout of an in-place edit: the added samples and a new `moov` go after the end of the
/// file; the copied tracks' media does not move, so their tables are written back as they are.
/// Then the old `moov` becomes `free` (QTFF "Free space atoms"), with one 4-byte write.
struct AppendLayout {
    /// Where the appended bytes start: the end of the source.
    let appendOffset: UInt64
    /// A last box with size 0 ("to the end of the file") must get its size before anything is
    /// appended after it: the offset of its 4-byte size field and the value to write.
    let endOfFileBoxPatch: (offset: UInt64, size: UInt32)?
    let mediaBox: Box?
    let movieBox: Box
    /// The offset of the old `moov`'s type field.
    let oldMovieTypeOffset: UInt64
    /// Type fields of removed top-level boxes, which become `free` once the new `moov` is in place.
    let retiredBoxTypeOffsets: [UInt64]
    /// Source ranges to overwrite with zeros once the old `moov` is retired: its payload (when
    /// the edit removes or replaces metadata), the payloads of removed top-level boxes, and the samples of
    /// removed tracks.
    let erasures: [Range<UInt64>]

    init(edited: EditedMovie, movie: Movie) throws(BoxError) {
        guard let oldMovie = movie.file.box("moov"), let oldLocation = oldMovie.location else {
            throw BoxError(.invalidValue("no moov box to replace"), at: nil)
        }
        let end = movie.file.source.size
        appendOffset = end
        oldMovieTypeOffset = oldLocation.offset + 4
        if let last = movie.file.boxes.last, last.header.form == .toEnd, let location = last.location {
            guard let size = UInt32(exactly: end - location.offset) else {
                throw BoxError(.unsupported("the last box runs to the end of the file and is larger than 4 GiB, so its size cannot be written in place; write a new file with -o instead"),
                               at: location)
            }
            endOfFileBoxPatch = (location.offset, size)
        } else {
            endOfFileBoxPatch = nil
        }
        let removed = movie.file.boxes.filter { edited.removal.boxOffsets.contains($0.location?.offset ?? .max) }
        if removed.contains(where: { $0.type == "moov" || $0.header.form == .toEnd }) {
            throw BoxError(.unsupported("cannot remove the moov or a box that runs to the end of the file in place; write a new file with -o instead"),
                           at: oldLocation)
        }
        let chunks = try Self.checkChunksStayInPlace(movie, outside: edited.removal.boxOffsets, except: edited.removal.trackIDs)
        retiredBoxTypeOffsets = removed.compactMap { $0.location.map { $0.offset + 4 } }
        var erasures = removed.compactMap { box in
            box.location.map { ($0.offset + box.header.headerSize)..<($0.offset + box.header.totalSize) }
        }
        if edited.erasesRetiredMovie {
            erasures.append((oldLocation.offset + oldMovie.header.headerSize)..<(oldLocation.offset + oldMovie.header.totalSize))
        }
        // A chunk of a removed track that points outside the file has nothing to erase.
        erasures += ErasedMedia(removedTrackIDs: edited.removal.trackIDs, chunks: chunks).ranges.compactMap { range in
            range.lowerBound < end ? range.lowerBound..<min(range.upperBound, end) : nil
        }
        self.erasures = erasures
        let newBytes = edited.newMedia.flatMap(\.bytes)
        let media = newBytes.isEmpty ? nil : Box(type: "mdat", payload: newBytes)
        mediaBox = media
        let mediaStart = end + (media?.headerForWriting.headerSize ?? 0)
        var moov = edited.movieBox
        var position: UInt64 = 0
        for track in edited.newMedia {
            let offset = mediaStart + position
            position += UInt64(track.bytes.count)
            moov.setChildren(moov.children.map { child in
                guard child.type == "trak", TrackBoxEditor(trak: child, limits: .standard).trackID == track.trackID else { return child }
                return ChunkOffsetPlan.trak(child, replacingChunkOffsetsWith: ChunkOffsetBox(offsets: [offset]))
            })
        }
        movieBox = moov
    }

    /// Every chunk of the copied tracks must lie inside a kept box of the file, as a full
    /// rewrite requires: a chunk that points past the end would read the bytes appended here as
    /// samples, one in a removed box would read zeros. Returns the chunks it checked.
    private static func checkChunksStayInPlace(_ movie: Movie, outside removedBoxes: Set<UInt64>,
                                               except removedTracks: Set<UInt32>) throws(BoxError) -> ChunkOffsetPlan {
        let plan = try ChunkOffsetPlan(movie: movie)
        let boxes = MediaRelocation(moves: movie.file.boxes.compactMap { box in
            guard !removedBoxes.contains(box.location?.offset ?? .max) else { return nil }
            let start = (box.location?.offset ?? 0) + box.header.headerSize
            return MediaRelocation.Move(start: start, end: start + box.payloadSize, shift: 0)
        })
        for track in movie.tracks where !removedTracks.contains(track.id) {
            _ = try plan.relocatedOffsets(of: track.id, by: boxes, trak: track.box)
        }
        return plan
    }
}
