import ISOBMFF

/// Reads `wvtt` samples back into cues.
///
/// A sample's top-level boxes are read in order: each `vttc` is a cue, `vtte` means no cue,
/// anything else (`vtta` comments) is skipped, as Android's reader does.
public enum WebVTTSampleDecoder {
    /// The cue boxes of one sample (empty for a `vtte` sample).
    ///
    /// - Throws: ``SampleCodecError`` when a box runs past the sample or a `vsid` is short.
    public static func decode(_ bytes: [UInt8]) throws(SampleCodecError) -> [WebVTTCueBox] {
        var reader = ByteReader(bytes, path: "wvtt sample")
        do throws(BoxError) {
            var cues: [WebVTTCueBox] = []
            for box in try InlineBox.readAll(&reader) where box.type == "vttc" {
                var payload = box.payload
                cues.append(try WebVTTCueBox(reading: &payload))
            }
            return cues
        } catch {
            throw SampleCodecError(.malformed(error))
        }
    }

    /// Decodes the samples of a track into cues. A cue repeated in consecutive samples (the
    /// same `vsid`, or without one the same identifier, settings and payload) is one source cue
    /// split at other cues' boundaries, and becomes one cue again.
    ///
    /// - Throws: ``SampleCodecError`` naming the first sample that cannot be decoded, or a zero
    ///   timescale.
    public static func cues(from samples: [TimedTextSample], timescale: UInt32) throws(SampleCodecError) -> [Cue] {
        guard timescale > 0 else { throw SampleCodecError(.invalidTimescale) }
        var cues: [Cue] = []
        // The cue boxes of the previous sample and the cue each one went into.
        var open: [(box: WebVTTCueBox, cue: Int)] = []
        for (index, sample) in samples.enumerated() {
            let times = try sample.times(timescale: timescale)
            let boxes: [WebVTTCueBox]
            do throws(SampleCodecError) {
                boxes = try decode(sample.bytes)
            } catch {
                throw error.inSample(index, start: times.start)
            }
            guard sample.duration > 0 else { continue }
            var candidates = open.filter { cues[$0.cue].end == times.start }
            var nowOpen: [(box: WebVTTCueBox, cue: Int)] = []
            for box in boxes {
                if let match = candidates.firstIndex(where: { $0.box.continues(box) }) {
                    let cue = candidates.remove(at: match).cue
                    cues[cue].end = times.end
                    nowOpen.append((box, cue))
                } else {
                    cues.append(box.cue(start: times.start, end: times.end))
                    nowOpen.append((box, cues.count - 1))
                }
            }
            open = nowOpen
        }
        return cues
    }

    /// The libFuzzer entry point: decodes arbitrary bytes as a sample and as a sample entry's
    /// boxes. Never traps; errors are expected and ignored.
    public static func fuzz(_ bytes: [UInt8]) {
        _ = try? cues(from: [TimedTextSample(start: 0, duration: 1, bytes: bytes),
                             TimedTextSample(start: 1, duration: 1, bytes: bytes)], timescale: 1000)
        let entry = Box(type: WebVTTSampleDescription.format, payload: [0, 0, 0, 0, 0, 0, 0, 1] + bytes)
        if let description = try? WebVTTSampleDescription(entry) {
            _ = description.header
            _ = description.makeBox()
        }
    }
}
