import ISOBMFF
import LegibleTestSupport
import Testing

/// A sample entry writes its decoded values over the fields it was read from, at the offsets
/// ISO/IEC 14496-12 §12.1.3 (VisualSampleEntry) and QTFF "Sound sample description" give them.
@Suite struct SampleEntryEncodingTests {
    /// VisualSampleEntry fields after the 8 SampleEntry bytes: pre_defined and reserved (16),
    /// width, height, resolutions, reserved, frame count (14), compressor name (32), depth,
    /// pre_defined.
    static func visualFields(width: UInt16, height: UInt16, name: [UInt8]) -> [UInt8] {
        [UInt8](repeating: 0, count: 16) + be16(width) + be16(height) + be32(0x0048_0000) + be32(0x0048_0000) + be32(0)
            + be16(1) + [UInt8(name.count)] + name + [UInt8](repeating: 0, count: 31 - name.count) + be16(24) + be16(0xFFFF)
    }

    static func payload(_ box: Box) throws -> [UInt8] {
        Array(try box.encoded().dropFirst(Int(box.headerForWriting.headerSize)))
    }

    @Test func videoValuesAreWrittenInPlace() throws {
        let reserved: [UInt8] = [1, 2, 3, 4, 5, 6]   // not zero, and kept
        let pasp = TestBox.leaf("pasp", be32(1) + be32(1))
        let bytes = TestBox.container("avc1", prefix: reserved + be16(1) + Self.visualFields(width: 160, height: 90, name: ascii("Lavc")),
                                      [pasp]).bytes
        let box = try #require(try BoxTreeParser.parseBoxes(bytes).first)
        var entry = try SampleEntry(box, handler: "vide")
        #expect(try Self.payload(entry.makeBox()) == Self.payload(box))
        entry.pixelSize = (1920, 1080)
        entry.compressorName = "x264"
        entry.dataReferenceIndex = 2
        let changed = try Self.payload(entry.makeBox())
        #expect(changed == reserved + be16(2) + Self.visualFields(width: 1920, height: 1080, name: ascii("x264")) + pasp.bytes)
        let reread = try SampleEntry(try #require(try BoxTreeParser.parseBoxes(try entry.makeBox().encoded()).first), handler: "vide")
        #expect(reread == entry)
    }

    /// A name that is not UTF-8 decodes with U+FFFD; unchanged, its bytes are written as read.
    @Test func anUnchangedCompressorNameKeepsItsBytes() throws {
        let bytes = TestBox.leaf("avc1", [0, 0, 0, 0, 0, 0] + be16(1) + Self.visualFields(width: 2, height: 2, name: [0x4C, 0xFF, 0x63])).bytes
        let box = try #require(try BoxTreeParser.parseBoxes(bytes).first)
        let entry = try SampleEntry(box, handler: "vide")
        #expect(entry.compressorName == "L\u{FFFD}c")
        #expect(try Self.payload(entry.makeBox()) == Self.payload(box))
    }

    @Test func soundValuesAreWrittenInPlace() throws {
        let header = SoundSampleEntryTests.sampleEntryHeader
        let version0 = TestBox.leaf("sowt", header + SoundSampleEntryTests.sharedFields(version: 0, channels: 2, sampleSize: 16, rate: 44100 << 16))
        var entry = try SampleEntry(try #require(try BoxTreeParser.parseBoxes(version0.bytes).first), handler: "soun")
        entry.audio = (1, 8, 22050)
        #expect(try Self.payload(entry.makeBox()) == header + SoundSampleEntryTests.sharedFields(version: 0, channels: 1, sampleSize: 8, rate: 22050 << 16))

        let version2 = TestBox.leaf("lpcm", header + SoundSampleEntryTests.version2Placeholders
            + SoundSampleEntryTests.version2Fields(rate: 96000, channels: 2, bitsPerChannel: 32))
        entry = try SampleEntry(try #require(try BoxTreeParser.parseBoxes(version2.bytes).first), handler: "soun")
        entry.audio = (6, 24, 48000.5)
        let written = try Self.payload(entry.makeBox())
        // The placeholders stay; the real values after them change.
        #expect(written.prefix(28) == (header + SoundSampleEntryTests.version2Placeholders)[...])
        #expect(Array(written[32..<40]) == be64(48000.5.bitPattern))
        #expect(Array(written[40..<44]) == be32(6))
        #expect(Array(written[48..<52]) == be32(24))
    }
}
