import ISOBMFF

/// Reads an ADTS AAC file: each frame's raw data block is a sample (the header and its CRC are
/// not), 1024 PCM samples long, and the `mp4a` entry's `esds` is built from the first header.
enum ADTSReader {
    /// The samples per AAC frame (ISO/IEC 14496-3: a GASpecificConfig with frameLengthFlag 0).
    static let samplesPerFrame: UInt32 = 1024

    static func read(_ source: any ByteSource, from start: UInt64) throws(ElementaryStreamError) -> ElementaryStream {
        let (first, samples) = try SyncFrameWalk.walk(source, from: start, as: ADTSHeader.self)
        var stream = ElementaryStream(format: .adtsAAC, source: source, sampleEntry: Box(type: "mp4a", payload: []),
                                      timescale: first.sampleRate, sampleDuration: samplesPerFrame, samples: samples)
        let esds = ESDescriptorBox.make(decoderSpecificInfo: first.audioSpecificConfig, bitrate: stream.bitrate)
        // Channel configuration 7 is 7.1: eight channels (ISO/IEC 14496-3 Table 1.19).
        let channels = UInt16(first.channelConfiguration == 7 ? 8 : first.channelConfiguration)
        stream.sampleEntry = Box(type: "mp4a", prefix: AudioSampleEntryFields.iso(channels: channels, sampleRate: first.sampleRate),
                                 children: [esds])
        return stream
    }
}
