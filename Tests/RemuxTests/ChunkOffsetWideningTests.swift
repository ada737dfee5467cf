import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
@testable import Remux
import Testing

/// A track's chunk offsets move to `co64` (ISO/IEC 14496-12 §8.7.5: 64-bit offsets) when the
/// rewrite puts one of them past 4 GiB, with no 4 GiB file on disk: demo.mp4 is read through a
/// source that inserts zeros at the start of its `mdat` (its header made the 64-bit form), so that
/// its last chunk lies just below 4 GiB with 32-bit `stco` tables. A full rewrite puts `moov`
/// before the media, which then moves further than the few bytes left, and the layout is
/// inspected before a byte is written.
struct ChunkOffsetWideningTests {
    /// `prefix`, then `gap` zero bytes, then `suffix`: a large file that holds little.
    struct GappedByteSource: ByteSource {
        let prefix: [UInt8], gap: UInt64, suffix: [UInt8]
        var size: UInt64 { UInt64(prefix.count) + gap + UInt64(suffix.count) }

        func read(at offset: UInt64, count: Int) throws(BoxError) -> [UInt8] {
            guard count >= 0, offset <= size, UInt64(count) <= size - offset else {
                throw BoxError(.truncated(needed: UInt64(max(count, 0)), available: size - min(offset, size)), at: nil)
            }
            return (0..<UInt64(count)).map { index in
                let position = offset + index
                if position < UInt64(prefix.count) { return prefix[Int(position)] }
                if position < UInt64(prefix.count) + gap { return 0 }
                return suffix[Int(position - UInt64(prefix.count) - gap)]
            }
        }
    }

    static func be32(_ value: UInt64) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    static func be64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }

    /// demo.mp4 (ftyp, free, mdat, moov) with `gap` zeros at the start of the mdat's payload: the
    /// mdat header becomes the 16-byte form, and every `stco` entry moves by `gap + 8`.
    static func gapped(_ bytes: [UInt8], gap: UInt64) throws -> GappedByteSource {
        let walk = TopLevelWalk(bytes)
        let mdat = try #require(walk.boxes.first { $0.type == "mdat" })
        let moov = try #require(walk.boxes.first { $0.type == "moov" })
        try #require(mdat.end <= moov.start, "demo.mp4 keeps its moov after the media")
        var patched = bytes
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
        for track in movie.tracks {
            let stco = try #require(track.box.descendant(["mdia", "minf", "stbl", "stco"]))
            let start = Int(try #require(stco.location?.offset)) + 16
            let table = try ChunkOffsetBox(stco)
            for index in 0..<table.count {
                patched.replaceSubrange(start + 4 * index..<start + 4 * index + 4, with: be32(table.offset(ofChunk: index) + gap + 8))
            }
        }
        let payloadSize = UInt64(mdat.end - mdat.start - 8)
        let header = be32(1) + Array("mdat".utf8) + be64(16 + gap + payloadSize)
        return GappedByteSource(prefix: Array(patched[..<mdat.start]) + header, gap: gap, suffix: Array(patched[(mdat.start + 8)...]))
    }

    @Test func offsetsPastFourGiBAreWrittenAsCo64() throws {
        let bytes = try [UInt8](Data(contentsOf: TestPaths.testMedia.appendingPathComponent("demo.mp4")))
        let plain = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
        let lastChunk = try plain.tracks.map { track in try ChunkIndex(track.sampleTable()).chunks.map(\.offset).max() ?? 0 }.max() ?? 0
        // The last chunk 2,000 bytes below 4 GiB: still a 32-bit offset in the source.
        let gap = UInt64(UInt32.max) - 2_000 - lastChunk - 8
        let movie = try Movie(file: BoxTreeParser.parse(Self.gapped(bytes, gap: gap)))
        let sourceOffsets = try Dictionary(uniqueKeysWithValues: movie.tracks.map { track in
            (track.id, try ChunkIndex(track.sampleTable()).chunks.map(\.offset))
        })
        #expect(sourceOffsets.values.flatMap { $0 }.allSatisfy { !ChunkOffsetBox.needsLargeOffsets($0) })
        let plan = EditPlan(trackChanges: [TrackChangeRequest(trackID: 1, changes: TrackChanges(name: "Widened"))])
        let edited = try EditedMovie(movie: movie, plan: plan, limits: .standard)
        let layout = try FullRewriteLayout(edited: edited, movie: movie)
        #expect(layout.totalSize > UInt64(UInt32.max))
        var moved: Set<UInt64> = []
        for trak in layout.movieBox.children where trak.type == "trak" {
            let trackID = try TrackHeaderBox(try #require(trak.child("tkhd"))).trackID
            let stbl = try #require(trak.descendant(["mdia", "minf", "stbl"]))
            let table = try #require(stbl.child("co64") ?? stbl.child("stco"))
            let offsets = try ChunkOffsetBox(table)
            let source = try #require(sourceOffsets[trackID])
            try #require(offsets.count == source.count)
            let written = (0..<offsets.count).map { offsets.offset(ofChunk: $0) }
            // The media moves as a whole, by the same distance for every chunk.
            moved.formUnion(zip(written, source).map { $0 - $1 })
            // A track moves to co64 exactly when one of its offsets passes 4 GiB, and only then.
            #expect(table.type == (written.contains(where: ChunkOffsetBox.needsLargeOffsets) ? "co64" : "stco"), "track \(trackID)")
        }
        #expect(moved.count == 1, "\(moved)")
        let distance = try #require(moved.first)
        // moov now comes first and is larger than the 2,000 bytes left below 4 GiB; a copy of
        // 64 MiB or more keeps its place within a 4 KiB page.
        #expect(distance > 2_000 && distance % 4096 == 0, "\(distance)")
        #expect(layout.movieBox.children.contains { $0.type == "trak" && $0.descendant(["mdia", "minf", "stbl", "co64"]) != nil })
    }
}
