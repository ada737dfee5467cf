import Conversion
import ISOBMFF

/// Reads `tx3g` samples back into styled text and cues.
///
/// The text is UTF-8, or UTF-16 after a byte-order mark; CR LF and lone CR become line breaks.
/// `styl` records are applied in order (a later record wins where two overlap; offsets count
/// Unicode scalars, see ``Tx3gStyleRecord``; offsets past the end are clipped), characters no
/// record covers get the description's default style. `frcd` marks a forced sample, and so does
/// a description with the all-forced bit (``Tx3gSampleDescription/isAllForced``). `tbox` sets
/// the placement or the cue's settings (see ``Tx3gSample/placement``); `krok` gives inner
/// timestamps (WebVTT karaoke); `twrp` is kept; `hlit`, `hclr`, `href`, `blnk` and `dlay` are
/// named as losses (``track(from:timescale:description:)``); the description's justification
/// becomes every cue's `align`.
public enum Tx3gSampleDecoder {
    /// Decodes one sample. Karaoke (`krok`) times are relative to `sampleStart`, in
    /// `timescale` units, as the track has them.
    ///
    /// - Throws: ``SampleCodecError`` when the text length runs past the sample or a modifier box
    ///   is malformed. Up to 7 bytes after the last box are ignored, as FFmpeg does.
    public static func decode(_ bytes: [UInt8], description: Tx3gSampleDescription = Tx3gSampleDescription(),
                              sampleStart: Int64 = 0, timescale: UInt32 = 1000) throws(SampleCodecError) -> Tx3gSample {
        var reader = ByteReader(bytes, path: "tx3g sample")
        do throws(BoxError) {
            let text = try readText(&reader)
            var records: [Tx3gStyleRecord] = []
            var timestamps: [Int: SubtitleTime] = [:]
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
                case "krok":
                    timestamps = try karaokeTimestamps(&payload, sampleStart: sampleStart, timescale: timescale)
                case "hlit", "hclr", "blnk", "dlay", "href":
                    sample.unreadModifiers.append(box.type)
                default:
                    break
                }
            }
            sample.text = styledText(text, records: records, base: description.defaultStyle.textStyle(in: description),
                                     description: description, timestamps: timestamps)
            sample.settings.align = description.cueAlignment
            if let box = sample.textBox, description.displayFlags.contains(.verticalPlacement) {
                place(&sample, in: box, area: description.defaultTextBox)
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
        try track(from: samples, timescale: timescale, description: description).cues
    }

    /// The cues of a track (as ``cues(from:timescale:description:)``) and what the samples say
    /// that cues cannot: highlighting (`hlit`, `hclr`), blinking (`blnk`), scroll delays
    /// (`dlay`) and hyperlinks (`href`), each kind numbering the cues it was in.
    public static func track(from samples: [TimedTextSample], timescale: UInt32,
                             description: Tx3gSampleDescription = Tx3gSampleDescription())
        throws(SampleCodecError) -> (cues: [Cue], losses: [ConversionLoss]) {
        guard timescale > 0 else { throw SampleCodecError(.invalidTimescale) }
        var cues: [Cue] = []
        var tally = ConversionLossTally()
        for (index, sample) in samples.enumerated() {
            let times = try sample.times(timescale: timescale)
            let decoded: Tx3gSample
            do throws(SampleCodecError) {
                decoded = try decode(sample.bytes, description: description, sampleStart: sample.start, timescale: timescale)
            } catch {
                throw error.inSample(index, start: times.start)
            }
            guard !decoded.isEmpty, sample.duration > 0 else { continue }
            cues.appendMerging(Cue(start: times.start, end: times.end, text: decoded.text, settings: decoded.settings,
                                   placement: decoded.placement, isForced: decoded.isForced))
            for type in decoded.unreadModifiers {
                tally.add(ConversionLoss.Kind(rawValue: "tx3g-\(type)"), cue: cues.count) {
                    ("tx3g '\(type)' boxes (\(modifierNames[type] ?? "a modifier")) have no form in a subtitle file", nil)
                }
            }
        }
        return (cues, tally.losses)
    }

