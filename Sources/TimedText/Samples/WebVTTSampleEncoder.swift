import ISOBMFF

/// Writes ``TimelineSample``s as `wvtt` samples (ISO/IEC 14496-30).
///
/// Each active cue becomes one `vttc` with `payl` (the text with WebVTT markup, from
/// ``WebVTTWriter/payloadText(_:)``), `iden` when the cue has an identifier, `sttg` when it
/// has settings (``WebVTTWriter/settingsText(for:)``, so a top-placed cue gets `line:0`),
/// `ctim` (the sample start) when its text has inner timestamps, and `vsid` (the cue's index
/// in the timeline's input) when the cue spans several samples, so readers can join the pieces.
/// A gap is a single `vtte`. What WebVTT cannot carry (forced flags, font sizes, colours outside
/// its colour classes) is named in the track's ``EncodedTextTrack/losses``.
public enum WebVTTSampleEncoder {
    /// Encodes a whole timeline with a description holding `header` (its `STYLE` and `REGION`
    /// blocks) and an optional `vlab` source label.
    public static func encode(_ timeline: CueTimeline, header: WebVTTHeader = WebVTTHeader(), sourceLabel: String? = nil)
        -> EncodedTextTrack<WebVTTSampleDescription> {
        var pieces: [Int: Int] = [:]
        for sample in timeline.samples {
            for index in sample.cueIndices { pieces[index, default: 0] += 1 }
        }
        let split = Set(pieces.filter { $0.value > 1 }.keys)
        let samples = timeline.samples.map { sample in
            TimedTextSample(start: sample.start, duration: sample.duration,
                            bytes: encode(sample, timescale: timeline.timescale, splitCues: split))
        }
        return EncodedTextTrack(description: WebVTTSampleDescription(header: header, sourceLabel: sourceLabel),
                                timescale: timeline.timescale, samples: samples, losses: SubtitleTarget.webVTT.losses(of: timeline))
    }

    /// The bytes of one sample.
    ///
    /// - Parameters:
    ///   - sample: the sample of a ``CueTimeline``: its cues, or a gap.
    ///   - timescale: the timeline's timescale, to write `ctim`.
    ///   - splitCues: indices (``TimelineSample/cueIndices``) of cues that span several samples
    ///     and so get a `vsid`.
    public static func encode(_ sample: TimelineSample, timescale: UInt32,
                              splitCues: some Collection<Int> = [Int]()) -> [UInt8] {
        var writer = ByteWriter()
        guard !sample.isEmpty else {
            writer.writeBox("vtte") { _ in }
            return writer.bytes
        }
        let split = Set(splitCues)
        for (cue, index) in zip(sample.cues, sample.cueIndices) {
            let settings = WebVTTWriter.settingsText(for: cue)
            let hasTimestamps = cue.text.runs.contains { $0.timestamp != nil }
            let box = WebVTTCueBox(
                sourceID: split.contains(index) ? Int32(clamping: index) : nil,
                currentTime: hasTimestamps ? SubtitleTime(units: sample.start, timescale: timescale) : nil,
                identifier: cue.identifier.flatMap { $0.isEmpty ? nil : $0 },
                settings: settings.isEmpty ? nil : settings,
                payload: WebVTTWriter.payloadText(cue.text))
            box.write(into: &writer)
        }
        return writer.bytes
    }
}
