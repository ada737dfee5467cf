import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Testing

/// Two tracks with one track ID (ISO/IEC 14496-12 §8.3.2.3 has them unique in a file): every
/// change, reference and check names tracks by ID, so an edit could change, keep or drop the
/// wrong one. The fuzzer made such a file (Fuzz/crashes/edit/edit-crash-af59e6a1f50d.bin), which
/// the engine's check of its own output caught; the movie is now refused before planning, at
/// the second track.
struct DuplicateTrackIDTests {
    @Test func aSecondTrackWithTheFirstsIDIsNotEditable() throws {
        var bytes = try [UInt8](Data(contentsOf: TestPaths.testMedia.appendingPathComponent("demo.mov")))
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
        #expect(throws: Never.self) { try movie.checkEditable() }
        let (first, second) = (movie.tracks[0], movie.tracks[1])
        // tkhd version 0: size, type, version and flags, creation and modification times, then the ID.
        let tkhd = try #require(second.box.child("tkhd")?.location?.offset)
        try #require(bytes[Int(tkhd) + 8] == 0)
        let id = Int(tkhd) + 20
        bytes.replaceSubrange(id..<id + 4, with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: first.id >> $0) })
        let damaged = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
        #expect(damaged.tracks.map(\.id).filter { $0 == first.id }.count == 2)
        #expect {
            try damaged.checkEditable()
        } throws: { error in
            guard let error = error as? BoxError else { return false }
            guard case let .duplicateTrackID(text) = error.kind else { return false }
            return error.location == second.box.location && text == error.message && error.message.hasPrefix("track ID \(first.id) is also the ID of the track at moov/trak[1]")
        }
    }
}
