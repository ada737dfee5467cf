import ISOBMFF
import LegibleTestSupport
import Testing
@testable import Metadata

/// `udta` items, built per QTFF "User data atoms" and 3GPP TS 26.244 §8.
@Suite struct UserDataReaderTests {
    typealias F = MetadataFixtures

    @Test func internationalTextGivesOneItemPerLanguageRecord() throws {
        let reading = try F.read([.container("udta", [F.text("©nam", [("Hello", F.packed("eng")), ("Bonjour", F.packed("fra"))]),
                                                      F.text("©cmt", [("Mac", 2)])])])
        #expect(reading.warnings.isEmpty)
        #expect(reading.items.map(\.identifier.description) == ["udta/©nam", "udta/©nam", "udta/©cmt"])
        #expect(reading.items.map(\.value) == [.text("Hello"), .text("Bonjour"), .text("Mac")])
        // Macintosh language code 2 is German (QTFF "Language code values").
        #expect(reading.items.map(\.language) == ["eng", "fra", "deu"])
        #expect(reading.items.allSatisfy { $0.scope == .movie && $0.dataType == nil })
    }

    @Test func originsNameTheItemBox() throws {
        let movie = try F.movie([.container("udta", [F.text("©day", [("2024", 0x55C4)])])])
        let item = try #require(MetadataReader.items(in: movie).items.first)
        let udta = try #require(movie.movieBox.child("udta")?.child("©day"))
        #expect(item.origin?.location.path == "moov/udta/©day")
        #expect(item.origin?.location.offset == udta.location?.offset)
        // 8-byte header + 2 length + 2 language + 4 text.
        #expect(item.origin?.size == 16)
        #expect(item.language == nil, "und is no language")
    }

    @Test func isoAssetItemsDecodeTheirFields() throws {
        let loci = CraftedMovie.fullBox("loci", be16(F.packed("fra")) + ascii("Paris") + [0] + [1]
                                            + be32(UInt32(bitPattern: Int32(2.25 * 65536))) + be32(UInt32(bitPattern: Int32(48.5 * 65536)))
                                            + be32(UInt32(bitPattern: Int32(35 * 65536))) + ascii("earth") + [0] + ascii("n") + [0])
        let kywd = CraftedMovie.fullBox("kywd", be16(F.packed("eng")) + [2] + [3] + ascii("cat") + [4] + ascii("dogs"))
        let reading = try F.read([.container("udta", [
            F.asset("titl", "A title"),
            F.asset("rtng", "PG", before: ascii("MPAA") + ascii("film")),
            F.asset("clsf", "12", before: ascii("BBFC") + be16(1)),
            F.asset("albm", "Album", language: "deu"),
            CraftedMovie.fullBox("yrrc", be16(1999)),
            loci, kywd,
        ])])
        #expect(reading.warnings.isEmpty)
        #expect(reading.items.map(\.identifier.description)
                == ["uiso/titl", "uiso/rtng", "uiso/clsf", "uiso/albm", "uiso/yrrc", "uiso/loci", "uiso/kywd", "uiso/kywd"])
        #expect(reading.items.map(\.value) == [
            .text("A title"), .text("PG"), .text("12"), .text("Album"), .unsignedInteger(1999),
            .location(GeographicLocation(longitude: 2.25, latitude: 48.5, altitude: 35, name: "Paris", role: 1, body: "earth",
                                         notes: "n", language: MediaLanguage(rawValue: F.packed("fra")))),
            .text("cat"), .text("dogs"),
        ])
        #expect(reading.items.map(\.language) == ["eng", "eng", "eng", "deu", nil, "fra", "eng", "eng"])
    }

    @Test func utf16AssetStringsAreRead() throws {
        // FE FF byte-order mark, "é" as UTF-16BE, 16-bit NUL.
        let reading = try F.read([.container("udta", [CraftedMovie.fullBox("auth", be16(F.packed("eng")) + [0xFE, 0xFF, 0x00, 0xE9, 0, 0])])])
        #expect(reading.items.map(\.value) == [.text("é")])
    }

    @Test func everyOtherChildIsReportedToo() throws {
        let reading = try F.read([], tracks: [1: [.container("udta", [
            .leaf("name", ascii("Commentary")),
            .leaf("tagc", ascii("public.auxiliary-content")),
            .leaf("CNCV", ascii("Canon 1.0")),
            .leaf("XMP_", ascii("<x:xmpmeta/>")),
            F.meta([F.hdlr("ID32")]),
        ])]])
        #expect(reading.items.map(\.identifier.description) == ["udta/name", "udta/tagc", "udta/CNCV", "udta/XMP_", "udta/meta"])
        #expect(reading.items.prefix(3).map(\.value) == [.text("Commentary"), .text("public.auxiliary-content"), .bytes(ascii("Canon 1.0"))])
        #expect(reading.items.allSatisfy { $0.scope == .track(1) })
        #expect(reading.items.map { $0.origin?.location.path } == ["moov/trak[1]/udta/name", "moov/trak[1]/udta/tagc",
                                                                 "moov/trak[1]/udta/CNCV", "moov/trak[1]/udta/XMP_", "moov/trak[1]/udta/meta"])
    }

    @Test func aDamagedItemIsAWarningAndItsBytesNotTheOthers() throws {
        // The record claims 200 bytes of text where there are 3.
        let damaged = TestBox.leaf("©nam", be16(200) + be16(0) + ascii("abc"))
        let reading = try F.read([.container("udta", [damaged, F.text("©day", [("2024", 0)]), CraftedMovie.fullBox("yrrc", [])])])
        #expect(reading.warnings.count == 2)
        #expect(reading.warnings.first?.location?.path == "moov/udta/©nam")
        #expect(reading.items.map(\.identifier.description) == ["udta/©nam", "udta/©day", "uiso/yrrc"])
        #expect(reading.items.map(\.value) == [.bytes(be16(200) + be16(0) + ascii("abc")), .text("2024"), .bytes([0, 0, 0, 0])])
    }

    @Test func mediaLevelUserDataHasMediaScope() throws {
        let udta = TestBox.container("udta", [F.text("©nam", [("Inner", 0x55C4)])])
        let trak = TestBox.container("trak", [CraftedMovie.tkhd(id: 3),
                                              .container("mdia", [CraftedMovie.mdhd(), CraftedMovie.hdlr("soun"), udta,
                                                                  .container("minf", [CraftedMovie.stbl(sizes: [])])])])
        let reading = try F.read([trak])
        #expect(reading.items.map(\.scope) == [.media(3)])
        #expect(reading.items.first?.origin?.location.path == "moov/trak[1]/mdia/udta/©nam")
    }

    /// Found by the fuzzer: a `kywd` with no keywords (and a `©xxx` with no records) gave no
    /// item at all.
    @Test func anItemWithNoValuesIsStillReported() throws {
        let reading = try F.read([.container("udta", [CraftedMovie.fullBox("kywd", be16(F.packed("eng")) + [0]), .leaf("©nam", [])])])
        #expect(reading.warnings.isEmpty)
        #expect(reading.items.map(\.identifier.description) == ["uiso/kywd", "udta/©nam"])
        #expect(reading.items.map(\.value) == [.bytes([0, 0, 0, 0] + be16(F.packed("eng")) + [0]), .bytes([])])
    }
}
