import ISOBMFF

/// The fixed fields of the sound sample entries this target writes.
enum AudioSampleEntryFields {
    /// ISO/IEC 14496-12 §12.2.3 AudioSampleEntry: the SampleEntry fields (data reference 1), two
    /// reserved words, channel count, sample size 16, pre_defined and reserved, and the rate as
    /// 16.16. A rate above 65535 Hz does not fit that field: it is 0 there, as FFmpeg writes it,
    /// and the media timescale carries the rate (the writer of an MPEG-4 file makes the entry
    /// one of version 1 with a `srat`).
    static func iso(channels: UInt16, sampleRate: UInt32) -> [UInt8] {
        var writer = ByteWriter(capacity: 28)
        writer.write(bytes: [0, 0, 0, 0, 0, 0])
        writer.write(UInt16(1))
        writer.write(UInt64(0))
        writer.write(channels)
        writer.write(UInt16(16))
        writer.write(UInt32(0))
        writer.write(sampleRate <= UInt32(UInt16.max) ? sampleRate << 16 : 0)
        return writer.bytes
    }

    /// QTFF "Sound sample description (version 2)": the version 0 fields set to the values QTFF
    /// requires (3, 16, -2, 0, 65536), then the struct size 72, the rate as a float64, the
    /// channels, 0x7F000000, bits per channel, the format flags, bytes per packet and frames per
    /// packet (one PCM frame a packet).
    static func quickTimeVersion2(channels: UInt32, sampleRate: Double, bitsPerChannel: UInt32,
                                  flags: UInt32, bytesPerFrame: UInt32) -> [UInt8] {
        var writer = ByteWriter(capacity: 64)
        writer.write(bytes: [0, 0, 0, 0, 0, 0])
        writer.write(UInt16(1))
        writer.write(UInt16(2))
        writer.write(UInt16(0))
        writer.write(UInt32(0))
        writer.write(UInt16(3))
        writer.write(UInt16(16))
        writer.write(UInt16(0xFFFE))
        writer.write(UInt16(0))
        writer.write(UInt32(0x0001_0000))
        writer.write(UInt32(72))
        writer.write(sampleRate.bitPattern)
        writer.write(channels)
        writer.write(UInt32(0x7F00_0000))
        writer.write(bitsPerChannel)
        writer.write(flags)
        writer.write(bytesPerFrame)
        writer.write(UInt32(1))
        return writer.bytes
    }
}
