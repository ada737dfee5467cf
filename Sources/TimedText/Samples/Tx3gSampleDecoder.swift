import ISOBMFF

/// Reads `tx3g` samples back into styled text and cues.
///
/// The text is UTF-8, or UTF-16 after a byte-order mark; CR LF and lone CR become line breaks.
/// `styl` records are applied in order (a later record wins where two overlap; offsets count
/// Unicode scalars, see ``Tx3gStyleRecord``; offsets past the end are clipped), characters no
/// record covers get the description's default style. `frcd` marks a forced sample, and so does
/// a description with the all-forced bit (``Tx3gSampleDescription/isAllForced``). `tbox` sets
/// the placement (see ``Tx3gSample/placement``); `twrp` is kept; other boxes (`hlit`, `hclr`,
/// `krok`, `href`, `blnk`, `dlay`) are skipped.
public enum Tx3gSampleDecoder {
    /// Decodes one sample.
    ///
    /// - Throws: ``SampleCodecError`` when the text length runs past the sample or a modifier box
    ///   is malformed. Up to 7 bytes after the last box are ignored, as FFmpeg does.
    public static func decode(_ bytes: [UInt8], description: Tx3gSampleDescription = Tx3gSampleDescription())
        throws(SampleCodecError) -> Tx3gSample {
        var reader = ByteReader(bytes, path: "tx3g sample")
        do throws(BoxError) {
            let text = try readText(&reader)
            var records: [Tx3gStyleRecord] = []
            var sample = Tx3gSample(text: CueText(""), isForced: description.isAllForced)
            for box in try InlineBox.readAll(&reader, slack: 7) {
                var payload = box.payload
                switch box.type {
                case "styl":
                    let count = try payload.checkedCount(try payload.readUInt16(), entrySize: Tx3gStyleRecord.size,
                                                         what: "styl entry count")
                    for _ in 0..<count { records.append(try Tx3gStyleRecord(reading: &payload)) }
                case "frcd":
                    sample.isForced = true
                case "tbox":
                    sample.textBox = try Tx3gTextBox(reading: &payload)
                case "twrp":
                    sample.wrapFlag = try payload.readUInt8()
                default:
                    break
                }
            }
            sample.text = styledText(text, records: records, base: description.defaultStyle.textStyle)
            if let box = sample.textBox, description.displayFlags.contains(.verticalPlacement) {
                sample.placement = isTop(box, in: description.defaultTextBox) ? .top : .bottom
            }
            return sample
        } catch {
            throw SampleCodecError(.malformed(error))
        }
    }

    /// Decodes the samples of a track into cues: one cue per non-empty sample, consecutive
    /// samples showing the same thing merged into one cue.
    ///
    /// - Throws: ``SampleCodecError`` naming the first sample that cannot be decoded, or a zero
    ///   timescale.
    public static func cues(from samples: [TimedTextSample], timescale: UInt32,
                            description: Tx3gSampleDescription = Tx3gSampleDescription()) throws(SampleCodecError) -> [Cue] {
        guard timescale > 0 else { throw SampleCodecError(.invalidTimescale) }
        var cues: [Cue] = []
        for (index, sample) in samples.enumerated() {
            let times = try sample.times(timescale: timescale)
            let decoded: Tx3gSample
            do throws(SampleCodecError) {
                decoded = try decode(sample.bytes, description: description)
            } catch {
                throw error.inSample(index, start: times.start)
            }
            guard !decoded.isEmpty, sample.duration > 0 else { continue }
            cues.appendMerging(Cue(start: times.start, end: times.end, text: decoded.text,
                                   placement: decoded.placement, isForced: decoded.isForced))
        }
        return cues
    }

    /// The libFuzzer entry point: decodes arbitrary bytes as a sample entry body and as a
    /// sample. Never traps; errors are expected and ignored.
    public static func fuzz(_ bytes: [UInt8]) {
        let description = (try? Tx3gSampleDescription(body: bytes)) ?? Tx3gSampleDescription()
        _ = description.makeBox()
        if let sample = try? decode(bytes, description: description) {
            _ = WebVTTWriter.payloadText(sample.text)
        }
        _ = try? cues(from: [TimedTextSample(start: 0, duration: 1, bytes: bytes)], timescale: 1000, description: description)
    }

    // MARK: Parts

    /// Reads the 16-bit length and the text after it: UTF-8, or UTF-16 after a byte-order mark.
    /// Shared with the QuickTime `text` decoder, whose samples start the same way.
    static func readText(_ reader: inout ByteReader) throws(BoxError) -> String {
        let length = Int(try reader.readUInt16())
        return SubtitleTextDecoder.decode(try reader.readBytes(length), fallback: .replacement).text
    }

    /// Whether a `tbox` is in the upper half of the default box. When the default box has no
    /// height (FFmpeg writes zeros) there is nothing to measure against; with the vertical
    /// placement flag set, a writer adds a `tbox` only to move text off the bottom, so it counts
    /// as top.
    private static func isTop(_ box: Tx3gTextBox, in defaultBox: Tx3gTextBox) -> Bool {
        guard defaultBox.height > 0 else { return true }
        return (Int(box.top) - Int(defaultBox.top)) * 2 < defaultBox.height
    }

    /// Applies style records to the text's scalars and turns them into runs.
    static func styledText(_ text: String, records: [Tx3gStyleRecord], base: TextStyle) -> CueText {
        let scalars = Array(text.unicodeScalars)
        var styleOf = [Int](repeating: -1, count: scalars.count)
        // Paint the records last-first, each position once: a "next unpainted position" table
        // with path halving keeps this linear however many records overlap.
        var nextFree = Array(0...scalars.count)
        func free(_ position: Int) -> Int {
            var position = position
            while nextFree[position] != position {
                nextFree[position] = nextFree[nextFree[position]]
                position = nextFree[position]
            }
            return position
        }
        for (recordIndex, record) in records.enumerated().reversed() {
            let end = min(Int(record.endChar), scalars.count)
            var position = free(min(Int(record.startChar), scalars.count))
            while position < end {
                styleOf[position] = recordIndex
                nextFree[position] = position + 1
                position = free(position + 1)
            }
        }
        let styles = records.map(\.textStyle)
        var runs: [StyledRun] = []
        var current = ""
        var currentStyle = base
        for (position, scalar) in scalars.enumerated() {
            let style = styleOf[position] >= 0 ? styles[styleOf[position]] : base
            if style != currentStyle {
                runs.append(StyledRun(current, style: currentStyle))
                current = ""
                currentStyle = style
            }
            if scalar == "\r" {
                // CR LF is one line break; a lone CR is one too.
                if position + 1 < scalars.count, scalars[position + 1] == "\n" { continue }
                current.unicodeScalars.append("\n")
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        runs.append(StyledRun(current, style: currentStyle))
        return CueText(runs: runs)
    }
}
