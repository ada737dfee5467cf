import Foundation
import ISOBMFF
import LegibleTestSupport
import Testing
@testable import Movie

/// Movie fragments read into samples (ISO/IEC 14496-12 §8.8): every `trun` field and flag,
/// `trex` and `tfhd` defaults, each way data offsets are based (§8.8.7.1), `tfdt` versions, and
/// the bounds a hostile file meets. Expected places and times are worked out from the bytes
/// the test lays out, by the rules of the standard.
@Suite struct FragmentSampleIndexTests {
    static let nonSync: UInt32 = 0x0001_0000

    /// `ftyp`, `moov` (tracks 1 and 2, empty sample tables, `mvex` with `trex` defaults), then
    /// each fragment's `moof` and `mdat`, in order. `fragments` gets each `moof`'s file offset
    /// and the offset of its `mdat` payload, and returns the `moof`.
    static func file(fragments: [(_ moof: UInt64, _ data: UInt64) -> (moof: TestBox, data: [UInt8])]) -> [UInt8] {
        let trex1 = CraftedMovie.fullBox("trex", be32(1) + be32(1) + be32(10) + be32(4) + be32(nonSync))
        let trex2 = CraftedMovie.fullBox("trex", be32(2) + be32(1) + be32(20) + be32(3) + be32(0))
        let moov = TestBox.container("moov", [CraftedMovie.mvhd(nextTrackID: 3), CraftedMovie.trak(id: 1),
                                              CraftedMovie.trak(id: 2, handler: "soun"), .container("mvex", [trex1, trex2])])
        var bytes = CraftedMovie.ftyp + moov.bytes
        for fragment in fragments {
            let start = UInt64(bytes.count)
            // The moof's size does not depend on the offsets it holds (fixed-width fields).
            let size = UInt64(fragment(start, start).moof.bytes.count)
            let built = fragment(start, start + size + 8)
            bytes += built.moof.bytes + TestBox.leaf("mdat", built.data).bytes
        }
        return bytes
    }

    static func traf(_ children: [TestBox]) -> TestBox { .container("traf", children) }
    static func moof(_ trafs: [TestBox]) -> TestBox { .container("moof", [CraftedMovie.fullBox("mfhd", be32(1))] + trafs) }

    func samples(_ bytes: [UInt8], track: UInt32 = 1, maxSamples: Int = 1000) throws -> [SampleTable.Sample] {
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
        return try movie.samples(of: try #require(movie.track(id: track)), maxSamples: maxSamples)
    }

    @Test func everyRunFieldAndEachBaseRule() throws {
        let bytes = Self.file(fragments: [
            { moofStart, data in
                // Track 1: default-base-is-moof, tfdt v1 = 1000, a run with every field: data offset,
                // first-sample flags (sync), per-sample duration, size, flags and signed composition
                // offsets (version 1).
                let run1 = CraftedMovie.fullBox("trun", version: 1, flags: 0x001 | 0x004 | 0x100 | 0x200 | 0x400 | 0x800,
                                                be32(2) + be32(UInt32(data - moofStart)) + be32(0)
                                                    + be32(30) + be32(5) + be32(Self.nonSync) + be32(UInt32(bitPattern: -10))
                                                    + be32(40) + be32(6) + be32(Self.nonSync) + be32(20))
                let traf1 = Self.traf([CraftedMovie.fullBox("tfhd", flags: 0x02_0000, be32(1)),
                                       CraftedMovie.fullBox("tfdt", version: 1, be64(1000)), run1])
                // Track 2: no base offset, not moof-based, not the first traf: its data follows
                // traf 1's (11 bytes); a run with no field uses the tfhd default size (7) and the
                // trex default duration (20).
                let traf2 = Self.traf([CraftedMovie.fullBox("tfhd", flags: 0x10, be32(2) + be32(7)),
                                       CraftedMovie.fullBox("trun", be32(2))])
                return (Self.moof([traf1, traf2]), [UInt8](repeating: 1, count: 11) + [UInt8](repeating: 2, count: 14))
            },
            { _, data in
                // Track 1 again: an explicit base data offset, no tfdt (time continues at 1070),
                // a run with a data offset of 0 and sizes from trex (4), then a run without a data
                // offset that continues after it, with a version 0 composition offset.
                let tfhd = CraftedMovie.fullBox("tfhd", flags: 0x01 | 0x08, be32(1) + be64(data) + be32(15))
                let runA = CraftedMovie.fullBox("trun", flags: 0x001, be32(2) + be32(0))
                let runB = CraftedMovie.fullBox("trun", flags: 0x800, be32(1) + be32(3))
                return (Self.moof([Self.traf([tfhd, runA, runB])]), [UInt8](repeating: 3, count: 12))
            },
        ])
        let moofs = BoxTreeParser.parse(MemoryByteSource(bytes)).boxes.filter { $0.type == "moof" }
        let firstData = moofs[0].location!.offset + moofs[0].header.totalSize + 8
        let secondData = moofs[1].location!.offset + moofs[1].header.totalSize + 8
        let one = try samples(bytes)
        #expect(one.map(\.offset) == [firstData, firstData + 5, secondData, secondData + 4, secondData + 8])
        #expect(one.map(\.size) == [5, 6, 4, 4, 4])
        #expect(one.map(\.decodeTime) == [1000, 1030, 1070, 1085, 1100])
        #expect(one.map(\.duration) == [30, 40, 15, 15, 15])
        #expect(one.map(\.compositionOffset) == [-10, 20, 0, 0, 3])
        // First-sample flags make the first sync; the others are non-sync by their own flags or trex's.
        #expect(one.map(\.isSync) == [true, false, false, false, false])
        #expect(one.map(\.index) == [0, 1, 2, 3, 4])
        let two = try samples(bytes, track: 2)
        #expect(two.map(\.offset) == [firstData + 11, firstData + 18])
        #expect(two.map(\.size) == [7, 7])
        #expect(two.map(\.decodeTime) == [0, 20])
        #expect(two.allSatisfy { $0.isSync })
        // The header summary agrees.
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
        #expect(movie.sampleCount(of: movie.track(id: 1)!) == 5)
        #expect(movie.fragments?.tracks[1]?.duration == 115)
        #expect(movie.fragments?.tracks[2]?.duration == 40)
    }

    @Test func aSamplePastTheEndOfTheFileIsNamed() throws {
        let bytes = Self.file(fragments: [{ moofStart, data in
            let run = CraftedMovie.fullBox("trun", flags: 0x001 | 0x200, be32(1) + be32(UInt32(data - moofStart)) + be32(1_000_000))
            return (Self.moof([Self.traf([CraftedMovie.fullBox("tfhd", flags: 0x02_0000, be32(1)), run])]), [1, 2, 3])
        }])
        #expect {
            try samples(bytes)
        } throws: { error in
            let error = error as? BoxError
            return error?.message.contains("past the end of the file") == true && error?.location?.path.hasSuffix("trun") == true
        }
    }

