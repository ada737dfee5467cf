import ISOBMFF

/// The `esds` box of an MPEG-4 audio sample entry (ISO/IEC 14496-14 §3.1.2): a FullBox holding an
/// ES_Descriptor (ISO/IEC 14496-1 §7.2.6.5) with its DecoderConfigDescriptor and SLConfigDescriptor.
enum ESDescriptorBox {
    /// `objectTypeIndication` of MPEG-4 audio (ISO/IEC 14496-1 Table 5).
    static let mpeg4Audio: UInt8 = 0x40
    /// `streamType` 5, audio, shifted over `upStream` 0 and the reserved bit 1.
    static let audioStream: UInt8 = 0x05 << 2 | 1

    /// An `esds` whose DecoderSpecificInfo is `decoderSpecificInfo`. ES_ID is 0, as ISO/IEC
    /// 14496-14 §3.1.2 has it in a file; the SLConfigDescriptor is predefined 2 (MP4 files).
    static func make(decoderSpecificInfo: [UInt8], bitrate: AudioBitrate) -> Box {
        var config = ByteWriter()
        config.write(mpeg4Audio)
        config.write(audioStream)
        config.writeUInt24(min(bitrate.bufferSize, 0xFF_FFFF))
        config.write(bitrate.maximum)
        config.write(bitrate.average)
        config.write(bytes: descriptor(tag: 0x05, decoderSpecificInfo))
        var es = ByteWriter()
        es.write(UInt16(0))
        es.write(UInt8(0))
        es.write(bytes: descriptor(tag: 0x04, config.bytes))
        es.write(bytes: descriptor(tag: 0x06, [0x02]))
        var payload = ByteWriter()
        payload.writeVersionAndFlags(version: 0, flags: 0)
        payload.write(bytes: descriptor(tag: 0x03, es.bytes))
        return Box(type: "esds", payload: payload.bytes)
    }

    /// A descriptor: its tag, its size in the expandable form (7 bits a byte, high bit set on all
    /// but the last; ISO/IEC 14496-1 §8.3.3), its body.
    static func descriptor(tag: UInt8, _ body: [UInt8]) -> [UInt8] {
        var sizeBytes: [UInt8] = []
        var size = body.count
        repeat {
            sizeBytes.insert(UInt8(size & 0x7F) | (sizeBytes.isEmpty ? 0 : 0x80), at: 0)
            size >>= 7
        } while size > 0
        return [tag] + sizeBytes + body
    }
}
