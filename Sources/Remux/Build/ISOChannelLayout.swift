import ISOBMFF

/// A QuickTime channel layout (`chan`, QTFF "Audio channel layout atom": Core Audio's
/// `AudioChannelLayout`) written as the channel layout an MPEG-4 audio sample entry carries
/// (`chnl`, ISO/IEC 14496-12 §12.2.4), for a sound track copied into an MPEG-4 file: ISO readers
/// do not read `chan`. Only a layout whose tag or channel bitmap names the loudspeakers of one of
/// ISO/IEC 23001-8's ChannelConfigurations (mono, stereo, the MPEG 3.0 to 5.1 layouts, whatever
/// their channel order, which the codec's own configuration decides) has an ISO equivalent; any
/// other is left out, with a note, the codec configuration (`esds`, `dac3`, `dec3`) still giving
/// the channels.
enum ISOChannelLayout {
    /// What became of one `chan`: its `chnl`, or nil when it is left out, and the note saying so.
    struct Conversion {
        var box: Box?
        var note: String
    }

    /// The `chnl` for `chan`, or nil with the reason when it has none.
    static func converting(_ chan: Box) -> Conversion {
        let tag: UInt32, bitmap: UInt32
        do throws(BoxError) {
            var reader = try chan.payloadReader()
            try reader.skip(4)
            tag = try reader.readUInt32()
            bitmap = try reader.readUInt32()
        } catch {
            return Conversion(box: nil, note: "its QuickTime channel layout ('chan') is unreadable (\(error)) and is left out; the codec configuration still gives the channels")
        }
        // kAudioChannelLayoutTag_UseChannelBitmap: the loudspeakers are the bitmap's.
        guard let configuration = tag == bitmapTag ? bitmapConfigurations[bitmap] : channelConfigurations[tag] else {
            let kind = tag == 0 ? "channel descriptions" : tag == bitmapTag ? "channel bitmap 0x\(String(bitmap, radix: 16))" : "layout tag \(tag >> 16)"
            return Conversion(box: nil, note: "its QuickTime channel layout ('chan', \(kind)) has no ISO/IEC 23001-8 ChannelConfiguration and is left out; the codec configuration still gives the channels")
        }
        // FullBox version 0; stream_structure 1 (channels); definedLayout; omittedChannelsMap 0.
        var payload = ByteWriter(capacity: 14)
        payload.write(UInt32(0))
        payload.write(UInt8(1))
        payload.write(configuration)
        payload.write(UInt64(0))
        return Conversion(box: Box(type: "chnl", payload: payload.bytes),
                          note: "its QuickTime channel layout ('chan') is written as an ISO channel layout ('chnl', ChannelConfiguration \(configuration))")
    }

    /// Core Audio layout tags (`kAudioChannelLayoutTag_…`: the layout number in the high 16
    /// bits, the channel count in the low) and the ISO/IEC 23001-8 ChannelConfiguration of the
    /// same loudspeakers: 1 mono; 2 stereo; 3 C L R; 4 C L R Cs; 5 C L R Ls Rs; 6 the same with LFE.
    private static let channelConfigurations: [UInt32: UInt8] = [
        100 << 16 | 1: 1, // Mono
        101 << 16 | 2: 2, // Stereo
        113 << 16 | 3: 3, 114 << 16 | 3: 3, // MPEG_3_0_A, _B
        115 << 16 | 4: 4, 116 << 16 | 4: 4, // MPEG_4_0_A, _B
        117 << 16 | 5: 5, 118 << 16 | 5: 5, 119 << 16 | 5: 5, 120 << 16 | 5: 5, // MPEG_5_0_A to _D
        121 << 16 | 6: 6, 122 << 16 | 6: 6, 123 << 16 | 6: 6, 124 << 16 | 6: 6, // MPEG_5_1_A to _D
    ]

    private static let bitmapTag: UInt32 = 1 << 16

    /// Core Audio channel bitmaps (`kAudioChannelBit_…`: Left 0, Right 1, Center 2, LFEScreen 3,
    /// LeftSurround 4, RightSurround 5, CenterSurround 8) and the ChannelConfiguration of the
    /// same loudspeakers.
    private static let bitmapConfigurations: [UInt32: UInt8] = [0x4: 1, 0x3: 2, 0x7: 3, 0x107: 4, 0x37: 5, 0x3F: 6]
}
