/// ISO/IEC 14496-12 §12.2.3 AudioSampleEntryV1 beside QTFF's "Sound sample description
/// (version 1)": both put 1 in the version word after the 8 SampleEntry bytes and share the next
/// 20 bytes of fields, but QuickTime's continues with 16 bytes (samples per packet, bytes per
/// packet, bytes per frame, bytes per sample) where ISO's boxes start at once, the first often
/// the `srat` (§12.2.5) that holds a rate above 65,535 Hz.
extension SampleEntry {
    /// The size of the fields before the boxes of an AudioSampleEntryV1.
    static let audioSampleEntryV1FieldsSize = 28

    /// The 28 bytes of fields and the boxes after them when `fields` (an entry's fields as the
    /// parser split them, its whole payload for a leaf) are those of an AudioSampleEntryV1; nil
    /// for any other entry.
    ///
    /// The parser laid a version 1 entry out as QuickTime's: its 16 bytes after the 28 are kept
    /// as fields when the boxes after them tile, and the entry is a leaf when they do not. Those
    /// bytes are ISO's when they form boxes of four-character-code types: QuickTime's second
    /// packet field, bytes per packet, is a small number, never four printable characters.
    static func audioSampleEntryV1(_ fields: ArraySlice<UInt8>, at payloadOffset: UInt64, path: String)
        -> (fields: ArraySlice<UInt8>, leadingBoxes: [Box])? {
        let start = fields.startIndex
        guard fields.count >= audioSampleEntryV1FieldsSize + 8, fields[start + 8] == 0, fields[start + 9] == 1 else { return nil }
        let split = start + audioSampleEntryV1FieldsSize
        guard let boxes = try? BoxTreeParser.parseBoxes(Array(fields[split...]), baseOffset: payloadOffset + UInt64(audioSampleEntryV1FieldsSize), path: path),
              !boxes.isEmpty, boxes.allSatisfy({ $0.type.bytes.allSatisfy { (0x20...0x7E).contains($0) } }) else { return nil }
        return (fields[..<split], boxes)
    }

    /// The rate of the first `srat` (§12.2.5: a FullBox of version 0 holding a 32-bit rate in
    /// Hz) among `boxes`; nil when there is none, or it is not of that form or 0.
    static func samplingRate(in boxes: [Box]) -> UInt32? {
        guard let srat = boxes.first(where: { $0.type == "srat" }), var reader = try? srat.payloadReader(),
              reader.remaining == 8, (try? reader.readUInt32()) == 0, let rate = try? reader.readUInt32(), rate > 0 else { return nil }
        return rate
    }

    /// `boxes` with the `srat` among them holding `rate` when it is a whole number of hertz
    /// that differs from the one it holds; unchanged otherwise, so an unchanged entry encodes to
    /// the bytes it was read from.
    static func settingSamplingRate(_ rate: Double?, in boxes: [Box]) -> [Box] {
        guard let rate, let hertz = UInt32(exactly: rate), let current = samplingRate(in: boxes), current != hertz,
              let index = boxes.firstIndex(where: { $0.type == "srat" }) else { return boxes }
        var updated = boxes
        updated[index] = samplingRateBox(hertz)
        return updated
    }

    /// A `srat` holding `rate` in Hz (ISO/IEC 14496-12 §12.2.5).
    public static func samplingRateBox(_ rate: UInt32) -> Box {
        var payload = ByteWriter(capacity: 8)
        payload.write(UInt32(0))
        payload.write(rate)
        return Box(type: "srat", payload: payload.bytes)
    }
}
