import ISOBMFF
import Movie

/// The layout of an in-place edit: the added samples, the imported tracks' chunks (one `mdat`,
/// copied from their files) and a new `moov` go after the end of the file; the copied tracks' media does not move, so their tables are written back as they are.
/// Then every old `moov` becomes `free` (QTFF "Free space atoms"), one 4-byte write each, the
/// one players read last, and what the edit removes is overwritten with zeros. The steps are
/// ``InPlaceStep``.
struct AppendLayout {
    /// Where the appended bytes start: the end of the source, or the start of what it leaves
    /// out at the end (a box the file ends inside, damaged bytes), which is cut off first.
    let appendOffset: UInt64
    /// A last box whose size must be written before anything is appended after it (size 0,
    /// "to the end of the file", or a size past the end of a file cut short): the offset of its
    /// size field and the bytes to write there.
    let lastBoxSizePatch: (offset: UInt64, bytes: [UInt8])?
    let mediaBox: Box?
    /// The `mdat` header of the imported tracks' chunks and those tracks; nil and none without.
    let importedHeader: BoxHeader?
    let importedMedia: [ImportedTrackMedia]
    let movieBox: Box
    /// The offsets of the type fields of the source's `moov`s, the one players read last: each
    /// becomes `free`, the others first, so until the last write players see the old movie.
    let retiredMovieTypeOffsets: [UInt64]
    /// Type fields of removed top-level boxes, which become `free` once the new `moov` is in place.
    let retiredBoxTypeOffsets: [UInt64]
    /// Source ranges to overwrite with zeros once the old `moov`s are retired: their payloads
    /// and free space (when the edit removes or replaces metadata), the payloads of removed
    /// top-level boxes, the samples of removed tracks and, for a strip, every `mdat` byte no
    /// kept track uses.
    let erasures: [Range<UInt64>]
    /// What the edit leaves out that the user did not ask it to, for the report.
    let warnings: [String]
    /// Whether the edit changes nothing in the file: the new `moov` is the old one byte for
    /// byte, the only `moov`, and nothing is added, retired or erased.
    let changesNothing: Bool

    init(edited: EditedMovie, movie: Movie) throws(EditError) {
        let source = try boxing(SourceBoxes(edited: edited, movie: movie))
        let end = movie.file.source.size
        let cutAt = source.entries.first { $0.fate == .cutShort }?.range.lowerBound ?? source.tail?.lowerBound
        appendOffset = cutAt ?? end
        warnings = source.warnings
        lastBoxSizePatch = try Self.lastBoxSizePatch(source, end: appendOffset)
        let movies = source.movieBoxes
        guard let live = movies.first else { throw .box(BoxError(.invalidValue("no moov box to replace"), at: nil)) }
        retiredMovieTypeOffsets = (movies.dropFirst() + [live]).map { $0.range.lowerBound + 4 }
        let removed = source.entries.filter { $0.fate == .removed }
        if let box = removed.lazy.map(source.box(of:)).first(where: { $0.header.form == .toEnd }) {
            throw .inPlaceNeedsRewrite(.removedBoxRunsToEnd(box.location))
        }
        try boxing(Self.checkChunksStayInPlace(movie, source: source, removedTracks: edited.removal.trackIDs))
        retiredBoxTypeOffsets = removed.map { $0.range.lowerBound + 4 }
        var erasures: [Range<UInt64>] = removed.map(\.payload)
        if edited.erasesRetiredMovie {
            erasures += movies.map(\.payload) + source.entries.filter { $0.fate == .freeSpace }.map(\.payload)
        }
        for entry in source.entries {
            guard case let .keptUsedBytes(used) = entry.fate else { continue }
            erasures += ByteRangeSet([entry.payload]).subtracting(used).ranges
        }
        // A chunk of a removed track that points outside the file has nothing to erase.
        erasures += source.media.removed.clamped(to: 0..<appendOffset).ranges
        let erased = ByteRangeSet(erasures)
        // Zeros already zero change nothing; reading them costs what writing them would.
        var nonZero: [Range<UInt64>] = []
        for range in erased.ranges where try !boxing(Self.holdsOnlyZeros(range, in: movie.file.source)) { nonZero.append(range) }
        self.erasures = nonZero
        let newBytes = edited.newMedia.flatMap(\.bytes)
        let media = newBytes.isEmpty ? nil : Box(type: "mdat", payload: newBytes)
        mediaBox = media
        let mediaStart = appendOffset + (media?.headerForWriting.headerSize ?? 0)
        var moov = edited.movieBox
        var newOffsets: [UInt32: [UInt64]] = [:]
        var position: UInt64 = 0
        for track in edited.newMedia {
            newOffsets[track.trackID] = [mediaStart + position]
            position += UInt64(track.bytes.count)
        }
        importedMedia = edited.importedMedia
        let imported = ImportedTrackMedia.offsets(edited.importedMedia)
        importedHeader = edited.importedMedia.isEmpty ? nil : BoxHeader(type: "mdat", payloadSize: imported.size)
        let importedStart = appendOffset + (media?.totalSize ?? 0) + (importedHeader?.headerSize ?? 0)
        for (trackID, offsets) in imported.offsets { newOffsets[trackID] = offsets.map { importedStart + $0 } }
        var order = edited.trackOrder.makeIterator()
        moov.setChildren(moov.children.map { child in
            guard child.type == "trak", let trackID = order.next(), let offsets = newOffsets[trackID] else { return child }
            return ChunkOffsetPlan.trak(child, replacingChunkOffsetsWith: ChunkOffsetBox(offsets: offsets))
        })
        movieBox = moov
        if media == nil, importedHeader == nil, movies.count == 1, removed.isEmpty, nonZero.isEmpty, cutAt == nil {
            changesNothing = try boxing(moov.encoded() == movie.file.source.read(at: live.range.lowerBound, count: Int(live.range.count)))
        } else {
            changesNothing = false
        }
    }

