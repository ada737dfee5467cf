import Conversion
import ISOBMFF

/// Writes ``TimelineSample``s as `tx3g` samples (3GPP TS 26.245 §5.17; QTFF "Subtitle sample data").
///
/// A sample is a 16-bit text length, the UTF-8 text, then modifier boxes: `styl` (one record per
/// stretch of bold, italic, underlined, coloured, resized text or text in another font of the
/// description's `ftab`), `krok` (the karaoke timing of
/// WebVTT inner timestamps: each timed stretch is highlighted from its timestamp to the next),
/// `frcd` (Apple: a forced subtitle) and `tbox` (where the sample goes: the box its first cue's
/// `line`, `position` and `size` give, see `Tx3gCueGeometry`, or the top of the picture for a
/// top-placed sample; only when the description has `Tx3gDisplayFlags/verticalPlacement`, as
/// Apple requires). A gap is `00 00`.
///
/// Cues shown together are joined by a line break, in start order. What `tx3g` cannot carry is
/// named by ``SubtitleTarget/losses(of:)-([Cue])`` and by ``encode(_:videoWidth:videoHeight:)`` for
/// samples that overlapping cues share; ruby annotations are written in parentheses after their
/// base, as the SubRip writer does.
public struct Tx3gSampleEncoder: Sendable {
    /// The most UTF-8 bytes of text a sample can hold (its length field is 16-bit).
    public static let maxTextBytes = Int(UInt16.max)

    /// The description the samples are written for (default style, text box, flags).
    public let description: Tx3gSampleDescription
    /// The timescale of the samples' times, for `krok`.
    public let timescale: UInt32

    /// Creates an encoder for samples of a track with `description`, timed in `timescale`.
    public init(description: Tx3gSampleDescription, timescale: UInt32 = 1000) {
        self.description = description
        self.timescale = timescale
    }

    /// Encodes a whole timeline: the description (see
    /// ``Tx3gSampleDescription/init(for:videoWidth:videoHeight:)``), every sample, and what
    /// the track loses (cues numbered as the timeline's input).
    ///
    /// - Throws: ``SampleCodecError`` naming the sample whose text is too long.
    public static func encode(_ timeline: CueTimeline, videoWidth: UInt16 = 0, videoHeight: UInt16 = 0)
        throws(SampleCodecError) -> EncodedTextTrack<Tx3gSampleDescription> {
        let encoder = Tx3gSampleEncoder(
            description: Tx3gSampleDescription(for: timeline.samples, videoWidth: videoWidth, videoHeight: videoHeight),
            timescale: timeline.timescale)
        var samples: [TimedTextSample] = []
        samples.reserveCapacity(timeline.samples.count)
        for (index, sample) in timeline.samples.enumerated() {
            do throws(SampleCodecError) {
                samples.append(TimedTextSample(start: sample.start, duration: sample.duration, bytes: try encoder.encode(sample)))
            } catch {
                throw error.inSample(index, start: SubtitleTime(units: sample.start, timescale: timeline.timescale))
            }
        }
        return EncodedTextTrack(description: encoder.description, timescale: timeline.timescale, samples: samples,
                                losses: losses(of: timeline))
    }

    /// What a timeline loses in `tx3g`: each cue's features the format lacks, and, where
    /// overlapping cues share a sample, the position and karaoke timing of all but the first.
    public static func losses(of timeline: CueTimeline) -> [ConversionLoss] {
        var tally = ConversionLossTally()
        for sample in timeline.samples where sample.cues.count > 1 {
            for (cue, index) in zip(sample.cues, sample.cueIndices).dropFirst()
            where cue.settings != sample.cues[0].settings || cue.text.runs.contains(where: { $0.timestamp != nil }) {
                tally.add(.overlap, cue: index + 1) {
                    ("overlapping cues share one tx3g sample, which has one position and one karaoke timing: the first cue's", "a wvtt track keeps each cue's own")
                }
            }
        }
        return SubtitleTarget.tx3g.losses(of: timeline) + tally.losses
    }

    /// Where a sample is shown: at the top when every cue in it is top-placed.
    public static func placement(of sample: TimelineSample) -> CuePlacement {
        !sample.cues.isEmpty && sample.cues.allSatisfy { $0.placement == .top } ? .top : .bottom
    }

    /// The settings that place a sample in a box of its own: its first cue's, when they say more
    /// than top or bottom (horizontal text only).
    public static func placedSettings(of sample: TimelineSample) -> CueSettings? {
        guard let settings = sample.cues.first?.settings, settings.vertical == nil,
              settings.position != nil || settings.size != nil || (settings.line != nil && !settings.isPlacementOnly)
        else { return nil }
        return settings
    }

