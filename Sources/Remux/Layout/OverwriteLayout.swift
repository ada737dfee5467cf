import ISOBMFF
import Movie

/// The layout of an in-place edit of a fragmented movie (ISO/IEC 14496-12 §8.8), which can
/// change `moov` alone: the movie fragments after it find their samples by file offsets, so no
/// byte may move, and the edited `moov` takes the old one's place, a `free` box after it taking
/// up the difference. The room is the old `moov` and the `free` and `skip` boxes right after
/// it; a difference of 1 to 7 bytes cannot be a box, so such an edit does not fit.
///
/// The switch from the old `moov` to the new one (``Switch``) is one write:
/// - ``Switch/staged(_:at:header:headerAt:)`` when the first `free` box after `moov` holds the new
///   `moov` (and a `free` box for the rest, if any): the new `moov` is written into that box's
///   payload, where nothing reads it, then the old `moov`'s first 8 bytes become the header of a
///   `free` box that covers the old `moov` and the header of the `free` box: before that write
///   the file is the old movie, after it the new one.
/// - ``Switch/whole(_:at:)`` otherwise: the new `moov` and the `free` header after it are
///   written over the old `moov` in one write.
///
/// Then what the edit removes outside `moov` is erased where it is, so no offset moves: removed
/// boxes (top-level, or inside a `moof` or its `traf`s) become `free` boxes of their size, free
/// space being allowed at any level (ISO/IEC 14496-12 §8.1.2), and their payloads, the retired
/// `moov` (when metadata is removed or replaced) and, for a strip, every `mdat` byte no sample
/// uses, are overwritten with zeros.
struct OverwriteLayout {
    /// How the new `moov` replaces the old one.
    enum Switch {
        /// `bytes` (the new `moov` and a `free` header for the rest of the free box) go at an
        /// offset inside a `free` box's payload; then `header` (a `free` header over the old
        /// `moov`) at the old `moov`'s offset switches the movie.
        case staged([UInt8], at: UInt64, header: [UInt8], headerAt: UInt64)
        /// `bytes` (the new `moov` and a `free` header for the rest of the room) go over the
        /// old `moov` in one write.
        case whole([UInt8], at: UInt64)
    }

    let movieBox: Box
    let switchover: Switch
    /// The offsets of the type fields of removed boxes outside `moov`, which become `free`.
    let retiredBoxTypeOffsets: [UInt64]
    /// Source ranges overwritten with zeros once the new `moov` is in place.
    let erasures: [Range<UInt64>]
    /// Whether the edit changes nothing in the file: the new `moov` is the old one byte for
    /// byte, and nothing is retired or erased.
    let changesNothing: Bool

    init(edited: EditedMovie, movie: Movie, limits: Limits) throws(EditError) {
        let boxes = movie.file.boxes
        let movieIndices = boxes.indices.filter { boxes[$0].type == "moov" }
        guard movieIndices.count == 1, let index = movieIndices.first, let location = boxes[index].location else {
            throw .inPlaceNeedsRewrite(.severalMovieBoxes)
        }
        let old = boxes[index]
        let start = location.offset
        // Every sample, from the tables and the fragments: none may lie where the edit writes.
        let regular = try boxing(DefragmentedMovie.regular(movie, limits: limits))
        let kept = MediaUse(chunks: try boxing(SourceChunks(movie: regular)), removedTrackIDs: []).kept
        let movieRange = start..<start.saturatingAdd(old.header.totalSize)
        if kept.intersects(movieRange) {
            throw .box(BoxError(.unsupported("a track's samples lie inside the 'moov' box, which an edit rewrites; Legible cannot edit such a file"),
                                at: location))
        }
        let spaces = Self.freeSpace(following: boxes[(index + 1)...], from: movieRange.upperBound, kept: kept)
        let roomEnd = spaces.last.map { ($0.location?.offset ?? 0) + $0.header.totalSize } ?? movieRange.upperBound
        let moov = edited.movieBox
        movieBox = moov
        let bytes = try boxing(moov.encoded())
        let size = UInt64(bytes.count)
        var erasures: [Range<UInt64>] = []
        // The boxes the switch writes over: moov, and the free space it takes.
        var consumed: Set<UInt64> = [start]
        if let first = spaces.first, let staged = Self.staged(bytes, in: first, after: movieRange) {
            switchover = .staged(staged.bytes, at: staged.offset, header: staged.header, headerAt: start)
            consumed.insert(movieRange.upperBound)
            if edited.erasesRetiredMovie {
                erasures += [(start + 8)..<staged.offset, (staged.offset + UInt64(staged.bytes.count))..<(movieRange.upperBound + first.header.totalSize)]
            }
        } else {
            let room = roomEnd - start
            guard size <= room, room - size == 0 || room - size >= 8, old.missingBytes == 0 else {
                throw .inPlaceNeedsRewrite(.movieDoesNotFit(size: size, room: room))
            }
            let written = bytes + Self.freeHeader(filling: room - size)
            switchover = .whole(written, at: start)
            consumed.formUnion(spaces.compactMap { $0.location?.offset })
            if edited.erasesRetiredMovie { erasures.append((start + UInt64(written.count))..<roomEnd) }
        }
        var retired: [UInt64] = []
        let removedBoxes: [RemovedBox]
        do throws(BoxError) {
            removedBoxes = try Self.removedBoxes(in: movie, offsets: edited.removal.boxOffsets, limits: limits)
        } catch {
            throw .box(error)
        }
        for box in removedBoxes where !consumed.contains(box.offset) {
            if kept.intersects(box.range) {
                throw .box(BoxError(.invalidValue("the '\(box.type)' box the edit removes holds samples of a kept track"),
                                    at: BoxLocation(path: box.type.description, offset: box.offset)))
            }
            retired.append(box.offset + 4)
            erasures.append(box.freePayload)
        }
        retiredBoxTypeOffsets = retired
        erasures += Self.otherErasures(in: movie, edited: edited, kept: kept, skipping: consumed)
        var nonZero: [Range<UInt64>] = []
        for range in ByteRangeSet(erasures).ranges where try !boxing(AppendLayout.holdsOnlyZeros(range, in: movie.file.source)) {
            nonZero.append(range)
        }
        self.erasures = nonZero
        if retired.isEmpty, nonZero.isEmpty, size == old.header.totalSize {
            changesNothing = try boxing(movie.file.source.read(at: start, count: bytes.count)) == bytes
        } else {
            changesNothing = false
        }
    }

