import ISOBMFF

/// A QuickTime sound description of version 1 or 2 (QTFF "Sound sample description (version
/// 1)", "(version 2)") written as the audio sample entry an MPEG-4 file carries (ISO/IEC
/// 14496-12 §12.2.3, version 0): the same format, channels, sample size and rate in the version
/// 0 fields, and the codec's configuration (`esds`, `dac3`, `dec3`…) taken out of QuickTime's
/// `wave` atom, where version 1 keeps it, to be a child of the entry. The samples do not change.
enum ISOSoundSampleEntry {
    /// The version 0 entry for `entry` (read as `fields`), or nil when version 0 cannot hold it:
    /// a rate that is not a whole number of hertz up to 65,535 (the 16.16 field's range).
    static func converting(_ entry: Box, fields: SampleEntry) -> Box? {
        guard let audio = fields.audio, audio.sampleRate >= 1, audio.sampleRate <= 65_535,
              audio.sampleRate == audio.sampleRate.rounded(), let children = fields.children?.boxes else { return nil }
        var payload = ByteWriter(capacity: 28)
        payload.write(bytes: [UInt8](repeating: 0, count: 6))
        payload.write(fields.dataReferenceIndex)
        // version, revision level, vendor
        payload.write(bytes: [UInt8](repeating: 0, count: 8))
        payload.write(audio.channels)
        payload.write(audio.sampleSize == 0 ? 16 : audio.sampleSize)
        // compression ID, packet size
        payload.write(UInt32(0))
        payload.write(UInt32(audio.sampleRate) << 16)
        let kept = children.flatMap { child in child.type == "wave" ? child.children.filter(isConfiguration) : [child] }
        return Box(type: entry.type, prefix: payload.bytes, children: kept)
    }

    /// Whether a child of `wave` is the codec's configuration, not one of QuickTime's own atoms
    /// there: `frma` (the format), the `mp4a` placeholder, `enda` (endianness) and the
    /// terminator atom (type 0).
    private static func isConfiguration(_ box: Box) -> Bool {
        !["frma", "mp4a", "enda", FourCC(rawValue: 0)].contains(box.type)
    }
}
