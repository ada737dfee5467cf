import Testing
import LegibleTestSupport
@testable import ISOBMFF

/// The fragment boxes as annotated bytes (ISO/IEC 14496-12 §8.8, §8.16.3): decoding gives the
/// values the bytes hold, encoding gives the bytes back, a count larger than the box is refused
/// before anything is allocated, and a version with no defined layout is refused.
@Suite struct FragmentBoxTests {
    /// Decodes `payload`, expecting it back when encoded.
    func decode<T: BoxPayload>(_ type: T.Type, _ boxType: FourCC, _ payload: [UInt8]) throws -> T {
        try TypedBoxTests().decode(type, boxType, payload)
    }

    @Test func flagValuesAreTheSpecifications() {
        // §8.8.7.1 and §8.8.8.1 tf_flags and tr_flags.
        #expect(TrackFragmentHeaderBox.Flags.baseDataOffsetPresent.rawValue == 0x000001)
        #expect(TrackFragmentHeaderBox.Flags.sampleDescriptionIndexPresent.rawValue == 0x000002)
        #expect(TrackFragmentHeaderBox.Flags.defaultSampleDurationPresent.rawValue == 0x000008)
        #expect(TrackFragmentHeaderBox.Flags.defaultSampleSizePresent.rawValue == 0x000010)
        #expect(TrackFragmentHeaderBox.Flags.defaultSampleFlagsPresent.rawValue == 0x000020)
        #expect(TrackFragmentHeaderBox.Flags.durationIsEmpty.rawValue == 0x010000)
        #expect(TrackFragmentHeaderBox.Flags.defaultBaseIsMoof.rawValue == 0x020000)
        #expect(TrackRunBox.Flags.dataOffsetPresent.rawValue == 0x000001)
        #expect(TrackRunBox.Flags.firstSampleFlagsPresent.rawValue == 0x000004)
        #expect(TrackRunBox.Flags.sampleDurationPresent.rawValue == 0x000100)
        #expect(TrackRunBox.Flags.sampleSizePresent.rawValue == 0x000200)
        #expect(TrackRunBox.Flags.sampleFlagsPresent.rawValue == 0x000400)
        #expect(TrackRunBox.Flags.sampleCompositionTimeOffsetsPresent.rawValue == 0x000800)
    }

    @Test func trackRunWithSizesAndSignedOffsets() throws {
        // Version 1, data offset, sizes and composition offsets; a bit no edition defines (0x000002) kept.
        let payload: [UInt8] = [1, 0, 0x0A, 0x03] + be32(2) + be32(UInt32(bitPattern: -8))
            + be32(100) + be32(UInt32(bitPattern: -5)) + be32(200) + be32(7)
        let run = try decode(TrackRunBox.self, "trun", payload)
        #expect(run.count == 2)
        #expect(run.dataOffset == -8 && run.firstSampleFlags == nil)
        #expect(run.entryFields == [.sampleSizePresent, .sampleCompositionTimeOffsetsPresent])
        #expect(run.otherFlags.rawValue == 0x000002)
        #expect(run.entry(0) == TrackRunBox.Entry(size: 100, compositionOffset: -5))
        #expect(run.entry(1) == TrackRunBox.Entry(size: 200, compositionOffset: 7))
    }

    @Test func trackRunOffsetsAreUnsignedInVersion0() throws {
        let run = try decode(TrackRunBox.self, "trun", [0, 0, 0x08, 0x00] + be32(1) + be32(0xFFFF_FFFB))
        #expect(run.entry(0).compositionOffset == 0xFFFF_FFFB)
    }

