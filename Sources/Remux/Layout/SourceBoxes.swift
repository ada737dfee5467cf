import ISOBMFF
import Movie

/// The source's top-level boxes as an edit sees them: which are rewritten (`ftyp`, every
/// `moov`), which are copied, which go and why, and the bytes no box holds. Both layouts, a full
/// rewrite and an in-place edit, start from it, so both treat a file the same way.
///
/// What it settles:
/// - Players read the first `moov` (FFmpeg skips later ones; GPAC refuses a file with two), so
///   that is the movie edited; every other `moov` is stale or hostile and is never copied (and
///   is retired in place).
/// - Every chunk of a kept track must lie inside a box that stays; one inside a `moov` is
///   refused, as retiring the `moov` would take its samples with it.
/// - A last box the file ends inside (a crash or a cut download), or bytes after the last box
///   that do not form one, are left out, with a warning, when no kept sample is in them; a last
///   box cut short that holds kept samples stays, with the size of what the file holds.
/// - An edit that removes or replaces metadata also drops free space (`free`, `skip`), where
///   retired `moov`s of earlier in-place edits keep their old items.
/// - A strip keeps only the bytes of `mdat` boxes that kept tracks use.
struct SourceBoxes {
    /// One top-level box of the source and what the edit does with it.
    struct Entry {
        enum Fate: Equatable {
            /// `ftyp` or a `moov`: the edit writes its own.
            case rewritten
            /// Copied as it is.
            case kept
            /// Copied with only the bytes in `used`: an `mdat` in a strip.
            case keptUsedBytes(ByteRangeSet)
            /// The plan removes it.
            case removed
            /// Free space left out because the edit removes metadata.
            case freeSpace
            /// The file ends inside it and no kept sample is in it.
            case cutShort
        }

        /// Its place among the file's top-level boxes (`SourceBoxes/box(of:)` makes it).
        var position: Int
        /// The whole box in the source, as far as the file holds it.
        var range: Range<UInt64>
        /// Its payload in the source, as far as the file holds it.
        var payload: Range<UInt64>
        var fate: Fate

        var isCopied: Bool {
            switch fate {
            case .kept, .keptUsedBytes: true
            default: false
            }
        }
    }

    /// One entry per top-level box, without the box: a fragmented movie has one per fragment.
    let entries: [Entry]
    /// The source's top-level boxes.
    let boxes: TopLevelBoxes
    /// Bytes after the last box that do not form a box, and that the edit leaves out.
    let tail: Range<UInt64>?
    /// Which media the kept and the removed tracks use.
    let media: MediaUse
    /// The chunks of the source's tracks.
    let chunks: ChunkOffsetPlan
    /// What the edit leaves out that the user did not ask it to, for the report.
    let warnings: [String]

    init(edited: EditedMovie, movie: Movie) throws(BoxError) {
        let decoded = try SourceChunks(movie: movie)
        let chunks = ChunkOffsetPlan(sourceChunks: decoded)
        let media = MediaUse(chunks: decoded, removedTrackIDs: edited.removal.trackIDs)
        let end = movie.file.source.size
        var warnings: [String] = []
        var entries: [Entry] = []
        var movieSeen = false
        for (position, box) in zip(movie.file.boxes.indices, movie.file.boxes) {
            guard let location = box.location else { continue }
            let start = location.offset
            let payloadStart = min(start + box.header.headerSize, end)
            let range = start..<min(start.saturatingAdd(box.header.totalSize), end)
            var entry = Entry(position: position, range: range, payload: payloadStart..<range.upperBound, fate: .kept)
            let holdsKeptMedia = media.kept.intersects(entry.range)
            let isLiveMovie = box.type == "moov" && !movieSeen
            if box.type == "moov" { movieSeen = true }
            if box.missingBytes > 0 && !holdsKeptMedia && !isLiveMovie {
                // A moov cut short is what a kill during an in-place edit's append leaves.
                entry.fate = .cutShort
                warnings.append("left out the last box, '\(box.type)' at 0x\(String(start, radix: 16)): the file ends \(box.missingBytes) bytes before its declared end and no track uses its \(range.count) bytes")
            } else if box.type == "ftyp" || box.type == "moov" {
                entry.fate = .rewritten
                if holdsKeptMedia { throw Self.samplesInside(box, range: range, movie: movie, chunks: decoded, removed: edited.removal.trackIDs) }
            } else if edited.removal.boxOffsets.contains(start) {
                entry.fate = .removed
            } else if edited.erasesRetiredMovie, box.type == "free" || box.type == "skip", !holdsKeptMedia {
                entry.fate = .freeSpace
            } else if edited.removal.leavesOutUnusedMedia, box.type == "mdat" {
                entry.fate = .keptUsedBytes(media.kept.clamped(to: entry.payload))
            }
            entries.append(entry)
        }
        if let tail = movie.file.tail {
            let range = tail.offset..<tail.offset.saturatingAdd(tail.length)
            guard !media.kept.intersects(range) else {
                throw BoxError(.damaged("the file is damaged after its last readable box (\(movie.file.damage?.message ?? "bytes that do not form a box")), and a track's samples are there; refusing to write a copy"),
                               at: movie.file.damage?.location ?? BoxLocation(path: "", offset: tail.offset))
            }
            self.tail = range
            warnings.append("left out \(tail.length) bytes at 0x\(String(tail.offset, radix: 16)) after the last box, which do not form a box (\(movie.file.damage?.message ?? "damaged")) and which no track uses")
        } else {
            self.tail = nil
        }
        self.entries = entries
        boxes = movie.file.boxes
        self.media = media
        self.chunks = chunks
        self.warnings = warnings
    }

    /// Refuses a kept track whose samples run past the end of the file: they are not there (the
    /// file was cut short, or the offsets are wrong), which no copy or edit can mend, and an
    /// in-place edit would make them read its appended bytes.
    func checkChunksInFile(_ movie: Movie, removedTracks: Set<UInt32>) throws(BoxError) {
        let end = movie.file.source.size
        for track in movie.tracks where !removedTracks.contains(track.id) {
            let ranges = chunks.sourceChunks.ranges { $0 == track.id }
            if let missing = ranges.first(where: { $0.upperBound > end && !$0.isEmpty }) {
                throw BoxError(.samplesOutsideFile("track \(track.id)'s samples at 0x\(String(missing.lowerBound, radix: 16)) run past the end of the file (\(end) bytes): it was cut short, or the track's chunk offsets are wrong"),
                               at: track.box.location)
            }
        }
    }

    /// The boxes the edit copies, in file order, as they are reached.
    var copied: LazyFilterSequence<[Entry]> { entries.lazy.filter(\.isCopied) }

    /// Every top-level `moov`, the first (the one players read) first.
    var movieBoxes: [Entry] { entries.filter { boxes.type(at: $0.position) == "moov" && $0.fate == .rewritten } }

    /// The box of `entry`, as the file walk read it.
    func box(of entry: Entry) -> Box { boxes[entry.position] }

    /// The error for a kept track whose samples lie inside `box`, which the edit rewrites.
    private static func samplesInside(_ box: Box, range: Range<UInt64>, movie: Movie, chunks: SourceChunks, removed: Set<UInt32>) -> BoxError {
        let track = movie.tracks.first { track in
            !removed.contains(track.id) && ByteRangeSet(chunks.ranges { $0 == track.id }).intersects(range)
        }
        return .samplesInside(box, trackID: track?.id)
    }
}
