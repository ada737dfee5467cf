import ISOBMFF

/// Reads an ADTS AAC file: each frame's raw data block is a sample (the header and its CRC are
/// not), 1024 PCM samples long, and the `mp4a` entry's `esds` is built from the first header.
enum ADTSReader {
    /// The samples per AAC frame (ISO/IEC 14496-3: a GASpecificConfig with frameLengthFlag 0).
    static let samplesPerFrame: UInt32 = 1024

    static func read(_ source: any ByteSource, from start: UInt64) throws(ElementaryStreamError) -> ElementaryStream {
        var window = SourceWindow(source)
        var samples = ElementaryStreamSamples()
        var first: ADTSHeader?
        var offset = start
        while offset < window.size {
            let headerBytes = try window.exactly(7, at: offset, "ADTS header")
            let header = try ADTSHeader(headerBytes, at: offset)
            if let first {
                if let change = header.differences(from: first) {
                    throw ElementaryStreamError(.parameterChange, "ADTS stream changes \(change)", at: offset)
                }
            } else {
                first = header
            }
            let available = window.size - offset
            guard UInt64(header.frameLength) <= available else {
                throw ElementaryStreamError(.truncated, "ADTS frame is cut short: \(available) bytes of \(header.frameLength)",
                                            at: offset)
            }
            let payloadOffset = offset + UInt64(header.headerLength)
            samples.append(offset: payloadOffset, size: UInt32(header.frameLength - header.headerLength))
            offset += UInt64(header.frameLength)
        }
        guard let first else {
            throw ElementaryStreamError(.noFrames, "the file holds no ADTS frame", at: start)
        }
        var stream = ElementaryStream(format: .adtsAAC, source: source, sampleEntry: Box(type: "mp4a", payload: []),
                                      timescale: first.sampleRate, sampleDuration: samplesPerFrame, samples: samples)
        let esds = ESDescriptorBox.make(decoderSpecificInfo: first.audioSpecificConfig, bitrate: stream.bitrate)
        let channels = UInt16(first.channelConfiguration == 7 ? 8 : first.channelConfiguration)
        stream.sampleEntry = Box(type: "mp4a", prefix: AudioSampleEntryFields.iso(channels: channels, sampleRate: first.sampleRate),
                                 children: [esds])
        return stream
    }
}
