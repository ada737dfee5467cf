import Testing
import LegibleTestSupport
@testable import ISOBMFF

/// Each box as annotated bytes: decoding gives the expected values and encoding gives the bytes back.
@Suite struct TypedBoxTests {
    func decode<T: BoxPayload>(_ type: T.Type, _ boxType: FourCC, _ payload: [UInt8]) throws -> T {
        var reader = ByteReader(payload)
        let value = try T(parsing: &reader, type: boxType)
        #expect(value.payload == payload, "encoding \(boxType) gives the bytes back")
        return value
    }

    @Test func trackHeaderVersion0() throws {
        let payload: [UInt8] = [0, 0, 0, 3]   // version 0, flags enabled|inMovie
            + be32(10) + be32(20)             // creation, modification
            + be32(2) + be32(0)               // track ID, reserved
            + be32(4000) + be64(0)            // duration, reserved
            + be16(0xFFFF) + be16(2)          // layer -1, alternate group 2
            + be16(0x0100) + be16(0)          // volume 1.0, reserved
            + be32(0x10000) + be32(0) + be32(0) + be32(0) + be32(0x10000) + be32(0) + be32(0) + be32(0) + be32(0x4000_0000)
            + be32(640 << 16) + be32(360 << 16)
        let tkhd = try decode(TrackHeaderBox.self, "tkhd", payload)
        #expect(tkhd.trackID == 2)
        #expect(tkhd.isEnabled)
        #expect(tkhd.layer == -1)
        #expect(tkhd.alternateGroup == 2)
        #expect(tkhd.matrix == .identity)
        #expect(tkhd.width == 640 << 16)
    }

    @Test func trackHeaderVersion1UsesWideTimes() throws {
        let payload: [UInt8] = [1, 0, 0, 1] + be64(1) + be64(2) + be32(7) + be32(0) + be64(1 << 40) + be64(0)
            + be16(0) + be16(0) + be16(0) + be16(0) + [UInt8](repeating: 0, count: 36) + be32(0) + be32(0)
        let tkhd = try decode(TrackHeaderBox.self, "tkhd", payload)
        #expect(tkhd.duration == 1 << 40)
        #expect(tkhd.trackID == 7)
    }

    @Test(arguments: [
        (UInt16(0x15C7), "eng", false), (0x55C4, "und", false), (0x1A41, "fra", false), (0x2A0E, "jpn", false),
        (0, "eng", true), (2, "deu", true), (6, "spa", true), (11, "jpn", true), (33, "zho", true), (128, "cym", true),
        (0x7FFF, "und", false), (99, "und", true),
    ])
    func mediaLanguageCodes(raw: UInt16, code: String, macintosh: Bool) {
        let language = MediaLanguage(rawValue: raw)
        #expect(language.iso639Code == code)
        #expect(language.isMacintosh == macintosh)
    }

    @Test func packsIsoLanguage() {
        #expect(MediaLanguage(iso639: "eng")?.rawValue == 0x15C7)
        #expect(MediaLanguage(iso639: "EN") == nil)
    }

    @Test func mediaHeaderWithMacintoshLanguage() throws {
        let payload: [UInt8] = [0, 0, 0, 0] + be32(0) + be32(0) + be32(44100) + be32(88200) + be16(2) + be16(0)
        let mdhd = try decode(MediaHeaderBox.self, "mdhd", payload)
        #expect(mdhd.timescale == 44100)
        #expect(mdhd.durationSeconds == 2)
        #expect(mdhd.language.iso639Code == "deu")
    }

    @Test func extendedLanguageBothForms() throws {
        let full = try decode(ExtendedLanguageBox.self, "elng", [0, 0, 0, 0] + ascii("en-US") + [0])
        #expect(full.tag == "en-US")
        let bare = try decode(ExtendedLanguageBox.self, "elng", ascii("zh-Hant") + [0])
        #expect(bare.tag == "zh-Hant")
        #expect(!bare.hasVersionAndFlags)
    }

    @Test func handlerNamesInBothDialects() throws {
        let prefix: [UInt8] = [0, 0, 0, 0] + ascii("mhlr") + ascii("sbtl") + [UInt8](repeating: 0, count: 12)
        let pascal = try decode(HandlerBox.self, "hdlr", prefix + [5] + ascii("Subs!"))
        #expect(pascal.name == "Subs!" && pascal.nameForm == .pascal)
        let iso = try decode(HandlerBox.self, "hdlr", prefix + ascii("SubtitleHandler") + [0])
        #expect(iso.name == "SubtitleHandler" && iso.nameForm == .nullTerminated)
        #expect(iso.handlerType == "sbtl")
        let empty = try decode(HandlerBox.self, "hdlr", prefix + [0])
        #expect(empty.name.isEmpty)
    }

