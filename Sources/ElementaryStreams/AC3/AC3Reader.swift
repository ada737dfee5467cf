import ISOBMFF

/// Reads an AC-3 file: each sync frame is a sample of 1536 PCM samples (ETSI TS 102 366 §4), the
/// `ac-3` entry's `dac3` (Annex F.4) is built from the first frame.
enum AC3Reader {
    /// Six audio blocks of 256 samples a frame.
    static let samplesPerFrame: UInt32 = 1536

    static func read(_ source: any ByteSource, from start: UInt64) throws(ElementaryStreamError) -> ElementaryStream {
        var window = SourceWindow(source)
        var samples = ElementaryStreamSamples()
        var first: AC3FrameHeader?
        var highestRateCode: UInt8 = 0
        var offset = start
        while offset < window.size {
            let header = try AC3FrameHeader(try window.exactly(8, at: offset, "AC-3 header"), at: offset)
            if let first, let change = header.differences(from: first) {
                throw ElementaryStreamError(.parameterChange, "AC-3 stream changes \(change)", at: offset)
            }
            if first == nil { first = header }
            highestRateCode = max(highestRateCode, header.frmsizecod)
            let available = window.size - offset
            guard UInt64(header.frameSize) <= available else {
                throw ElementaryStreamError(.truncated, "AC-3 frame is cut short: \(available) bytes of \(header.frameSize)", at: offset)
            }
            samples.append(offset: offset, size: UInt32(header.frameSize))
            offset += UInt64(header.frameSize)
        }
        guard var first else { throw ElementaryStreamError(.noFrames, "the file holds no AC-3 frame", at: start) }
        // dac3's bit_rate_code is the stream's highest, as FFmpeg writes it.
        first.frmsizecod = highestRateCode
        let dac3 = Box(type: "dac3", payload: first.specificBoxPayload)
        let entry = Box(type: "ac-3", prefix: AudioSampleEntryFields.iso(channels: UInt16(first.channels), sampleRate: first.sampleRate),
                        children: [dac3])
        return ElementaryStream(format: .ac3, source: source, sampleEntry: entry, timescale: first.sampleRate,
                                sampleDuration: samplesPerFrame, samples: samples)
    }
}
