import ISOBMFF
import LegibleTestSupport
import Metadata
import Movie
import Testing

/// A kept top-level box whose 64-bit size (ISO/IEC 14496-12 §4.2 `largesize`) passes 2^63, the
/// file ending long before it: reviewed without a trap (the edit fuzzer's
/// Fuzz/crashes/edit/edit-crash-164162040327.bin), its entry giving the size its header declares.
@Suite struct SharingReviewLargeBoxTests {
    @Test func aKeptBoxLargerThanIntIsReviewed() throws {
        let size: UInt64 = 0xC800_0000_0000_0000
        let mdat = be32(1) + ascii("mdat") + be64(size) + [UInt8](repeating: 0, count: 10)
        let bytes = CraftedMovie.ftyp + TestBox.container("moov", [CraftedMovie.mvhd(), CraftedMovie.trak(id: 1)]).bytes + mdat
        let review = try SharingReview(movie: Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes))))
        let entry = try #require(review.entries.first { $0.summary.hasPrefix("mdat box") })
        #expect(entry.summary.contains("\(size) bytes"), "\(entry.summary)")
    }
}
