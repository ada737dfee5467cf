import ISOBMFF

/// Reads the text of QuickTime `text` media samples (legacy text and chapter tracks, QTFF
/// "Text media"): a 16-bit length and the text. The atoms after the text (`styl` as a TextEdit
/// style scrap, `encd`, `hlit`, …) are not interpreted, so only the words come back.
///
/// The text is taken as UTF-8 (or UTF-16 after a byte-order mark), which is what FFmpeg and
/// L-SMASH write; older Macintosh-encoded text falls back to U+FFFD for non-ASCII bytes.
public enum QuickTimeTextSampleDecoder {
    /// The text of one sample.
    public static func decode(_ bytes: [UInt8]) throws(SampleCodecError) -> CueText {
        var reader = ByteReader(bytes, path: "text sample")
        do throws(BoxError) {
            return Tx3gSampleDecoder.styledText(try Tx3gSampleDecoder.readText(&reader), records: [], base: TextStyle())
        } catch {
            throw SampleCodecError(.malformed(error))
        }
    }

    /// One cue per non-empty sample, consecutive samples with the same text merged.
    public static func cues(from samples: [TimedTextSample], timescale: UInt32) throws(SampleCodecError) -> [Cue] {
        guard timescale > 0 else { throw SampleCodecError(.invalidTimescale) }
        var cues: [Cue] = []
        for (index, sample) in samples.enumerated() {
            let times = try sample.times(timescale: timescale)
            let text: CueText
            do throws(SampleCodecError) {
                text = try decode(sample.bytes)
            } catch {
                throw error.inSample(index, start: times.start)
            }
            guard !text.isEmpty, sample.duration > 0 else { continue }
            cues.appendMerging(Cue(start: times.start, end: times.end, text: text))
        }
        return cues
    }

    /// The libFuzzer entry point. Never traps.
    public static func fuzz(_ bytes: [UInt8]) {
        _ = try? cues(from: [TimedTextSample(start: 0, duration: 1, bytes: bytes)], timescale: 600)
    }
}
