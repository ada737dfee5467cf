import ISOBMFF

/// Reads an AC-3 file: each sync frame is a sample of 1536 PCM samples (ETSI TS 102 366 §4), the
/// `ac-3` entry's `dac3` (Annex F.4) is built from the first frame.
enum AC3Reader {
    /// Six audio blocks of 256 samples a frame.
    static let samplesPerFrame: UInt32 = 1536

    static func read(_ source: any ByteSource, from start: UInt64) throws(ElementaryStreamError) -> ElementaryStream {
        var highestRateCode: UInt8 = 0
        let walk = try SyncFrameWalk.walk(source, from: start, as: AC3FrameHeader.self) { header in
            highestRateCode = max(highestRateCode, header.frmsizecod)
        }
        var first = walk.first
        // dac3's bit_rate_code is the stream's highest, as FFmpeg writes it.
        first.frmsizecod = highestRateCode
        let dac3 = Box(type: "dac3", payload: first.specificBoxPayload)
        let entry = Box(type: "ac-3", prefix: AudioSampleEntryFields.iso(channels: UInt16(first.channels), sampleRate: first.sampleRate),
                        children: [dac3])
        return ElementaryStream(format: .ac3, source: source, sampleEntry: entry, timescale: first.sampleRate,
                                sampleDuration: samplesPerFrame, samples: walk.samples)
    }
}
