import Testing
import ISOBMFF
@testable import Movie

/// Which fragments the reader marks as holding more than their structure
/// (``FragmentTally/holdsOtherBoxes(_:)``), the ones a privacy review reads again: a `moof` of
/// `mfhd` and `traf`s of `tfhd`, `tfdt` and `trun` (ISO/IEC 14496-12 §8.8) is not; one with
/// user data, free space, an unknown box or a box that belongs at file level is.
@Suite struct FragmentOtherBoxesTests {
    static func box(_ type: FourCC, _ payload: [UInt8]) -> [UInt8] {
        var writer = ByteWriter()
        writer.write(UInt32(8 + payload.count))
        writer.write(type)
        writer.write(bytes: payload)
        return writer.bytes
    }

    /// A `moof` whose `traf` holds `trafExtra` after its run, and which holds `moofExtra` last.
    static func moof(trafExtra: [UInt8] = [], moofExtra: [UInt8] = []) throws -> Box {
        let tfhd = box("tfhd", [0, 2, 0, 0, 0, 0, 0, 1])
        let tfdt = box("tfdt", [0, 0, 0, 0, 0, 0, 0, 0])
        let trun = box("trun", [0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 9])
        let traf = box("traf", tfhd + tfdt + trun + trafExtra)
        let bytes = box("moof", box("mfhd", [0, 0, 0, 0, 0, 0, 0, 1]) + traf + moofExtra)
        return try #require(try BoxTreeParser.parseBoxes(bytes).first)
    }

    @Test func aFragmentOfStructureOnlyIsNotMarked() throws {
        #expect(!FragmentTally.holdsOtherBoxes(try Self.moof()))
    }

    @Test(arguments: [
        ("traf/udta", Self.box("udta", Self.box("©cmt", [0, 1, 0, 0] + Array("private".utf8))), []),
        ("moof/udta", [], Self.box("udta", [])),
        ("moof/meta", [], Self.box("meta", [0, 0, 0, 0])),
        ("traf/free", Self.box("free", [1, 2, 3]), []),
        ("traf/zzzz", Self.box("zzzz", [7]), []),
        ("moof/mdat", [], Self.box("mdat", [1, 2])),
        ("moof/moov", [], Self.box("moov", [])),
    ] as [(String, [UInt8], [UInt8])])
    func aFragmentHoldingMoreIsMarked(_ name: String, _ trafExtra: [UInt8], _ moofExtra: [UInt8]) throws {
        #expect(FragmentTally.holdsOtherBoxes(try Self.moof(trafExtra: trafExtra, moofExtra: moofExtra)), "\(name)")
    }

    /// The summary lists the offsets of the marked fragments, in file order.
    @Test func theSummaryListsMarkedFragments() throws {
        var tally = FragmentTally()
        let plain = try Self.moof()
        let marked = try Self.moof(trafExtra: Self.box("udta", []))
        for (index, moof) in [plain, marked, plain, marked].enumerated() {
            var placed = moof
            placed.location = BoxLocation(path: "moof[\(index + 1)]", offset: UInt64(1000 * (index + 1)))
            tally.add(placed)
        }
        let summary = try tally.summary(movieExtends: nil)
        #expect(summary.fragmentCount == 4)
        #expect(summary.fragmentsWithOtherBoxes == [2000, 4000])
    }
}
