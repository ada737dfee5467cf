import ISOBMFF
import LegibleTestSupport
import Testing
@testable import Metadata

/// `meta` item lists, built per QTFF "Metadata" (keys, ilst, data) and the iTunes layout.
@Suite struct MetadataListReaderTests {
    typealias F = MetadataFixtures

    @Test func quickTimeKeysNameEachDataAtom() throws {
        let meta = F.meta([F.hdlr("mdta"), F.keys(["com.apple.quicktime.title", "com.apple.quicktime.rating.user"]),
                           .container("ilst", [
                               F.keyed(1, [F.data(type: 1, country: 0x5553, language: F.packed("eng"), ascii("Hello")),
                                           F.data(type: 1, language: F.packed("fra"), ascii("Bonjour"))]),
                               // float32 3.5 = 0x40600000.
                               F.keyed(2, [F.data(type: 23, [0x40, 0x60, 0, 0])]),
                           ])])
        let reading = try F.read([meta])
        #expect(reading.warnings.isEmpty)
        #expect(reading.items.map(\.identifier.description)
                == ["mdta/com.apple.quicktime.title", "mdta/com.apple.quicktime.title", "mdta/com.apple.quicktime.rating.user"])
        #expect(reading.items.map(\.value) == [.text("Hello"), .text("Bonjour"), .float(3.5)])
        #expect(reading.items.map(\.language) == ["eng", "fra", nil])
        #expect(reading.items.map(\.country) == ["US", nil, nil])
        #expect(reading.items.map(\.dataType) == [.utf8, .utf8, .float32])
        #expect(reading.items.map { $0.origin?.keyIndex } == [1, 1, 2])
        #expect(reading.items.first?.origin?.location.path == "moov/meta/ilst/\\x00\\x00\\x00\\x01")
    }

    @Test func fullBoxMetaInsideUserDataIsReadAsFFmpegWritesIt() throws {
        let meta = F.meta([F.hdlr("mdta"), F.keys(["title"]), .container("ilst", [F.keyed(1, [F.data(type: 1, ascii("T"))])])],
                          fullBox: true)
        let reading = try F.read([.container("udta", [meta])], tracks: [2: [meta]])
        #expect(reading.items.map(\.identifier.description) == ["mdta/title", "mdta/title"])
        #expect(reading.items.map(\.scope) == [.movie, .track(2)])
    }

    @Test func aBadKeyIndexIsAWarningAndTheOtherItemsStay() throws {
        let meta = F.meta([F.hdlr("mdta"), F.keys(["a"]), .container("ilst", [
            F.keyed(7, [F.data(type: 1, ascii("lost"))]), F.keyed(1, [F.data(type: 21, [0xFF])]),
        ])])
        let reading = try F.read([meta])
        #expect(reading.warnings.count == 1)
        #expect(reading.items.map(\.value) == [.integer(-1)])
    }

    @Test func iTunesItemsAndFreeformItems() throws {
        let mean = CraftedMovie.fullBox("mean", ascii("com.apple.iTunes"))
        let name = CraftedMovie.fullBox("name", ascii("iTunSMPB"))
        let trkn: [UInt8] = [0, 0, 0, 3, 0, 12, 0, 0]
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
        let meta = F.meta([F.hdlr("mdir"), .container("ilst", [
            .container("©nam", [F.data(type: 1, ascii("Song"))]),
            .container("trkn", [F.data(type: 0, trkn)]),
            .container("tmpo", [F.data(type: 21, [0, 120])]),
            .container("covr", [F.data(type: 13, jpeg)]),
            .container("----", [mean, name, F.data(type: 1, ascii(" 00000000"))]),
        ])], fullBox: true)
        let reading = try F.read([.container("udta", [meta])])
        #expect(reading.warnings.isEmpty)
        #expect(reading.items.map(\.identifier.description)
                == ["itsk/©nam", "itsk/trkn", "itsk/tmpo", "itsk/covr", "itlk/com.apple.iTunes.iTunSMPB"])
        #expect(reading.items.map(\.value) == [.text("Song"), .bytes(trkn), .integer(120), .image(.jpeg, jpeg), .text(" 00000000")])
        #expect(reading.items.map(\.dataType) == [.utf8, .reserved, .signedInteger, .jpeg, .utf8])
        #expect(reading.items.first?.origin?.location.path == "moov/udta/meta/ilst/©nam")
    }

    @Test func anITunesItemWithoutDataIsReportedAsBytes() throws {
        let meta = F.meta([F.hdlr("mdir"), .container("ilst", [.leaf("cprt", ascii("odd")), .container("©ART", [F.data(type: 1, ascii("A"))])])],
                          fullBox: true)
        let reading = try F.read([.container("udta", [meta])])
        #expect(reading.warnings.count == 1)
        #expect(reading.items.map(\.identifier.description) == ["itsk/cprt", "itsk/©ART"])
        #expect(reading.items.map(\.value) == [.bytes(ascii("odd")), .text("A")])
    }

    @Test func userDataMetaWithoutKeysIsReportedWhole() throws {
        let meta = F.meta([F.hdlr("mdta"), .container("ilst", [F.keyed(1, [F.data(type: 1, ascii("unnamed"))])])], fullBox: true)
        let reading = try F.read([.container("udta", [meta])])
        #expect(reading.warnings.count == 1)
        #expect(reading.items.map(\.identifier.description) == ["udta/meta"])
        #expect(reading.items.first?.origin?.location.path == "moov/udta/meta")
    }

    /// Found by the fuzzer: a reserved type set (first byte of the type indicator not 0) kept the
    /// bytes but still claimed the well-known type of the low bytes.
    @Test func aReservedTypeSetHasNoWellKnownType() throws {
        let meta = F.meta([F.hdlr("mdir"), .container("ilst", [.container("©too", [F.data(type: 0x0100_0001, ascii("Lavf"))])])],
                          fullBox: true)
        let reading = try F.read([.container("udta", [meta])])
        #expect(reading.items.map(\.value) == [.bytes(ascii("Lavf"))])
        #expect(reading.items.map(\.dataType) == [nil])
    }
}
