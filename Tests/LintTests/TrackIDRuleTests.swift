import Foundation
import ISOBMFF
import LegibleTestSupport
import Lint
import Movie
import Testing

/// ISO/IEC 14496-12 §8.3.2.3: a track's ID is unique in the file. demo.mov with its second
/// track's `tkhd` ID patched to the first's.
struct TrackIDRuleTests {
    @Test func aSecondTrackWithTheFirstsIDIsAnError() throws {
        var bytes = try [UInt8](Data(contentsOf: TestPaths.testMedia.appendingPathComponent("demo.mov")))
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
        #expect(!MovieCheck(movie: movie).findings.contains { $0.rule == .uniqueTrackIDs })
        let (first, second) = (movie.tracks[0], movie.tracks[1])
        // tkhd version 0: size, type, version and flags, creation and modification times, then the ID.
        let tkhd = try #require(second.box.child("tkhd")?.location?.offset)
        try #require(bytes[Int(tkhd) + 8] == 0)
        let id = Int(tkhd) + 20
        bytes.replaceSubrange(id..<id + 4, with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: first.id >> $0) })
        let findings = MovieCheck(movie: try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))).findings
            .filter { $0.rule == .uniqueTrackIDs }
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.trackID == first.id)
        #expect(findings.first?.message.contains("moov/trak[2]") == true && findings.first?.message.contains("moov/trak[1]") == true)
        #expect(findings.first?.fix == nil, "which track should get a new ID, and which references follow it, is the author's call")
    }
}
