import ISOBMFF
import LegibleTestSupport
import Movie
import Testing
@testable import Metadata

/// A compressed movie (`moov/cmov`, QTFF "Compressed movie resources"): the items of the `moov`
/// it holds are read, with origins inside the inflated bytes.
@Suite struct CompressedMovieMetadataTests {
    /// A zlib stream (RFC 1950) holding `bytes` in one stored deflate block (RFC 1951 §3.2.4:
    /// BFINAL=1 BTYPE=00, LEN, NLEN, the bytes), then the Adler-32 of `bytes`.
    static func storedZlib(_ bytes: [UInt8]) -> [UInt8] {
        let length = UInt16(bytes.count)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + bytes + be32(b << 16 | a)
    }

    @Test func itemsOfTheInflatedMovieAreRead() throws {
        let inner = TestBox.container("moov", [CraftedMovie.mvhd(),
                                               .container("udta", [MetadataFixtures.text("©nam", [("Packed", 0x55C4)])])]).bytes
        let cmov = TestBox.container("cmov", [.leaf("dcom", ascii("zlib")),
                                              .leaf("cmvd", be32(UInt32(inner.count)) + Self.storedZlib(inner))])
        let bytes = CraftedMovie.ftyp + TestBox.container("moov", [cmov]).bytes
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
        #expect(movie.isCompressed)
        let reading = MetadataReader.items(in: movie)
        #expect(reading.warnings.isEmpty)
        #expect(reading.items.map(\.value) == [.text("Packed")])
        let origin = try #require(reading.items.first?.origin)
        #expect(origin.location.path.hasSuffix("{inflated}/moov/udta/©nam"))
        // Offsets count from the start of the inflated moov: header 8 + mvhd + udta header 8.
        let mvhdSize = UInt64(CraftedMovie.mvhd().bytes.count)
        #expect(origin.location.offset == 8 + mvhdSize + 8)
    }
}
