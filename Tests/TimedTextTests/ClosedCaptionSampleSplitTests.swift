import Testing
import TimedText

/// A burst too long for one `c608` sample of the readers' limit is split across consecutive
/// samples (QTFF "Closed captioning sample data": pair k of a sample belongs to the k-th frame
/// from its start; CTA-608 sends one pair per field per frame), each within the limit, each
/// starting at the frame its first pair goes out, so every pair is read in the frame it had
/// unsplit. The limits here are tiny so the frames can be worked out by hand.
@Suite("Closed-caption samples split at the readers' limit")
struct ClosedCaptionSampleSplitTests {
    /// Pairs 0x9101, 0x9102, …: distinct, so their order is checked too.
    static func pairs(_ count: Int, from first: UInt8 = 1) -> [CEA608BytePair] {
        (0..<count).map { CEA608BytePair(0x91, first + UInt8($0)) }
    }

    @Test func theLimitHoldsTheAtomsAndTheirPairs() {
        // cdat: an 8-byte header, 2 bytes a pair; field 2 adds a cdt2 and as many padding pairs in cdat.
        #expect(ClosedCaptionSample.maxPairs(field: .one, inSampleOf: 14) == 3)
        #expect(ClosedCaptionSample.maxPairs(field: .one, inSampleOf: 15) == 3)
        #expect(ClosedCaptionSample.maxPairs(field: .two, inSampleOf: 28) == 3)
        #expect(ClosedCaptionSample.maxPairs(field: .one, inSampleOf: 1 << 20) == 524_284)
    }

    @Test func aLongBurstBecomesSamplesStartingWhereTheirPairsGoOut() throws {
        let frameRate = CEA608FrameRate.ntsc
        let frame = Int64(frameRate.frameDuration)
        // 7 pairs from frame 10 (sent in frames 10…16), then 2 from frame 12, which wait for
        // frames 17 and 18; at most 3 pairs (14 bytes) a sample.
        let bursts = [CEA608Burst(frame: 10, pairs: Self.pairs(7)), CEA608Burst(frame: 12, pairs: Self.pairs(2, from: 0x20))]
        let samples = ClosedCaptionTrackCodec.samples(bursts, field: .one, frameRate: frameRate, maxSampleBytes: 14)
        #expect(samples.map { $0.start / frame } == [0, 10, 13, 16, 17])
        #expect(samples.map { $0.duration / frame } == [10, 3, 3, 1, 2])
        #expect(samples.allSatisfy { $0.bytes.count <= 14 })
        let decoded = try samples.map { try ClosedCaptionSample(bytes: $0.bytes).field1 }
        #expect(decoded.dropFirst().flatMap { $0 } == bursts.flatMap(\.pairs))

        // Read back, every pair is in the frame it had unsplit: the same captions.
        let read = try ClosedCaptionTrackCodec.bursts(from: samples, timescale: frameRate.timescale, frameRate: frameRate)
        #expect(CEA608Decoder.captions(field1: read.field1, frameRate: frameRate)
                == CEA608Decoder.captions(field1: [CEA608Burst(frame: 0, pairs: [.padding])] + bursts, frameRate: frameRate))
    }

    @Test func aBurstWithinTheLimitIsOneSampleAsBefore() {
        let frameRate = CEA608FrameRate.ntsc
        let frame = Int64(frameRate.frameDuration)
        let bursts = [CEA608Burst(frame: 0, pairs: Self.pairs(3)), CEA608Burst(frame: 30, pairs: Self.pairs(2))]
        let samples = ClosedCaptionTrackCodec.samples(bursts, field: .two, frameRate: frameRate, maxSampleBytes: 28)
        #expect(samples.map { $0.start / frame } == [0, 30])
        #expect(samples.map { $0.duration / frame } == [30, 2])
        #expect(samples.map { $0.bytes.count } == [28, 24])
    }
}
