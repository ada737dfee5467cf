import ISOBMFF

/// Writes ``TimelineSample``s as `tx3g` samples (3GPP TS 26.245 §5.17; QTFF "Subtitle sample data").
///
/// A sample is a 16-bit text length, the UTF-8 text, then modifier boxes in the order Subler
/// writes them: `styl` (one record per stretch of bold, italic, underlined or coloured text),
/// `frcd` (Apple: a forced subtitle) and `tbox` (a top-placed sample; only when the description
/// has ``Tx3gDisplayFlags/verticalPlacement``, as Apple requires). A gap is `00 00`.
///
/// Cues shown together are joined by a line break, in start order. What `tx3g` cannot carry
/// is dropped: WebVTT settings, classes, voices and languages, and the default text colour
/// (white) when it was given explicitly; ruby annotations are written in parentheses after
/// their base, as the SubRip writer does. A sample is top-placed only when all its cues are.
public struct Tx3gSampleEncoder: Sendable {
    /// The most UTF-8 bytes of text a sample can hold (its length field is 16-bit).
    public static let maxTextBytes = Int(UInt16.max)

    /// The description the samples are written for (default style, text box, flags).
    public let description: Tx3gSampleDescription

    /// Creates an encoder for samples of a track with `description`.
    public init(description: Tx3gSampleDescription) {
        self.description = description
    }

    /// Encodes a whole timeline: the description (see
    /// ``Tx3gSampleDescription/init(for:videoWidth:videoHeight:)``) and every sample.
    ///
    /// - Throws: ``SampleCodecError`` naming the sample whose text is too long.
    public static func encode(_ timeline: CueTimeline, videoWidth: UInt16 = 0, videoHeight: UInt16 = 0)
        throws(SampleCodecError) -> EncodedTextTrack<Tx3gSampleDescription> {
        let encoder = Tx3gSampleEncoder(
            description: Tx3gSampleDescription(for: timeline.samples, videoWidth: videoWidth, videoHeight: videoHeight))
        var samples: [TimedTextSample] = []
        samples.reserveCapacity(timeline.samples.count)
        for (index, sample) in timeline.samples.enumerated() {
            do throws(SampleCodecError) {
                samples.append(TimedTextSample(start: sample.start, duration: sample.duration, bytes: try encoder.encode(sample)))
            } catch {
                throw error.inSample(index, start: SubtitleTime(units: sample.start, timescale: timeline.timescale))
            }
        }
        return EncodedTextTrack(description: encoder.description, timescale: timeline.timescale, samples: samples)
    }

    /// Where a sample is shown: at the top when every cue in it is top-placed.
    public static func placement(of sample: TimelineSample) -> CuePlacement {
        !sample.cues.isEmpty && sample.cues.allSatisfy { $0.placement == .top } ? .top : .bottom
    }

    /// The bytes of one sample.
    ///
    /// - Throws: ``SampleCodecError/Reason/textTooLong(byteCount:limit:)`` when the text needs
    ///   more than ``maxTextBytes`` bytes.
    public func encode(_ sample: TimelineSample) throws(SampleCodecError) -> [UInt8] {
        guard !sample.isEmpty else { return [0, 0] }
        var text = ""
        var records: [Tx3gStyleRecord] = []
        var offset = 0
        for (index, cue) in sample.cues.enumerated() {
            if index > 0 {
                text += "\n"
                offset += 1
            }
            for run in cue.text.runs {
                let piece = run.style.ruby == .annotation ? "(" + run.text + ")" : run.text
                let length = piece.unicodeScalars.count
                text += piece
                appendRecord(for: run.style, from: offset, to: offset + length, into: &records)
                offset += length
            }
        }
        let utf8 = text.utf8
        guard utf8.count <= Self.maxTextBytes else {
            throw SampleCodecError(.textTooLong(byteCount: utf8.count, limit: Self.maxTextBytes))
        }
        var writer = ByteWriter(capacity: 2 + utf8.count + 10 + 12 * records.count + 24)
        writer.write(UInt16(utf8.count))
        writer.write(bytes: utf8)
        if !records.isEmpty {
            writer.writeBox("styl") { body in
                body.write(UInt16(records.count))
                for record in records { record.write(into: &body) }
            }
        }
        if sample.isForced { writer.writeBox("frcd") { _ in } }
        if description.displayFlags.contains(.verticalPlacement), Self.placement(of: sample) == .top {
            writer.writeBox("tbox") { topTextBox.write(into: &$0) }
        }
        return writer.bytes
    }

    /// The `tbox` of a top-placed sample: the full width, the top 15 % of the default box.
    var topTextBox: Tx3gTextBox {
        let box = description.defaultTextBox
        return Tx3gTextBox(top: box.top, left: box.left,
                           bottom: Int16(clamping: Int(box.top) + box.height * 15 / 100), right: box.right)
    }

    /// Adds a style record for `style` over scalars `start..<end`, or extends the previous one
    /// when it ends there with the same look (runs differing only in voice or class).
    private func appendRecord(for style: TextStyle, from start: Int, to end: Int, into records: inout [Tx3gStyleRecord]) {
        var face: Tx3gStyleRecord.Face = []
        if style.isBold { face.insert(.bold) }
        if style.isItalic { face.insert(.italic) }
        if style.isUnderlined { face.insert(.underline) }
        let defaults = description.defaultStyle
        let color = style.color ?? defaults.color
        guard start < end, face != defaults.face || color != defaults.color else { return }
        // Offsets fit: the text is at most 65,535 bytes, so it has at most that many scalars;
        // longer texts are rejected before the records are written.
        let startChar = UInt16(clamping: start), endChar = UInt16(clamping: end)
        if let last = records.last, last.endChar == startChar, last.face == face, last.color == color {
            records[records.count - 1].endChar = endChar
            return
        }
        records.append(Tx3gStyleRecord(startChar: startChar, endChar: endChar, fontID: defaults.fontID, face: face,
                                       fontSize: defaults.fontSize, color: color))
    }
}