    /// The bytes appended: the new samples, the imported chunks and `moov`.
    var appendedSize: UInt64 { (mediaBox?.totalSize ?? 0) + (importedHeader?.totalSize ?? 0) + movieBox.totalSize }

    /// The size to write into the last box before appending: its real size when it has size 0
    /// or claims more than the file holds, or nil when it already has it.
    private static func lastBoxSizePatch(_ source: SourceBoxes, end: UInt64) throws(EditError) -> (offset: UInt64, bytes: [UInt8])? {
        guard let last = source.entries.last(where: { $0.range.lowerBound < end }) else { return nil }
        let lastBox = source.box(of: last)
        guard lastBox.header.form == .toEnd || lastBox.missingBytes > 0 else { return nil }
        let offset = last.range.lowerBound
        let size = end - offset
        if lastBox.header.form == .large {
            return (offset + 8, bigEndian(size, bytes: 8))
        }
        guard let compact = UInt32(exactly: size), compact >= 8 else {
            throw .inPlaceNeedsRewrite(.lastBoxTooLarge(lastBox.location ?? BoxLocation(path: lastBox.type.description, offset: offset)))
        }
        return (offset, bigEndian(UInt64(compact), bytes: 4))
    }

    /// Every chunk of the copied tracks must lie inside a box that stays, as a full rewrite
    /// requires: a chunk that points past the end would read the bytes appended here as
    /// samples, one in a removed box would read zeros.
    private static func checkChunksStayInPlace(_ movie: Movie, source: SourceBoxes, removedTracks: Set<UInt32>) throws(BoxError) {
        try source.checkChunksInFile(movie, removedTracks: removedTracks)
        let boxes = MediaRelocation(moves: source.copied.map { entry in
            MediaRelocation.Move(start: entry.payload.lowerBound, end: entry.payload.upperBound, shift: 0)
        }, end: movie.file.source.size)
        for track in movie.tracks where !removedTracks.contains(track.id) {
            _ = try source.chunks.relocatedOffsets(of: track.id, by: boxes, trak: track.box)
        }
    }

    /// Whether every byte of `range` is zero, read in 1 MiB pieces.
    static func holdsOnlyZeros(_ range: Range<UInt64>, in file: any ByteSource) throws(BoxError) -> Bool {
        var position = range.lowerBound
        while position < range.upperBound {
            let count = Int(min(range.upperBound - position, 1 << 20))
            guard try file.read(at: position, count: count).allSatisfy({ $0 == 0 }) else { return false }
            position += UInt64(count)
        }
        return true
    }

    static func bigEndian(_ value: UInt64, bytes count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
