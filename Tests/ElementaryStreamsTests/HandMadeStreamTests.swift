import ElementaryStreams
import ISOBMFF
import Testing

/// What the readers make of streams written field by field, where the expected samples and
/// configuration bytes follow from the specifications' syntax alone.
@Suite struct HandMadeStreamTests {
    typealias Make = HandMadeStreams

    static func read(_ bytes: [UInt8], name: String) throws -> ElementaryStream {
        try ElementaryStreamReader.read(MemoryByteSource(bytes), fileName: name)
    }

    @Test func adtsWithCRCLeavesHeaderAndCRCOut() throws {
        // 9-byte headers (7 + CRC) and 30-byte payloads, after a 6-byte ID3v2 tag (10 + 6).
        let tag = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 6] + [UInt8](repeating: 0, count: 6)
        let frame = Make.adts(payload: 30, crc: true)
        let stream = try Self.read(tag + frame + frame + frame, name: "crc.aac")
        #expect(stream.samples.offsets == [25, 64, 103])
        #expect(stream.samples.sizes == .varying([30, 30, 30]))
        #expect(stream.samples.runs.count == 3)
        #expect(stream.timescale == 44100 && stream.sampleDuration == 1024 && stream.duration == 3072)
        // AudioSpecificConfig: object type 2 (LC), index 4, 2 channels, three zero bits.
        var asc = Make.Bits()
        asc.put(2, 5); asc.put(4, 4); asc.put(2, 4); asc.put(0, 3)
        let esds = try #require(stream.sampleEntry.child("esds")?.data)
        #expect(try DescriptorWalk.decoderSpecificInfo(esds) == asc.bytes)
        // Three 30-byte samples in 3072 / 44100 s.
        #expect(stream.bitrate.average == 90 * 8 * 44100 / 3072)
        #expect(stream.bitrate.bufferSize == 30)
        #expect(stream.bitrate.maximum == 90 * 8)  // all three start in the first second
    }

    @Test func ac3FramesAreOneRun() throws {
        let stream = try Self.read(Make.ac3(bsmod: 2) + Make.ac3(bsmod: 2) + Make.ac3(bsmod: 2), name: "a.ac3")
        #expect(stream.samples.runs == [.init(offset: 0, sampleCount: 3, byteCount: 480)])
        #expect(stream.samples.sizes == .varying([160, 160, 160]))
        var dac3 = Make.Bits()
        // fscod 0, bsid 8, bsmod 2, acmod 2, lfeon 0, bit_rate_code 1, reserved.
        dac3.put(0, 2); dac3.put(8, 5); dac3.put(2, 3); dac3.put(2, 3); dac3.put(0, 1); dac3.put(1, 5); dac3.put(0, 5)
        #expect(stream.sampleEntry.child("dac3")?.data.map(Array.init) == dac3.bytes)
    }

    @Test func eac3OneBlockFramesMakeOneAccessUnit() throws {
        let oneBlock = Make.eac3(blocksCode: 0, size: 40)
        let stream = try Self.read(Array((0..<12).map { _ in oneBlock }.joined()), name: "a.ec3")
        #expect(stream.samples.offsets == [0, 240])
        #expect(stream.samples.sizes == .varying([240, 240]))
        #expect(stream.sampleDuration == 1536 && stream.timescale == 48000)
    }

    @Test func eac3DependentSubstreamsJoinTheirAccessUnit() throws {
        // An independent 5.1 substream and a dependent one mapping Lrs/Rrs (chanmap location 6,
        // counted from the most significant bit) and LFE2 (location 14),
        // then again. Its bsmod 3 (commentary) sits in the informational metadata.
        let unit = Make.eac3(acmod: 7, lfeon: true, bsmod: 3, size: 200)
            + Make.eac3(streamType: 1, acmod: 2, channelMap: 1 << (15 - 6) | 1 << (15 - 14), size: 60)
        let stream = try Self.read(unit + unit, name: "a.ec3")
        #expect(stream.samples.offsets == [0, 260])
        #expect(stream.samples.sizes == .varying([260, 260]))
        var dec3 = Make.Bits()
        dec3.put(260 * 8 * 48000 / 1536 / 1000, 13)  // data_rate
        dec3.put(0, 3)  // num_ind_sub - 1
        // fscod, bsid, reserved, asvc, bsmod, acmod, lfeon, reserved, num_dep_sub, chan_loc
        // (Table F.6.1: Lrs/Rrs 0x002, LFE2 0x100).
        dec3.put(0, 2); dec3.put(16, 5); dec3.put(0, 1); dec3.put(0, 1); dec3.put(3, 3); dec3.put(7, 3); dec3.put(1, 1)
        dec3.put(0, 3); dec3.put(1, 4); dec3.put(0x102, 9)
        #expect(stream.sampleEntry.child("dec3")?.data.map(Array.init) == dec3.bytes)
    }

    @Test func extensibleWAVBecomesLPCMVersion2() throws {
        // 20 valid bits in 24-bit containers, 2 channels: 6-byte frames, 5 of them.
        let wav = Make.wav(Make.chunk("LIST", [1, 2, 3]), Make.chunk("fmt ", Make.format(channels: 2, rate: 96000, bits: 24, validBits: 20)),
                           Make.chunk("data", [UInt8](repeating: 7, count: 30)))
        let stream = try Self.read(wav, name: "a.wav")
        #expect(stream.samples.sizes == .constant(6) && stream.samples.count == 5)
        // RIFF header 12, LIST 8 + 3 + pad, fmt 8 + 40, data header 8.
        #expect(stream.samples.runs == [.init(offset: 80, sampleCount: 5, byteCount: 30)])
        #expect(stream.timescale == 96000 && stream.sampleDuration == 1)
        #expect(stream.bitrate == AudioBitrate(bufferSize: 6, maximum: 30 * 8, average: 30 * 8 * 96000 / 5))
        let entry = try SampleEntry(stream.sampleEntry, handler: "soun")
        #expect(entry.format == "lpcm")
        #expect(entry.audio?.channels == 2 && entry.audio?.sampleSize == 20 && entry.audio?.sampleRate == 96000)
        // QTFF: formatSpecificFlags signed integer (4) and aligned high (16); 6 bytes and 1 frame a packet.
        guard case let .container(container) = stream.sampleEntry.content else {
            Issue.record("the sample entry has no fields")
            return
        }
        // After 8 SampleEntry bytes, 20 version 0 fields, the struct size, rate, channels and
        // 0x7F000000: bits per channel, flags, bytes per packet, frames per packet.
        let fields = Array(container.prefix)
        #expect(fields.count == 64)
        #expect(Array(fields[48..<64]) == [0, 0, 0, 20, 0, 0, 0, 0x14, 0, 0, 0, 6, 0, 0, 0, 1])
    }

    @Test func rf64TakesItsDataSizeFromDS64() throws {
        let ds64 = Make.little(0, 8) + Make.little(8, 4) + Make.little(0, 4) + Make.little(2, 8) + Make.little(0, 4)
        var file = Make.wav(Make.chunk("ds64", ds64), Make.chunk("fmt ", Make.format(channels: 1, rate: 8000)),
                            Make.chunk("data", [1, 2, 3, 4, 5, 6, 7, 8], size: 0xFFFF_FFFF))
        file.replaceSubrange(0..<4, with: Array("RF64".utf8))
        let stream = try Self.read(file, name: "a.wav")
        #expect(stream.samples.count == 4 && stream.samples.sizes == .constant(2))
    }
}
