/// Closed-caption (`c608`) track samples to and from CEA-608 bursts on a frame grid.
public enum ClosedCaptionTrackCodec {
    /// The bursts of both fields in `samples`: each sample's pairs from the frame nearest its start
    /// on `frameRate`'s grid.
    ///
    /// - Throws: ``SampleCodecError`` naming the first sample that does not decode.
    public static func bursts(from samples: [TimedTextSample], timescale: UInt32,
                              frameRate: CEA608FrameRate) throws(SampleCodecError) -> (field1: [CEA608Burst], field2: [CEA608Burst]) {
        guard timescale > 0 else { throw SampleCodecError(.invalidTimescale) }
        var field1: [CEA608Burst] = []
        var field2: [CEA608Burst] = []
        for (index, sample) in samples.enumerated() {
            let times = try sample.times(timescale: timescale)
            let decoded: ClosedCaptionSample
            do throws(SampleCodecError) {
                decoded = try ClosedCaptionSample(bytes: sample.bytes)
            } catch {
                throw error.inSample(index, start: times.start)
            }
            let frame = frameRate.frame(nearest: times.start)
            if !decoded.field1.isEmpty { field1.append(CEA608Burst(frame: frame, pairs: decoded.field1)) }
            if !decoded.field2.isEmpty { field2.append(CEA608Burst(frame: frame, pairs: decoded.field2)) }
        }
        return (field1, field2)
    }

    /// The cues `samples` show, every channel; cues still shown at the end end at `end`.
    public static func captions(from samples: [TimedTextSample], timescale: UInt32, frameRate: CEA608FrameRate,
                                end: SubtitleTime? = nil) throws(SampleCodecError) -> CEA608Captions {
        let (field1, field2) = try bursts(from: samples, timescale: timescale, frameRate: frameRate)
        return CEA608Decoder.captions(field1: field1, field2: field2, frameRate: frameRate, end: end)
    }

    /// Samples for bursts of one field, in `frameRate`'s timescale: one sample per burst, lasting
    /// until the next (the frames between are padding, QTFF "Closed captioning sample data"),
    /// contiguous from time 0 (a padding sample fills the time before the first burst).
    public static func samples(_ bursts: [CEA608Burst], field: CEA608Field, frameRate: CEA608FrameRate) -> [TimedTextSample] {
        var samples: [TimedTextSample] = []
        samples.reserveCapacity(bursts.count + 1)
        let frame = Int64(frameRate.frameDuration)
        func sample(_ pairs: [CEA608BytePair]) -> [UInt8] {
            (field == .one ? ClosedCaptionSample(field1: pairs) : ClosedCaptionSample(field1: [], field2: pairs)).encoded()
        }
        if let first = bursts.first, first.frame > 0 {
            samples.append(TimedTextSample(start: 0, duration: first.frame * frame, bytes: sample([.padding])))
        }
        for (index, burst) in bursts.enumerated() {
            let next = index + 1 < bursts.count ? bursts[index + 1].frame : burst.frame + Int64(max(burst.pairs.count, 1))
            samples.append(TimedTextSample(start: burst.frame * frame, duration: max(next - burst.frame, 1) * frame, bytes: sample(burst.pairs)))
        }
        return samples
    }

    /// The libFuzzer entry point: the bytes as a sample, decoded into captions. Never traps.
    public static func fuzz(_ bytes: [UInt8]) {
        _ = try? captions(from: [TimedTextSample(start: 0, duration: 1001, bytes: bytes)], timescale: 30000, frameRate: .ntsc)
    }
}