    /// The `free` and `skip` boxes that follow `moov` (ending at `start`) one after the other,
    /// up to the first that holds samples.
    private static func freeSpace(following boxes: some Sequence<Box>, from start: UInt64, kept: ByteRangeSet) -> [Box] {
        var spaces: [Box] = []
        var end = start
        for box in boxes {
            guard box.type == "free" || box.type == "skip", box.location?.offset == end, box.missingBytes == 0 else { break }
            let range = end..<end.saturatingAdd(box.header.totalSize)
            guard !kept.intersects(range) else { break }
            spaces.append(box)
            end = range.upperBound
        }
        return spaces
    }

    /// What the edit erases in the top-level boxes it neither writes over (`consumed`) nor
    /// removes: the payloads of free space when metadata is removed or replaced, as an appending
    /// edit erases it (retired `moov`s of earlier edits may be there), and, for a strip, the
    /// `mdat` bytes no sample uses.
    private static func otherErasures(in movie: Movie, edited: EditedMovie, kept: ByteRangeSet, skipping consumed: Set<UInt64>)
        -> [Range<UInt64>] {
        let end = movie.file.source.size
        var erasures: [Range<UInt64>] = []
        let boxes = movie.file.boxes
        for position in boxes.indices {
            guard let offset = boxes.offset(at: position), !consumed.contains(offset), !edited.removal.boxOffsets.contains(offset),
                  let payload = boxes.extent(at: position, fileSize: end)?.payload else { continue }
            let type = boxes.type(at: position)
            if edited.erasesRetiredMovie, type == "free" || type == "skip", !kept.intersects(payload) {
                erasures.append(payload)
            } else if edited.removal.leavesOutUnusedMedia, type == "mdat" {
                erasures += ByteRangeSet([payload]).subtracting(kept).ranges
            }
        }
        return erasures
    }

    /// A removed box outside `moov`: where it is, and the bytes a `free` box of its size holds
    /// (a `uuid` box's extended type among them).
    private struct RemovedBox {
        var type: FourCC
        var offset: UInt64
        var range: Range<UInt64>
        var freePayload: Range<UInt64>
    }

    /// The boxes at `offsets` among the top-level boxes other than `moov` and the children of
    /// every `moof` and its `traf`s.
    private static func removedBoxes(in movie: Movie, offsets: Set<UInt64>, limits: Limits) throws(BoxError) -> [RemovedBox] {
        guard !offsets.isEmpty else { return [] }
        let end = movie.file.source.size
        var removed: [RemovedBox] = []
        func consider(_ boxes: [Box]) {
            for box in boxes {
                guard let offset = box.location?.offset, offsets.contains(offset) else { continue }
                let upper = min(offset.saturatingAdd(box.header.totalSize), end)
                let sizeFields: UInt64 = box.header.form == .large ? 16 : 8
                removed.append(RemovedBox(type: box.type, offset: offset, range: offset..<upper,
                                          freePayload: min(offset + sizeFields, upper)..<upper))
            }
        }
        consider(movie.file.boxes.filter { $0.type != "moov" })
        // Each fragment is read as it is reached, its children and its `traf`s' children looked at.
        for box in movie.file.boxes where box.type == "moof" {
            let moof = try box.expanded(limits: limits)
            consider(moof.children)
            for traf in moof.children("traf") { consider(traf.children) }
        }
        return removed
    }

    /// The staged switch when `bytes` fit in the payload of `space`, the `free` box right after
    /// the old `moov` (`movie`), with nothing or a `free` box of 8 bytes or more after them, and
    /// a compact `free` header can cover the old `moov` and the free box's header.
    private static func staged(_ bytes: [UInt8], in space: Box, after movie: Range<UInt64>)
        -> (bytes: [UInt8], offset: UInt64, header: [UInt8])? {
        let payloadStart = movie.upperBound + space.header.headerSize
        let room = space.header.payloadSize
        let size = UInt64(bytes.count)
        let covered = payloadStart - movie.lowerBound
        guard size <= room, room - size == 0 || room - size >= 8, covered <= UInt64(UInt32.max) else { return nil }
        return (bytes + freeHeader(filling: room - size), payloadStart, freeHeader(filling: covered))
    }

    /// The header of a `free` box of `size` bytes in all; none for 0.
    private static func freeHeader(filling size: UInt64) -> [UInt8] {
        guard size > 0 else { return [] }
        let large = size > UInt64(UInt32.max)
        var writer = ByteWriter(capacity: 16)
        BoxHeader(type: "free", form: large ? .large : .compact, payloadSize: size - (large ? 16 : 8)).write(into: &writer)
        return writer.bytes
    }
}