    @Test func characteristicTagMatchesQTFFExample() throws {
        let tag = MediaCharacteristicTagBox(characteristic: "public.easy-to-read")
        let box = try tag.makeBox().encoded()
        #expect(box == [0x00, 0x00, 0x00, 0x1B] + ascii("tagc") + ascii("public.easy-to-read"))
    }

    @Test func sampleSizesConstantTableAndCompact() throws {
        let constant = try decode(SampleSizeBox.self, "stsz", [0, 0, 0, 0] + be32(512) + be32(3))
        #expect(constant.size(ofSample: 2) == 512)
        let table = try decode(SampleSizeBox.self, "stsz", [0, 0, 0, 0] + be32(0) + be32(2) + be32(10) + be32(20))
        #expect(table.size(ofSample: 1) == 20)
        let nibbles = try decode(SampleSizeBox.self, "stz2", [0, 0, 0, 0] + be32(4) + be32(3) + [0x12, 0x30])
        #expect((0..<3).map { nibbles.size(ofSample: $0) } == [1, 2, 3])
        let shorts = try decode(SampleSizeBox.self, "stz2", [0, 0, 0, 0] + be32(16) + be32(1) + be16(700))
        #expect(shorts.size(ofSample: 0) == 700)
    }

    @Test func sampleSizeCountBeyondBoxIsRejected() {
        var reader = ByteReader([0, 0, 0, 0] + be32(0) + be32(0xFFFF_FFFF), path: "moov/trak[2]/mdia/minf/stbl/stsz")
        #expect(throws: BoxError.self) { try SampleSizeBox(parsing: &reader, type: "stsz") }
    }

    @Test func chunkOffsetsPickTheirWidth() throws {
        let small = ChunkOffsetBox(offsets: [8, 1000])
        #expect(small.boxType == "stco")
        let large = ChunkOffsetBox(offsets: [8, 1 << 33])
        #expect(large.boxType == "co64")
        let decoded = try decode(ChunkOffsetBox.self, "co64", large.payload)
        #expect(decoded.offset(ofChunk: 1) == 1 << 33)
    }

    @Test func editListVersions() throws {
        let v0 = try decode(EditListBox.self, "elst", [0, 0, 0, 0] + be32(2) + be32(1000) + be32(0xFFFF_FFFF) + be32(0x10000)
            + be32(5000) + be32(1024) + be32(0x10000))
        #expect(v0.entries.map(\.mediaTime) == [-1, 1024])
        let v1 = try decode(EditListBox.self, "elst", [1, 0, 0, 0] + be32(1) + be64(1 << 36) + be64(0) + be32(0x10000))
        #expect(v1.entries.first?.segmentDuration == 1 << 36)
    }

    @Test func timeToSampleTotals() throws {
        let stts = try decode(TimeToSampleBox.self, "stts", [0, 0, 0, 0] + be32(2) + be32(3) + be32(1000) + be32(1) + be32(500))
        #expect(stts.totals.samples == 4)
        #expect(stts.totals.duration == 3500)
    }

    @Test func internationalTextWithBothLengthConventions() throws {
        let bare = [0x00, 0x05, 0x15, 0xC7] + ascii("Hello")
        var reader = ByteReader(bare)
        let item = try InternationalTextBox(parsing: &reader, type: "©nam")
        #expect(item.records.first?.text == "Hello")
        #expect(item.records.first?.language.iso639Code == "eng")
        #expect(item.payload == bare)
        let counted = [0x00, 0x09, 0x00, 0x00] + ascii("Hello")
        var countedReader = ByteReader(counted)
        let old = try InternationalTextBox(parsing: &countedReader, type: "©nam")
        #expect(old.lengthIncludesHeader && old.records.first?.text == "Hello")
        #expect(old.payload == counted)
    }

    @Test func trackReferencesListIDs() throws {
        let box = Box(type: "folw", payload: be32(3) + be32(4))
        let reference = try TrackReferenceTypeBox(reference: box)
        #expect(reference.trackIDs == [3, 4])
        #expect(reference.referenceType == "folw")
    }
}