    @Test func aDataOffsetBeforeTheFileIsNamed() throws {
        let bytes = Self.file(fragments: [{ _, _ in
            let run = CraftedMovie.fullBox("trun", flags: 0x001, be32(1) + be32(UInt32(bitPattern: -1_000_000)))
            return (Self.moof([Self.traf([CraftedMovie.fullBox("tfhd", flags: 0x02_0000, be32(1)), run])]), [1, 2, 3, 4])
        }])
        #expect(throws: BoxError.self) { try samples(bytes) }
    }

    @Test func aCountLargerThanTheRunIsRefusedBeforeAnythingIsAllocated() throws {
        let bytes = Self.file(fragments: [{ _, _ in
            let run = CraftedMovie.fullBox("trun", flags: 0x200, be32(0xFFFF_FFFF) + be32(4))
            return (Self.moof([Self.traf([CraftedMovie.fullBox("tfhd", flags: 0x02_0000, be32(1)), run])]), [1, 2, 3, 4])
        }])
        #expect(throws: BoxError.self) { try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes))) }
    }

    @Test func theSampleBudgetHolds() throws {
        // 5 samples with no fields (trex size 4, duration 10) against a budget of 3.
        let bytes = Self.file(fragments: [{ _, _ in
            (Self.moof([Self.traf([CraftedMovie.fullBox("tfhd", flags: 0x02_0000, be32(1)), CraftedMovie.fullBox("trun", be32(5))])]),
             [UInt8](repeating: 0, count: 200))
        }])
        #expect(try samples(bytes, maxSamples: 5).count == 5)
        #expect(throws: BoxError.self) { try samples(bytes, maxSamples: 3) }
    }

    @Test func boxesRoundTrip() throws {
        let header = TrackFragmentHeaderBox(trackID: 7, baseDataOffset: 123, descriptionIndex: 2, defaultDuration: 3,
                                            defaultSize: 4, defaultFlags: 5, durationIsEmpty: true, defaultBaseIsMoof: true)
        #expect(try TrackFragmentHeaderBox(header.makeBox()) == header)
        let entries = [TrackRunBox.Entry(duration: 1, size: 2, flags: 3, compositionOffset: -4),
                       TrackRunBox.Entry(duration: 5, size: 6, flags: 7, compositionOffset: 8)]
        let run = try TrackRunBox(TrackRunBox(entries: entries, dataOffset: -9, firstSampleFlags: 10).makeBox())
        #expect(run.version == 1 && run.dataOffset == -9 && run.firstSampleFlags == 10)
        #expect((0..<run.count).map(run.entry) == entries)
    }
}
