import ISOBMFF

/// A QuickTime sound description of version 1 or 2 (QTFF "Sound sample description (version
/// 1)", "(version 2)") written as the audio sample entry an MPEG-4 file carries (ISO/IEC
/// 14496-12 §12.2.3): the same format, channels, sample size and rate in the shared fields, and
/// the codec's configuration (`esds`, `dac3`, `dec3`…) taken out of QuickTime's `wave` atom,
/// where version 1 keeps it, to be a child of the entry. A rate up to 65,535 Hz makes an
/// AudioSampleEntry (version 0); above, an AudioSampleEntryV1 whose `srat` (§12.2.5) holds it.
/// The samples do not change.
enum ISOSoundSampleEntry {
    /// The ISO entry for `entry` (read as `fields`) and whether it is an AudioSampleEntryV1, or
    /// nil when no ISO entry holds it: a rate that is not a whole number of hertz from 1 to
    /// 2^32 - 1 (`srat`'s range).
    static func converting(_ entry: Box, fields: SampleEntry) -> (entry: Box, isAudioSampleEntryV1: Bool)? {
        guard let audio = fields.audio, let rate = UInt32(exactly: audio.sampleRate), rate >= 1,
              let children = fields.children?.boxes else { return nil }
        let isAudioSampleEntryV1 = rate > UInt32(UInt16.max)
        var payload = ByteWriter(capacity: 28)
        payload.write(bytes: [UInt8](repeating: 0, count: 6))
        payload.write(fields.dataReferenceIndex)
        // entry_version (QuickTime's version), then reserved: revision level and vendor
        payload.write(UInt16(isAudioSampleEntryV1 ? 1 : 0))
        payload.write(bytes: [UInt8](repeating: 0, count: 6))
        payload.write(audio.channels)
        payload.write(audio.sampleSize == 0 ? 16 : audio.sampleSize)
        // compression ID, packet size
        payload.write(UInt32(0))
        payload.write(fieldRate(rate))
        let kept = children.flatMap { child in child.type == "wave" ? child.children.filter(isConfiguration) : [child] }
        let rateBox = isAudioSampleEntryV1 ? [SampleEntry.samplingRateBox(rate)] : []
        return (Box(type: entry.type, prefix: payload.bytes, children: rateBox + kept), isAudioSampleEntryV1)
    }

    /// `entry`, an AudioSampleEntry of version 0 as `ElementaryStreams` makes one (its 28 bytes
    /// of fields, then its configuration), as an AudioSampleEntryV1 whose `srat` holds `rate`;
    /// nil for an entry not of that form.
    static func version1(_ entry: Box, rate: UInt32) -> Box? {
        guard case let .container(container) = entry.content, container.prefix.count == 28 else { return nil }
        var fields = Array(container.prefix)
        // entry_version, then the 16.16 samplerate
        fields.replaceSubrange(8..<10, with: [0, 1])
        let field = fieldRate(rate)
        fields.replaceSubrange(24..<28, with: (0..<4).map { UInt8(truncatingIfNeeded: field >> (24 - 8 * $0)) })
        return Box(type: entry.type, prefix: fields, children: [SampleEntry.samplingRateBox(rate)] + container.children)
    }

    /// The 16.16 `samplerate` field for `rate`: the rate itself when it fits, else, with `srat`
    /// present, "a suitable integer multiple or division of the actual sampling rate"
    /// (§12.2.3.3): the rate halved until it fits, exact in 16.16 since at most 16 halvings
    /// bring any 32-bit rate under 65,536.
    static func fieldRate(_ rate: UInt32) -> UInt32 {
        var shift = 0
        while rate >> shift > UInt32(UInt16.max) { shift += 1 }
        return UInt32((UInt64(rate) << 16) >> shift)
    }

    /// Whether a child of `wave` is the codec's configuration, not one of QuickTime's own atoms
    /// there: `frma` (the format), the `mp4a` placeholder, `enda` (endianness) and the
    /// terminator atom (type 0).
    private static func isConfiguration(_ box: Box) -> Bool {
        !["frma", "mp4a", "enda", FourCC(rawValue: 0)].contains(box.type)
    }
}
