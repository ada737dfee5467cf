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
///   refused, as retiring the `moov` would take its samples with it, and so is one inside a
///   box the plan removes. An empty chunk holds no byte and keeps no box (the layout gives it
///   an offset inside the output, `MediaRelocation`).
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

    /// The source's top-level boxes.
    let boxes: TopLevelBoxes
    /// Bytes after the last box that do not form a box, and that the edit leaves out.
    let tail: Range<UInt64>?
    /// Which media the kept and the removed tracks use.
    let media: MediaUse
    /// The chunks of the source's tracks.
    let chunks: ChunkOffsetPlan
    /// What the edit leaves out that the user did not ask it to, for the report.
    private(set) var warnings: [String] = []
    private let removal: MetadataRemoval
    private let erasesRetiredMovie: Bool
    private let end: UInt64
    /// The `moov` players read, by position.
    private let liveMovie: Int?

    /// Checks every top-level box once (a track's samples inside a box the edit rewrites or
    /// removes are refused) and notes what is left out unasked. Entries are not kept: a
    /// fragmented movie has a box per fragment, so ``entries`` decides each as it is reached.
    init(edited: EditedMovie, movie: Movie) throws(BoxError) {
        let decoded = try SourceChunks(movie: movie)
        chunks = ChunkOffsetPlan(sourceChunks: decoded)
        media = MediaUse(chunks: decoded, removedTrackIDs: edited.removal.trackIDs)
        boxes = movie.file.boxes
        end = movie.file.source.size
        removal = edited.removal
        erasesRetiredMovie = edited.erasesRetiredMovie
        let boxes = movie.file.boxes
        liveMovie = boxes.indices.first { boxes.type(at: $0) == "moov" }
        tail = movie.file.tail.map { $0.offset..<$0.offset.saturatingAdd($0.length) }
        for position in boxes.indices where boxes.type(at: position) == "ftyp" || boxes.type(at: position) == "moov" || position == boxes.endIndex - 1 {
            let box = boxes[position]
            guard let entry = entry(at: position) else { continue }
            switch entry.fate {
            case .cutShort:
                // A moov cut short is what a kill during an in-place edit's append leaves.
                warnings.append("left out the last box, '\(box.type)' at 0x\(String(entry.range.lowerBound, radix: 16)): the file ends \(box.missingBytes) bytes before its declared end and no track uses its \(entry.range.count) bytes")
            case .rewritten where media.kept.intersects(entry.range):
                throw .samplesInside(box, trackID: Self.keptTrack(in: entry.range, movie: movie, chunks: decoded, removed: edited.removal.trackIDs))
            default:
                break
            }
        }
        // The removed boxes, a few: offsets of boxes inside `moov` or a `moof` name no top-level box.
        for position in edited.removal.boxOffsets.compactMap(boxes.position(startingAt:)).sorted() {
            guard let entry = entry(at: position), entry.fate == .removed, media.kept.intersects(entry.range) else { continue }
            throw .samplesInsideRemovedBox(boxes[position], trackID: Self.keptTrack(in: entry.range, movie: movie, chunks: decoded, removed: edited.removal.trackIDs))
        }
        if let tail = movie.file.tail, let range = self.tail {
            guard !media.kept.intersects(range) else {
                throw BoxError(.damaged("the file is damaged after its last readable box (\(movie.file.damage?.message ?? "bytes that do not form a box")), and a track's samples are there; refusing to write a copy"),
                               at: movie.file.damage?.location ?? BoxLocation(path: "", offset: tail.offset))
            }
            warnings.append("left out \(tail.length) bytes at 0x\(String(tail.offset, radix: 16)) after the last box, which do not form a box (\(movie.file.damage?.message ?? "damaged")) and which no track uses")
        }
    }

    /// One entry per top-level box, in file order, each decided as it is reached.
    var entries: LazyMapSequence<LazyFilterSequence<Range<Int>>, Entry> {
        boxes.indices.lazy.filter { boxes.offset(at: $0) != nil }.map { entry(at: $0)! }
    }

    /// What the edit does with the top-level box at `position`; nil for a box with no place in
    /// the file.
    private func entry(at position: Int) -> Entry? {
        guard let (range, payload) = boxes.extent(at: position, fileSize: end) else { return nil }
        let box = boxes[position], start = range.lowerBound
        var entry = Entry(position: position, range: range, payload: payload, fate: .kept)
        if box.missingBytes > 0 && position != liveMovie && !media.kept.intersects(range) {
            entry.fate = .cutShort
        } else if box.type == "ftyp" || box.type == "moov" {
            entry.fate = .rewritten
        } else if removal.boxOffsets.contains(start) {
            entry.fate = .removed
        } else if erasesRetiredMovie, box.type == "free" || box.type == "skip", !media.kept.intersects(range) {
            entry.fate = .freeSpace
        } else if removal.leavesOutUnusedMedia, box.type == "mdat" {
            entry.fate = .keptUsedBytes(media.kept.clamped(to: entry.payload))
        }
        return entry
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
    var copied: LazyFilterSequence<LazyMapSequence<LazyFilterSequence<Range<Int>>, Entry>> { entries.filter(\.isCopied) }

    /// Every top-level `moov`, the first (the one players read) first.
    var movieBoxes: [Entry] {
        boxes.indices.filter { boxes.type(at: $0) == "moov" }.compactMap(entry(at:)).filter { $0.fate == .rewritten }
    }

    /// The box of `entry`, as the file walk read it.
    func box(of entry: Entry) -> Box { boxes[entry.position] }

    /// The first kept track with samples in `range`, for the refusal that names it.
    private static func keptTrack(in range: Range<UInt64>, movie: Movie, chunks: SourceChunks, removed: Set<UInt32>) -> UInt32? {
        movie.tracks.first { track in
            !removed.contains(track.id) && ByteRangeSet(chunks.ranges { $0 == track.id }).intersects(range)
        }?.id
    }
}
