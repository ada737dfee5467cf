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
    ///
    /// A burst too long for one sample of at most `maxSampleBytes` bytes (the limit its readers
    /// enforce) is split across consecutive samples. The line carries one pair a frame
    /// (CTA-608), so pair k of a burst goes out k frames after its first, or later when the
    /// pairs before it overran (``CEA608Decoder/captions(field1:field2:frameRate:end:)``): each
    /// further sample starts at the frame its first pair goes out, and a sample that would
    /// start with or before the one before it starts a frame later, which is never after its
    /// first pair goes out. Every pair is read back in the frame it had unsplit.
    public static func samples(_ bursts: [CEA608Burst], field: CEA608Field, frameRate: CEA608FrameRate,
                               maxSampleBytes: Int) -> [TimedTextSample] {
        let perSample = max(ClosedCaptionSample.maxPairs(field: field, inSampleOf: maxSampleBytes), 1)
        var pieces: [CEA608Burst] = []
        pieces.reserveCapacity(bursts.count)
        // The frame after the last pair sent so far.
        var sent = Int64.min
        for burst in bursts {
            let first = max(burst.frame, sent)
            var offset = 0
            repeat {
                let end = min(offset + perSample, burst.pairs.count)
                let start = offset == 0 ? burst.frame : first + Int64(offset)
                pieces.append(CEA608Burst(frame: pieces.last.map { max(start, $0.frame + 1) } ?? start, pairs: Array(burst.pairs[offset..<end])))
                offset = end
            } while offset < burst.pairs.count
            // An empty burst is a sample of one padding pair (``ClosedCaptionSample/encoded()``).
            sent = first + Int64(max(burst.pairs.count, 1))
        }
        var samples: [TimedTextSample] = []
        samples.reserveCapacity(pieces.count + 1)
        let frame = Int64(frameRate.frameDuration)
        func sample(_ pairs: [CEA608BytePair]) -> [UInt8] {
            (field == .one ? ClosedCaptionSample(field1: pairs) : ClosedCaptionSample(field1: [], field2: pairs)).encoded()
        }
        if let first = pieces.first, first.frame > 0 {
            samples.append(TimedTextSample(start: 0, duration: first.frame * frame, bytes: sample([.padding])))
        }
        for (index, piece) in pieces.enumerated() {
            let next = index + 1 < pieces.count ? pieces[index + 1].frame : piece.frame + Int64(max(piece.pairs.count, 1))
            samples.append(TimedTextSample(start: piece.frame * frame, duration: max(next - piece.frame, 1) * frame, bytes: sample(piece.pairs)))
        }
        return samples
    }

    /// The libFuzzer entry point: the bytes as a sample, decoded into captions. Never traps.
    public static func fuzz(_ bytes: [UInt8]) {
        _ = try? captions(from: [TimedTextSample(start: 0, duration: 1001, bytes: bytes)], timescale: 30000, frameRate: .ntsc)
    }
}
