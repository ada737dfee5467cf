import Testing
import LegibleTestSupport
import ISOBMFF

/// Sound sample entries of every layout, built field by field from QTFF "Sound sample
/// description" (versions 0, 1, 2) and ISO/IEC 14496-12 §12.2.3 (AudioSampleEntryV1), parsed
/// in a `trak` whose handler is `soun` as the tree parser sees them in a file.
@Suite struct SoundSampleEntryTests {
    /// The 8 SampleEntry bytes: reserved, data reference index 1.
    static let sampleEntryHeader = [UInt8](repeating: 0, count: 6) + be16(1)

    /// The 20 fields every layout shares: version, revision level, vendor, channels, sample
    /// size, compression ID, packet size, 16.16 sample rate.
    static func sharedFields(version: UInt16, channels: UInt16, sampleSize: UInt16, compressionID: UInt16 = 0,
                             rate: UInt32) -> [UInt8] {
        be16(version) + be16(0) + be32(0) + be16(channels) + be16(sampleSize) + be16(compressionID) + be16(0) + be32(rate)
    }

    /// QTFF version 2's fields after the placeholders.
    static func version2Fields(rate: Double, channels: UInt32, bitsPerChannel: UInt32) -> [UInt8] {
        be32(72)                       // sizeOfStructOnly: 16 + 20 + 36
            + be64(rate.bitPattern)    // audioSampleRate
            + be32(channels)           // numAudioChannels
            + be32(0x7F00_0000)        // always7F000000
            + be32(bitsPerChannel)     // constBitsPerChannel
            + be32(1)                  // formatSpecificFlags: kAudioFormatFlagIsFloat
            + be32(bitsPerChannel / 8 * channels)  // constBytesPerAudioPacket
            + be32(1)                  // constLPCMFramesPerAudioPacket
    }

    /// The placeholders QTFF prescribes for version 2's shared fields.
    static let version2Placeholders = sharedFields(version: 2, channels: 3, sampleSize: 16, compressionID: 0xFFFE,
                                                   rate: 0x0001_0000)

    /// A channel layout box (QTFF `chan`): stereo.
    static var chan: TestBox { .leaf("chan", be32(0) + be32(0x0065_0002) + be32(0) + be32(0)) }

