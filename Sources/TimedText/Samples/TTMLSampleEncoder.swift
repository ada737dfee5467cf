/// Writes ``TimelineSample``s as `stpp` samples (ISO/IEC 14496-30 §5): each sample one IMSC1
/// Text document (``TTMLWriter``) holding the cues shown during it, with their own begin and
/// end on the track's media timeline (§5.1: the documents' time expressions are relative to the
/// track, not to the sample), so a cue spanning several samples is in each, with the same times.
/// A gap is a document with no `p`. What IMSC1 Text cannot carry is named in the track's
/// ``EncodedTextTrack/losses``.
public enum TTMLSampleEncoder {
    /// Encodes a whole timeline; `language` is every document's `xml:lang` (BCP 47).
    public static func encode(_ timeline: CueTimeline, language: String? = nil) -> EncodedTextTrack<TTMLSampleDescription> {
        let samples = timeline.samples.map { sample in
            TimedTextSample(start: sample.start, duration: sample.duration, bytes: encode(sample, language: language))
        }
        return EncodedTextTrack(description: TTMLSampleDescription(), timescale: timeline.timescale, samples: samples,
                                losses: SubtitleTarget.ttml.losses(of: timeline))
    }

    /// The bytes of one sample: the document of its cues.
    public static func encode(_ sample: TimelineSample, language: String? = nil) -> [UInt8] {
        Array(TTMLWriter.write(cues: sample.cues, language: language).utf8)
    }
}