    /// What each modifier box the cue model has no place for does (3GPP TS 26.245 §5.17.1).
    private static let modifierNames: [FourCC: String] = [
        "hlit": "highlighted text", "hclr": "highlight colour", "blnk": "blinking text", "dlay": "scroll delay",
        "href": "hyperlinks",
    ]

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

    /// `krok` (3GPP TS 26.245 §5.17.1.3) as WebVTT inner timestamps: each entry's characters
    /// start their highlight where the previous entry's ends (the first at the box's start time),
    /// all relative to the sample's start; by character position.
    private static func karaokeTimestamps(_ payload: inout ByteReader, sampleStart: Int64,
                                          timescale: UInt32) throws(BoxError) -> [Int: SubtitleTime] {
        var time = try payload.readUInt32()
        let count = try payload.checkedCount(UInt32(try payload.readUInt16()), entrySize: 8, what: "krok entry count")
        var timestamps: [Int: SubtitleTime] = [:]
        for _ in 0..<count {
            let end = try payload.readUInt32()
            let startChar = Int(try payload.readUInt16())
            _ = try payload.readUInt16()
            if timestamps[startChar] == nil, let stamp = SubtitleTime(units: sampleStart + Int64(time), timescale: timescale) {
                timestamps[startChar] = stamp
            }
            time = end
        }
        return timestamps
    }

    /// Places a sample by its `tbox`: a box across the whole area starting at its top is a
    /// top-placed sample and one ending at its bottom a bottom-placed one, as a placement-only
    /// writer makes them; any other box becomes `line`, `position` and `size`
    /// (``Tx3gCueGeometry``). Without an area to measure against (FFmpeg writes a default box
    /// of zeros), a writer adds a `tbox` only to move text off the bottom, so it counts as top.
    private static func place(_ sample: inout Tx3gSample, in box: Tx3gTextBox, area: Tx3gTextBox) {
        guard !area.isEmpty else {
            sample.placement = .top
            return
        }
        let fullWidth = box.left <= area.left && box.right >= area.right
        if fullWidth, box.top <= area.top {
            sample.placement = .top
        } else if fullWidth, box.bottom >= area.bottom {
            sample.placement = .bottom
        } else {
            let placed = Tx3gCueGeometry(area: area).settings(for: box)
            sample.settings.line = placed.line
            sample.settings.position = placed.position
            sample.settings.size = placed.size
            sample.placement = sample.settings.impliedPlacement
        }
    }

    // MARK: Parts

    /// Reads the 16-bit length and the text after it: UTF-8, or UTF-16 after a byte-order mark.
    /// Shared with the QuickTime `text` decoder, whose samples start the same way.
    static func readText(_ reader: inout ByteReader) throws(BoxError) -> String {
        let length = Int(try reader.readUInt16())
        return SubtitleTextDecoder.decode(try reader.readBytes(length), fallback: .replacement).text
    }

    /// Applies style records to the text's scalars and turns them into runs.
    static func styledText(_ text: String, records: [Tx3gStyleRecord], base: TextStyle, description: Tx3gSampleDescription = Tx3gSampleDescription(),
                           timestamps: [Int: SubtitleTime] = [:]) -> CueText {
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
        let styles = records.map { $0.textStyle(in: description) }
        var runs: [StyledRun] = []
        var current = ""
        var currentStyle = base
        var currentTimestamp: SubtitleTime?
        for (position, scalar) in scalars.enumerated() {
            let style = styleOf[position] >= 0 ? styles[styleOf[position]] : base
            if style != currentStyle || timestamps[position] != nil {
                runs.append(StyledRun(current, style: currentStyle, timestamp: currentTimestamp))
                current = ""
                currentStyle = style
                currentTimestamp = timestamps[position]
            }
            if scalar == "\r" {
                // CR LF is one line break; a lone CR is one too.
                if position + 1 < scalars.count, scalars[position + 1] == "\n" { continue }
                current.unicodeScalars.append("\n")
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        runs.append(StyledRun(current, style: currentStyle, timestamp: currentTimestamp))
        // A stretch of no characters at the end still marks its time.
        if let last = timestamps[scalars.count] { runs.append(StyledRun("", style: currentStyle, timestamp: last)) }
        return CueText(runs: runs)
    }
}
