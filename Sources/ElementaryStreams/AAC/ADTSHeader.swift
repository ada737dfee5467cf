/// The fields of one ADTS frame header (ISO/IEC 13818-7 §6.2, ISO/IEC 14496-3 §1.A.2.2): 7
/// bytes, 9 with the CRC that follows when `protection_absent` is 0.
struct ADTSHeader: SyncFrameHeader, Equatable {
    static let formatName = "ADTS"
    static let headerReadSize = 7

    /// `profile_ObjectType`: the MPEG-4 audio object type minus one.
    var profile: UInt8
    var samplingFrequencyIndex: UInt8
    var channelConfiguration: UInt8
    /// The whole frame, header included (`aac_frame_length`).
    var frameLength: Int
    /// The header's length: 7, or 9 with a CRC.
    var headerLength: Int

    /// The sampling frequencies of `sampling_frequency_index` 0–12 (ISO/IEC 14496-3 Table 1.18).
    static let samplingFrequencies: [UInt32] = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050,
                                                16000, 12000, 11025, 8000, 7350]

    var sampleRate: UInt32 { Self.samplingFrequencies[Int(samplingFrequencyIndex)] }

    /// Whether `bytes` begin with the ADTS syncword and layer 0.
    static func hasSync(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count >= 2 && bytes[bytes.startIndex] == 0xFF && bytes[bytes.startIndex + 1] & 0xF6 == 0xF0
    }

    /// Reads the header at the start of `bytes` (at least 7 of them), found at file `offset`.
    init(_ bytes: ArraySlice<UInt8>, at offset: UInt64) throws(ElementaryStreamError) {
        guard Self.hasSync(bytes) else {
            throw ElementaryStreamError(.damaged, "no ADTS syncword where a frame should start", at: offset)
        }
        var bits = BitReader(bytes, baseOffset: offset)
        try bits.skip(15, "syncword, ID and layer")
        let protectionAbsent = try bits.flag("protection_absent")
        profile = UInt8(try bits.read(2, "profile_ObjectType"))
        samplingFrequencyIndex = UInt8(try bits.read(4, "sampling_frequency_index"))
        try bits.skip(1, "private_bit")
        channelConfiguration = UInt8(try bits.read(3, "channel_configuration"))
        try bits.skip(4, "original_copy, home and copyright bits")
        frameLength = Int(try bits.read(13, "aac_frame_length"))
        try bits.skip(11, "adts_buffer_fullness")
        let rawDataBlocks = try bits.read(2, "number_of_raw_data_blocks_in_frame")
        headerLength = protectionAbsent ? 7 : 9
        guard Int(samplingFrequencyIndex) < Self.samplingFrequencies.count else {
            throw ElementaryStreamError(.damaged, "ADTS sampling_frequency_index \(samplingFrequencyIndex) is reserved", at: offset)
        }
        guard channelConfiguration != 0 else {
            throw ElementaryStreamError(.unsupported,
                                        "ADTS channel_configuration 0 (channels given by a program config element) is not supported",
                                        at: offset)
        }
        guard rawDataBlocks == 0 else {
            throw ElementaryStreamError(.unsupported,
                                        "ADTS frame holds \(rawDataBlocks + 1) raw data blocks; only one a frame is supported",
                                        at: offset)
        }
        guard frameLength > headerLength else {
            throw ElementaryStreamError(.damaged, "ADTS aac_frame_length \(frameLength) is not longer than its \(headerLength)-byte header",
                                        at: offset)
        }
    }

    /// The 2-byte AudioSpecificConfig (ISO/IEC 14496-3 §1.6.2.1) of the stream: the object type,
    /// the sampling frequency index, the channel configuration and a GASpecificConfig of three
    /// zero bits (1024-sample frames, no core coder, no extension).
    var audioSpecificConfig: [UInt8] {
        var writer = BitWriter()
        writer.write(UInt32(profile) + 1, bits: 5)
        writer.write(UInt32(samplingFrequencyIndex), bits: 4)
        writer.write(UInt32(channelConfiguration), bits: 4)
        writer.write(0, bits: 3)
        return writer.bytes
    }

    /// What a stream's sample entry describes; a frame that differs starts a stream one entry
    /// cannot describe.
    func differences(from first: ADTSHeader) -> String? {
        var changes = ParameterChanges()
        changes.compare("profile", first.profile, profile)
        changes.compare("sample rate", first.sampleRate, sampleRate, unit: " Hz")
        changes.compare("channel configuration", first.channelConfiguration, channelConfiguration)
        return changes.summary
    }
}
