import ISOBMFF
@testable import Movie
import Testing
import TimedText
@testable import Delivery

/// Where CMAF segments start and which samples each holds: starts at the first sync sample at or
/// after each step (ISO/IEC 23000-19 §7.3.3), other tracks cut at the same times on their own
/// timescales, rounding up; the AAC audio object type read from `esds` (ISO/IEC 14496-1 §7.2.6,
/// ISO/IEC 14496-3 §1.6.2.1 escape values).
@Suite struct CMAFSegmentationTests {
    /// 25 fps on a 12800 timescale (512 per frame), a sync sample every `gop` frames.
    private func video(frames: Int, gop: Int) -> [SampleTable.Sample] {
        (0..<frames).map { index in
            SampleTable.Sample(index: index, offset: UInt64(index * 100), size: 100, decodeTime: UInt64(index * 512),
                               compositionOffset: 0, duration: 512, isSync: index % gop == 0, descriptionIndex: 1)
        }
    }

    @Test func startsAtTheFirstSyncSampleAtOrAfterEachStep() throws {
        // Sync every 12 frames (0.48 s): with 1-s steps, starts at frames 0, 36 (1.44 s), 72 (2.88 s).
        let segmentation = try CMAFSegmentation(video: video(frames: 100, gop: 12), timescale: 12800, target: .seconds(1))
        #expect(segmentation.starts == [0, 36 * 512, 72 * 512])
        // The same starts on a 48 kHz audio timescale: 1.44 s = 69120, 2.88 s = 138240.
        #expect(segmentation.starts(inTimescale: 48000) == [0, 69120, 138240])
        // 1024-sample AAC frames: the first frame at or after each start opens the segment.
        let audio = (0..<189).map { index in
            SampleTable.Sample(index: index, offset: 0, size: 1, decodeTime: UInt64(index * 1024), compositionOffset: 0,
                               duration: 1024, isSync: true, descriptionIndex: 1)
        }
        let runs = segmentation.split(audio, timescale: 48000)
        // 69120 / 1024 = 67.5 → frame 68; 138240 / 1024 = 135.
        #expect(runs.map(\.count) == [68, 67, 54])
        #expect(runs.map { $0.first?.index } == [0, 68, 135])
    }

    @Test func aStartOnAnotherTimescaleRoundsUpAndNeverTraps() throws {
        let segmentation = CMAFSegmentation(timescale: 3, starts: [0, 1, UInt64.max])
        #expect(segmentation.starts(inTimescale: 1000) == [0, 334, UInt64.max])
        // 1/3 s = 333.33 ms, 2/3 s = 666.67 ms: nearest is 333 and 667, down is 333 and 666.
        let thirds = CMAFSegmentation(timescale: 3, starts: [0, 1, 2])
        #expect(thirds.starts(inTimescale: 1000, rounding: .toNearestOrAwayFromZero) == [0, 333, 667])
        #expect(thirds.starts(inTimescale: 1000, rounding: .down) == [0, 333, 666])
        // A tie (half a second on a one-second clock) rounds up.
        #expect(CMAFSegmentation(timescale: 2, starts: [1]).starts(inTimescale: 1, rounding: .toNearestOrAwayFromZero) == [1])
    }

    /// Every one of 250,000 sync samples starts a segment with a 1-µs step: more than the
    /// 100,000 segments written, a refusal with both counts and no command-line advice.
    @Test func aTinyStepOnALongMovieIsRefused() {
        let error = #expect(throws: DeliveryError.self) {
            try CMAFSegmentation(video: video(frames: 250_000, gop: 1), timescale: 12800, target: SubtitleTime(microseconds: 1))
        }
        guard case let .tooManySegments(count, maximum)? = error else {
            Issue.record("not tooManySegments: \(String(describing: error))")
            return
        }
        #expect(count == 250_000)
        #expect(maximum == 100_000)
        #expect(error?.description.contains("--") == false)
    }

    @Test func audioObjectTypesFromEsds() {
        // ES_Descriptor (tag 3) → DecoderConfigDescriptor (tag 4, OTI 0x40, 12 more bytes) →
        // DecoderSpecificInfo (tag 5). AAC LC: 0x12 0x10 → AOT 2. HE-AAC signalled with the
        // escape: first 5 bits 31, then 6 bits: 0xF8 0x20 → 32 + 1 = 33? (0xF8 = 11111 000, 0x20 =
        // 001 00000 → 6 bits 000001 = 1 → AOT 33).
        func esds(_ specific: [UInt8], oti: UInt8 = 0x40) -> [UInt8] {
            let config: [UInt8] = [0x04, UInt8(13 + 2 + specific.count), oti, 0x15] + [UInt8](repeating: 0, count: 11)
                + [0x05, UInt8(specific.count)] + specific
            return [0, 0, 0, 0] + [0x03, UInt8(3 + config.count), 0, 1, 0] + config
        }
        #expect(CodecsString.audioCodecs(esds: esds([0x12, 0x10])) == "mp4a.40.2")
        #expect(CodecsString.audioCodecs(esds: esds([0xF8, 0x20])) == "mp4a.40.33")
        #expect(CodecsString.audioCodecs(esds: esds([], oti: 0x6B)) == "mp4a.6b")
        #expect(CodecsString.audioCodecs(esds: [0, 0, 0, 0, 0x03, 0x7F]) == nil)
    }
}