    /// Parses `entry` inside `moov/trak/mdia/minf/stbl/stsd` (of version `stsdVersion`) of a
    /// sound track and returns the entry box as the tree holds it.
    static func parsedEntry(_ entry: TestBox, stsdVersion: UInt8 = 0) throws -> Box {
        let hdlr = TestBox.leaf("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + ascii("soun") + [UInt8](repeating: 0, count: 13))
        let stsd = TestBox.container("stsd", prefix: [stsdVersion, 0, 0, 0] + be32(1), [entry])
        let trak = TestBox.container("trak", [.container("mdia", [hdlr, .container("minf", [.container("stbl", [stsd])])])])
        let file = BoxTreeParser.parse(MemoryByteSource(TestBox.container("moov", [trak]).bytes))
        return try #require(file.box("moov")?.descendant(["trak", "mdia", "minf", "stbl", "stsd"])?.children.first)
    }

    @Test func version0() throws {
        let entry = try Self.parsedEntry(.container("sowt", prefix: Self.sampleEntryHeader
            + Self.sharedFields(version: 0, channels: 2, sampleSize: 16, rate: 44100 << 16), [Self.chan]))
        #expect(entry.children.map(\.type) == ["chan"])
        let audio = try #require(try SampleEntry(entry, handler: "soun").audio)
        #expect(audio.channels == 2 && audio.sampleSize == 16 && audio.sampleRate == 44100)
    }

    @Test func quickTimeVersion1KeepsChannelsAndRateInTheSharedFields() throws {
        // 24-bit PCM, 6 channels: samples per packet 1, bytes per packet 3, bytes per frame 18,
        // bytes per sample 2 (QTFF: 2 for anything wider than 8 bits).
        let packetFields = be32(1) + be32(3) + be32(18) + be32(2)
        let entry = try Self.parsedEntry(.container("in24", prefix: Self.sampleEntryHeader
            + Self.sharedFields(version: 1, channels: 6, sampleSize: 16, compressionID: 0xFFFE, rate: 48000 << 16)
            + packetFields, [Self.chan]))
        #expect(entry.children.map(\.type) == ["chan"])
        let decoded = try SampleEntry(entry, handler: "soun")
        #expect(!decoded.isAudioSampleEntryV1 && decoded.fieldBytes.count == 44)
        let audio = try #require(decoded.audio)
        #expect(audio.channels == 6 && audio.sampleSize == 16 && audio.sampleRate == 48000)
    }

    @Test func isoAudioSampleEntryV1HasNoQuickTimeFields() throws {
        // entry_version 1 in an `stsd` of version 1, then the child boxes at once.
        let esds = TestBox.leaf("esds", [0, 0, 0, 0, 3, 0])
        let entry = try Self.parsedEntry(.container("mp4a", prefix: Self.sampleEntryHeader
            + Self.sharedFields(version: 1, channels: 2, sampleSize: 16, rate: 48000 << 16), [esds]), stsdVersion: 1)
        let audio = try #require(try SampleEntry(entry, handler: "soun").audio)
        #expect(audio.channels == 2 && audio.sampleSize == 16 && audio.sampleRate == 48000)
    }

    /// ISO/IEC 14496-12 §12.2.5 SamplingRateBox: version and flags 0, the rate in Hz.
    static func srat(_ rate: UInt32) -> TestBox { .leaf("srat", be32(0) + be32(rate)) }

    /// An AudioSampleEntryV1 of `rate` whose `samplerate` field holds half of it (§12.2.3.3: a
    /// division of the rate when `srat` is present), then `children`.
    static func entryV1(rate: UInt32, _ children: [TestBox]) -> TestBox {
        .container("mp4a", prefix: sampleEntryHeader + sharedFields(version: 1, channels: 2, sampleSize: 16, rate: rate / 2 << 16), children)
    }

    /// A `srat` of 16 bytes first fills exactly the 16 bytes QTFF's version 1 has as packet
    /// fields; the entry is still ISO's: its boxes are `srat` and `esds`, its rate `srat`'s,
    /// and it encodes back to its bytes.
    @Test func audioSampleEntryV1WithSamplingRateFirst() throws {
        let built = Self.entryV1(rate: 96000, [Self.srat(96000), .leaf("esds", [0, 0, 0, 0, 3, 0])])
        let entry = try Self.parsedEntry(built, stsdVersion: 1)
        let decoded = try SampleEntry(entry, handler: "soun")
        #expect(decoded.isAudioSampleEntryV1)
        #expect(decoded.fieldBytes.count == 28)
        #expect(decoded.children?.boxes.map(\.type) == ["srat", "esds"])
        #expect(decoded.audio?.sampleRate == 96000 && decoded.audio?.channels == 2)
        #expect(decoded.fields.contains(BoxField("sampleRate", .number(96000))))
        #expect(try decoded.makeBox().encoded() == built.bytes)
    }

    /// After other boxes the `srat` leaves QTFF's layout without a tiling: the tree keeps the
    /// entry whole, and the decoder finds ISO's boxes in it.
    @Test func audioSampleEntryV1WithSamplingRateLast() throws {
        let built = Self.entryV1(rate: 192_000, [.leaf("esds", [0, 0, 0, 0, 3, 0, 0, 0]), Self.srat(192_000)])
        let entry = try Self.parsedEntry(built, stsdVersion: 1)
        let decoded = try SampleEntry(entry, handler: "soun")
        #expect(decoded.isAudioSampleEntryV1)
        #expect(decoded.children?.boxes.map(\.type) == ["esds", "srat"])
        #expect(decoded.audio?.sampleRate == 192_000)
        #expect(try decoded.makeBox().encoded() == built.bytes)
    }

    /// A new rate goes into `srat`; the 16.16 field, which cannot hold it, is left as it was.
    @Test func aChangedRateIsWrittenToSamplingRate() throws {
        let entry = try Self.parsedEntry(Self.entryV1(rate: 96000, [Self.srat(96000)]), stsdVersion: 1)
        var decoded = try SampleEntry(entry, handler: "soun")
        decoded.audio?.sampleRate = 88200
        let written = try decoded.makeBox().encoded()
        let expected = Self.entryV1(rate: 96000, [Self.srat(88200)]).bytes
        #expect(written == expected)
    }

    @Test func version2ReadsTheRealValuesAfterThePlaceholders() throws {
        let entry = try Self.parsedEntry(.container("lpcm", prefix: Self.sampleEntryHeader + Self.version2Placeholders
            + Self.version2Fields(rate: 96000, channels: 2, bitsPerChannel: 32), [Self.chan]))
        #expect(entry.children.map(\.type) == ["chan"])
        let decoded = try SampleEntry(entry, handler: "soun")
        let audio = try #require(decoded.audio)
        #expect(audio.channels == 2 && audio.sampleSize == 32 && audio.sampleRate == 96000)
        #expect(decoded.fields.contains(BoxField("sampleRate", .number(96000))))
    }

    @Test func version2RateNeedNotBeAnInteger() throws {
        let entry = try Self.parsedEntry(.leaf("lpcm", Self.sampleEntryHeader + Self.version2Placeholders
            + Self.version2Fields(rate: 22050.5, channels: 1, bitsPerChannel: 16)))
        let audio = try #require(try SampleEntry(entry, handler: "soun").audio)
        #expect(audio.channels == 1 && audio.sampleRate == 22050.5)
    }

    @Test(arguments: [
        ("truncated", Array(version2Fields(rate: 96000, channels: 2, bitsPerChannel: 32).prefix(20))),
        ("NaN rate", version2Fields(rate: .nan, channels: 2, bitsPerChannel: 32)),
        ("infinite rate", version2Fields(rate: .infinity, channels: 2, bitsPerChannel: 32)),
        ("negative rate", version2Fields(rate: -48000, channels: 2, bitsPerChannel: 32)),
        ("too many channels", version2Fields(rate: 48000, channels: 0x1_0000, bitsPerChannel: 32)),
    ])
    func version2WithoutBelievableValuesHasNoAudioFormat(_ problem: String, _ fields: [UInt8]) throws {
        let entry = try Self.parsedEntry(.leaf("lpcm", Self.sampleEntryHeader + Self.version2Placeholders + fields))
        let decoded = try SampleEntry(entry, handler: "soun")
        // The placeholders (3 channels, 1 Hz) are not the audio format either.
        #expect(decoded.audio == nil, "\(problem)")
    }

    @Test func otherVersionsAreReadAsVersion0() throws {
        // ISO calls the u16 reserved; only QuickTime's 1 and 2 change the layout.
        let entry = try Self.parsedEntry(.leaf("twos", Self.sampleEntryHeader
            + Self.sharedFields(version: 3, channels: 2, sampleSize: 8, rate: 8000 << 16)))
        let audio = try #require(try SampleEntry(entry, handler: "soun").audio)
        #expect(audio.channels == 2 && audio.sampleSize == 8 && audio.sampleRate == 8000)
    }
}
