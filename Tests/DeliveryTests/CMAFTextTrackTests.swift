import Delivery
import Testing
import TimedText

/// The samples of a CMAF WebVTT track: ISO/IEC 14496-30 §7.4 has every instant covered, a
/// `vtte` (an empty box of that type: 8 bytes, size 8) where no cue shows, and a CMAF segment
/// holds the samples of its own time (ISO/IEC 23000-19 §7.3.2.3), so a sample that crosses a
/// segment start is cut there, both parts carrying the same cues.
@Suite struct CMAFTextTrackTests {
    static let vtte: [UInt8] = [0, 0, 0, 8] + Array("vtte".utf8)

    @Test func gapsAreFilledAndSamplesCutAtSegmentStarts() {
        // One cue from 500 to 1500 ms; movie time 0 at 21 ms of the packaged timeline (AAC
        // priming); the movie ends at 4000 ms (4021 packaged); segments start at 0, 1022, 2022.
        let cue: [UInt8] = Array("cue!".utf8)
        let pieces = CMAFTextTrack.layout([TimedTextSample(start: 500, duration: 1000, bytes: cue)], offset: 21, end: 4021,
                                          segmentStarts: [0, 1022, 2022])
        #expect(pieces.map(\.start) == [0, 521, 1022, 1521, 2022])
        #expect(pieces.map(\.duration) == [521, 501, 499, 501, 1999])
        #expect(pieces.map(\.bytes) == [Self.vtte, cue, cue, Self.vtte, Self.vtte])
    }

    @Test func aTrackWithoutCuesIsOneEmptySamplePerSegment() {
        let pieces = CMAFTextTrack.layout([], offset: 0, end: 3000, segmentStarts: [0, 2000])
        #expect(pieces == [TimedTextSample(start: 0, duration: 2000, bytes: Self.vtte), TimedTextSample(start: 2000, duration: 1000, bytes: Self.vtte)])
    }

    @Test func cuesPastTheEndAreCut() {
        let pieces = CMAFTextTrack.layout([TimedTextSample(start: 0, duration: 5000, bytes: [1])], offset: 0, end: 3000, segmentStarts: [0])
        #expect(pieces == [TimedTextSample(start: 0, duration: 3000, bytes: [1])])
    }
}
