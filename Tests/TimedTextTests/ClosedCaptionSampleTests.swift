import Testing
import TimedText

/// `c608` samples as QTFF "Closed captioning sample data" lays them out: a sequence of atoms,
/// one of which must be `cdat` (field 1's pairs); `cdt2` carries field 2's in the files Apple's
/// and FFmpeg's tools write; unrecognised atoms are ignored. The bytes are written out here.
@Suite("Closed-caption samples")
struct ClosedCaptionSampleTests {
    @Test func bothFieldsInOneSample() throws {
        // cdat: RCL RCL (CC1); cdt2: RCL RCL (CC3, first byte 0x15) and a padding pair.
        let bytes: [UInt8] = [0, 0, 0, 12] + Array("cdat".utf8) + [0x94, 0x20, 0x94, 0x20]
            + [0, 0, 0, 14] + Array("cdt2".utf8) + [0x15, 0x20, 0x15, 0x20, 0x80, 0x80]
        let sample = try ClosedCaptionSample(bytes: bytes)
        #expect(sample.field1 == [CEA608BytePair(0x94, 0x20), CEA608BytePair(0x94, 0x20)])
        #expect(sample.field2 == [CEA608BytePair(0x15, 0x20), CEA608BytePair(0x15, 0x20), .padding])
        #expect(sample.encoded() == bytes)
    }

    @Test func fieldTwoAfterPaddingForFieldOne() throws {
        // A CC3 sample as FFmpeg writes one: field 1 nulls, field 2 "OK" (0x4F, 0x4B with its parity bit: 0xCB).
        let bytes: [UInt8] = [0, 0, 0, 10] + Array("cdat".utf8) + [0x80, 0x80]
            + [0, 0, 0, 10] + Array("cdt2".utf8) + [0x4F, 0xCB]
        let sample = try ClosedCaptionSample(bytes: bytes)
        #expect(sample.field1 == [.padding])
        #expect(sample.field2 == [CEA608BytePair(0x4F, 0xCB)])
        // Written from field 2 alone, the sample gets the padding cdat QTFF requires.
        #expect(ClosedCaptionSample(field1: [], field2: [CEA608BytePair(0x4F, 0xCB)]).encoded() == bytes)
    }

    @Test func unrecognisedAtomsAreIgnored() throws {
        let bytes: [UInt8] = [0, 0, 0, 10] + Array("free".utf8) + [1, 2]
            + [0, 0, 0, 10] + Array("cdt2".utf8) + [0x15, 0x2F]
            + [0, 0, 0, 10] + Array("cdat".utf8) + [0x94, 0x2C]
        let sample = try ClosedCaptionSample(bytes: bytes)
        #expect(sample.field1 == [CEA608BytePair(0x94, 0x2C)])
        #expect(sample.field2 == [CEA608BytePair(0x15, 0x2F)])
    }

    @Test func aSampleWithoutCdatIsRefused() {
        let bytes: [UInt8] = [0, 0, 0, 10] + Array("cdt2".utf8) + [0x15, 0x20]
        #expect(throws: SampleCodecError(.missingBox("cdat"))) { try ClosedCaptionSample(bytes: bytes) }
    }
}