    @Test func aTrackRunCountLargerThanItsBoxIsRefused() {
        var reader = ByteReader([0, 0, 0x01, 0x00] + be32(0x4000_0000) + be32(1))
        #expect {
            try TrackRunBox(parsing: &reader, type: "trun")
        } throws: { error in
            guard case .countExceedsBox(_, 0x4000_0000)? = (error as? BoxError)?.kind else { return false }
            return true
        }
    }

    @Test func trackFragmentHeaderWithEveryField() throws {
        let payload: [UInt8] = [0, 0x03, 0x00, 0x3B] + be32(3) + be64(1 << 33) + be32(2) + be32(1024) + be32(500)
            + be32(0x0101_0000)
        let header = try decode(TrackFragmentHeaderBox.self, "tfhd", payload)
        #expect(header.trackID == 3 && header.baseDataOffset == 1 << 33 && header.descriptionIndex == 2)
        #expect(header.defaultDuration == 1024 && header.defaultSize == 500 && header.defaultFlags == 0x0101_0000)
        #expect(header.durationIsEmpty && header.defaultBaseIsMoof)
        #expect(header.flags.rawValue == 0x03_003B)
    }

    @Test func decodeTimeVersions() throws {
        #expect(try decode(TrackFragmentBaseMediaDecodeTimeBox.self, "tfdt", [0, 0, 0, 0] + be32(90_000)).baseMediaDecodeTime == 90_000)
        #expect(try decode(TrackFragmentBaseMediaDecodeTimeBox.self, "tfdt", [1, 0, 0, 0] + be64(1 << 40)).baseMediaDecodeTime == 1 << 40)
        var reader = ByteReader([2, 0, 0, 0] + be64(1))
        #expect(throws: BoxError.self) { try TrackFragmentBaseMediaDecodeTimeBox(parsing: &reader, type: "tfdt") }
        // A version 0 time that grows past 32 bits is written in 64, not cut short.
        var narrow = try decode(TrackFragmentBaseMediaDecodeTimeBox.self, "tfdt", [0, 0, 0, 0] + be32(1))
        narrow.baseMediaDecodeTime = 1 << 32
        #expect(narrow.payload == [1, 0, 0, 0] + be64(1 << 32))
    }

    @Test func trackExtends() throws {
        let trex = try decode(TrackExtendsBox.self, "trex", [0, 0, 0, 0] + be32(2) + be32(1) + be32(512) + be32(9) + be32(0x0001_0000))
        #expect(trex.trackID == 2 && trex.descriptionIndex == 1 && trex.duration == 512 && trex.size == 9)
        #expect(TrackExtendsBox.isNonSync(trex.sampleFlags))
        #expect(TrackExtendsBox(trackID: 2).payload == [0, 0, 0, 0] + be32(2) + be32(1) + be32(0) + be32(0) + be32(0))
    }

    @Test func segmentIndexReferences() throws {
        // Version 0: reference ID 1, timescale 1000, earliest 10, first offset 0, reserved 0, 2 references.
        let payload: [UInt8] = [0, 0, 0, 0] + be32(1) + be32(1000) + be32(10) + be32(0) + be16(0) + be16(2)
            + be32(0x8000_0000 | 300) + be32(2000) + be32(0x9000_0000)
            + be32(400) + be32(1000) + be32(0x0000_0005)
        let index = try decode(SegmentIndexBox.self, "sidx", payload)
        #expect(index.referenceID == 1 && index.timescale == 1000 && index.earliestPresentationTime == 10)
        #expect(index.references == [
            SegmentIndexBox.Reference(isSegmentIndex: true, referencedSize: 300, subsegmentDuration: 2000, streamAccessPoint: 0x9000_0000),
            SegmentIndexBox.Reference(isSegmentIndex: false, referencedSize: 400, subsegmentDuration: 1000, streamAccessPoint: 5),
        ])
        var reader = ByteReader([0, 0, 0, 0] + be32(1) + be32(1000) + be32(0) + be32(0) + be16(0) + be16(3) + be32(0))
        #expect(throws: BoxError.self) { try SegmentIndexBox(parsing: &reader, type: "sidx") }
    }

    @Test func randomAccessEntriesOfEveryWidth() throws {
        // Version 1; traf numbers 1 byte, trun numbers 2, sample numbers 3 (sizes 0b00_01_10).
        let payload: [UInt8] = [1, 0, 0, 0] + be32(4) + be32(0b00_01_10) + be32(2)
            + be64(0) + be64(1200) + [1] + [0, 1] + [0, 0, 1]
            + be64(9000) + be64(50_000) + [2] + [0, 3] + [1, 0, 0]
        let table = try decode(TrackFragmentRandomAccessBox.self, "tfra", payload)
        #expect(table.trackID == 4)
        #expect(table.entries == [
            TrackFragmentRandomAccessBox.Entry(time: 0, moofOffset: 1200, trafNumber: 1, trunNumber: 1, sampleNumber: 1),
            TrackFragmentRandomAccessBox.Entry(time: 9000, moofOffset: 50_000, trafNumber: 2, trunNumber: 3, sampleNumber: 65536),
        ])
        // A traf number past one byte widens its field instead of being cut short.
        var wider = table
        wider.entries[0].trafNumber = 300
        var reader = ByteReader(wider.payload)
        #expect(try TrackFragmentRandomAccessBox(parsing: &reader, type: "tfra").entries[0].trafNumber == 300)
    }

    @Test func randomAccessOffset() throws {
        #expect(try decode(MovieFragmentRandomAccessOffsetBox.self, "mfro", [0, 0, 0, 0] + be32(224)).size == 224)
    }

    @Test func theRegistryRefusesUndefinedVersions() throws {
        let tfhd = Box(type: "tfhd", payload: [1, 0, 0, 0] + be32(1))
        guard case .failure(let error)? = BoxRegistry.isobmff.decode(tfhd, in: BoxContext(parent: "traf")) else {
            Issue.record("a version 1 tfhd is not reported")
            return
        }
        #expect(error.message.contains("version 1"))
    }
}
