import ISOBMFF
import Delivery
import Testing
import TimedText

/// RFC 8216 §3.5: "Each WebVTT Segment MUST contain all subtitle cues that are intended to be
/// displayed during the period indicated by the segment EXTINF duration. The start time offset
/// and end time offset of each cue MUST indicate the total display time for that cue, even if
/// part of the cue time range is outside the Segment period. A WebVTT Segment MAY contain no cues."
struct WebVTTSegmenterTests {
    static func cue(_ start: Int64, _ end: Int64, _ text: String) -> Cue {
        Cue(start: .milliseconds(start), end: .milliseconds(end), text: CueText(text))
    }

    @Test func segmentsCoverTheMovieAndTheLastIsShorter() throws {
        let segments = try WebVTTSegmenter.segments(of: [], movieDuration: .milliseconds(13_500), segmentDuration: .seconds(6))
        #expect(segments.map(\.start) == [.zero, .seconds(6), .seconds(12)])
        #expect(segments.map(\.duration) == [.seconds(6), .seconds(6), .milliseconds(1_500)])
        #expect(segments.allSatisfy { $0.cues.isEmpty }, "empty segments are kept so the timeline has no holes")
    }

    @Test func aMovieThatDividesEvenlyHasNoEmptyTailSegment() throws {
        let segments = try WebVTTSegmenter.segments(of: [], movieDuration: .seconds(12), segmentDuration: .seconds(6))
        #expect(segments.count == 2)
    }

    @Test func aSpanningCueIsInEverySegmentItShowsInWithItsOwnTimes() throws {
        let spanning = Self.cue(5_000, 13_000, "across two boundaries")
        let segments = try WebVTTSegmenter.segments(of: [spanning], movieDuration: .seconds(18), segmentDuration: .seconds(6))
        #expect(segments.map(\.cues) == [[spanning], [spanning], [spanning]])
    }

    /// Cue intervals are half-open: a cue ending at a boundary is not shown after it, one
    /// starting at a boundary not before it.
    @Test func boundariesAreHalfOpen() throws {
        let endsAtBoundary = Self.cue(4_000, 6_000, "ends at 6")
        let startsAtBoundary = Self.cue(6_000, 7_000, "starts at 6")
        let segments = try WebVTTSegmenter.segments(of: [startsAtBoundary, endsAtBoundary], movieDuration: .seconds(12),
                                                    segmentDuration: .seconds(6))
        #expect(segments[0].cues == [endsAtBoundary])
        #expect(segments[1].cues == [startsAtBoundary])
    }

    @Test func cuesAfterTheMovieEndAreInNoSegment() throws {
        let late = Self.cue(7_000, 8_000, "after the end")
        let overlapping = Self.cue(5_500, 6_500, "runs past the end")
        let segments = try WebVTTSegmenter.segments(of: [late, overlapping], movieDuration: .seconds(6), segmentDuration: .seconds(6))
        #expect(segments.count == 1)
        #expect(segments[0].cues == [overlapping])
    }

    @Test func refusesNonsense() {
        #expect(throws: DeliveryError.self) {
            try WebVTTSegmenter.segments(of: [], movieDuration: .zero, segmentDuration: .seconds(6))
        }
        #expect(throws: DeliveryError.self) {
            try WebVTTSegmenter.segments(of: [], movieDuration: .seconds(6), segmentDuration: .zero)
        }
        #expect(throws: DeliveryError.self) {
            try WebVTTSegmenter.segments(of: [], movieDuration: .seconds(10_000), segmentDuration: .milliseconds(1))
        }
    }
}