    /// The bytes of one sample.
    ///
    /// - Throws: ``SampleCodecError/Reason/textTooLong(byteCount:limit:)`` when the text needs
    ///   more than ``maxTextBytes`` bytes.
    public func encode(_ sample: TimelineSample) throws(SampleCodecError) -> [UInt8] {
        guard !sample.isEmpty else { return [0, 0] }
        var text = ""
        var records: [Tx3gStyleRecord] = []
        var karaoke: [(start: Int, time: SubtitleTime)] = []
        var karaokeEnd = 0
        var offset = 0
        for (index, cue) in sample.cues.enumerated() {
            if index > 0 {
                text += "\n"
                offset += 1
            }
            for run in cue.text.runs {
                let piece = run.style.ruby == .annotation ? "(" + run.text + ")" : run.text
                let length = piece.unicodeScalars.count
                // One krok per sample: the first cue's timing.
                if index == 0, let timestamp = run.timestamp { karaoke.append((offset, timestamp)) }
                text += piece
                appendRecord(for: run.style, from: offset, to: offset + length, into: &records)
                offset += length
            }
            if index == 0 { karaokeEnd = offset }
        }
        let utf8 = text.utf8
        guard utf8.count <= Self.maxTextBytes else {
            throw SampleCodecError(.textTooLong(byteCount: utf8.count, limit: Self.maxTextBytes))
        }
        var writer = ByteWriter(capacity: 2 + utf8.count + 10 + 12 * records.count + 24 + 8 * karaoke.count)
        writer.write(UInt16(utf8.count))
        writer.write(bytes: utf8)
        if !records.isEmpty {
            writer.writeBox("styl") { body in
                body.write(UInt16(records.count))
                for record in records { record.write(into: &body) }
            }
        }
        if !karaoke.isEmpty, let first = sample.cues.first {
            writeKaraoke(karaoke, textEnd: karaokeEnd, cueEnd: first.end, sampleStart: sample.start, into: &writer)
        }
        if sample.isForced { writer.writeBox("frcd") { _ in } }
        if description.displayFlags.contains(.verticalPlacement) {
            if let settings = Self.placedSettings(of: sample), let first = sample.cues.first {
                let lines = first.text.plainText.split(separator: "\n", omittingEmptySubsequences: false).count
                let box = Tx3gCueGeometry(area: description.defaultTextBox).box(for: settings, lineCount: lines)
                writer.writeBox("tbox") { box.write(into: &$0) }
            } else if Self.placement(of: sample) == .top {
                writer.writeBox("tbox") { topTextBox.write(into: &$0) }
            }
        }
        return writer.bytes
    }

    /// `krok` (3GPP TS 26.245 §5.17.1.3): the time the first timed stretch starts, then for each
    /// stretch the time its highlight ends (the next stretch's start, the last one's the cue's
    /// end) and its characters; times relative to the sample's start.
    private func writeKaraoke(_ stretches: [(start: Int, time: SubtitleTime)], textEnd: Int, cueEnd: SubtitleTime,
                              sampleStart: Int64, into writer: inout ByteWriter) {
        func relative(_ time: SubtitleTime) -> UInt32 {
            UInt32(clamping: max(0, time.units(inTimescale: timescale) - sampleStart))
        }
        let entries = stretches.prefix(Int(UInt16.max))
        writer.writeBox("krok") { body in
            body.write(relative(entries[0].time))
            body.write(UInt16(entries.count))
            for (position, stretch) in entries.enumerated() {
                let next = position + 1 < entries.count ? entries[position + 1] : nil
                body.write(relative(next?.time ?? cueEnd))
                body.write(UInt16(clamping: stretch.start))
                body.write(UInt16(clamping: next?.start ?? textEnd))
            }
        }
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
        let size = style.fontScale.map { UInt8(clamping: Int((Double(defaults.fontSize) * $0).rounded())) } ?? defaults.fontSize
        let fontID = description.fontID(for: style)
        guard start < end, face != defaults.face || color != defaults.color || size != defaults.fontSize || fontID != defaults.fontID
        else { return }
        // Offsets fit: the text is at most 65,535 bytes, so it has at most that many scalars;
        // longer texts are rejected before the records are written.
        let startChar = UInt16(clamping: start), endChar = UInt16(clamping: end)
        if let last = records.last, last.endChar == startChar, last.face == face, last.color == color, last.fontSize == size,
           last.fontID == fontID {
            records[records.count - 1].endChar = endChar
            return
        }
        records.append(Tx3gStyleRecord(startChar: startChar, endChar: endChar, fontID: fontID, face: face,
                                       fontSize: size, color: color))
    }
}
