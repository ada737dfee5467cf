import Testing
import LegibleTestSupport
@testable import TimedText

@Suite("Cue timeline")
struct CueTimelineTests {
    private func layout(_ timeline: CueTimeline) -> [String] {
        timeline.samples.map { sample in
            "\(sample.start)+\(sample.duration) [" + sample.cues.map(\.text.plainText).joined(separator: "|") + "]"
        }
    }

    /// Fixtures/overlapping.srt: "Long cue" 1–4 s, "Short cue inside" 2–3 s, "Overlaps the end"
    /// 3.5–5 s. Samples of a text track follow each other from time 0 without overlapping
    /// (ISO/IEC 14496-12 §8.6.1.2: decode times are the running sum of `stts` durations), so the
    /// timeline is cut at every cue start and end (1, 2, 3, 3.5, 4, 5 s), 0–1 s is an empty
    /// sample, and each slice holds the cues active in it in input order.
    @Test func overlapsSplitIntoSlices() throws {
        let cues = try SubRipParser.parse(bytes: fixture("overlapping.srt")).cues
        let timeline = try CueTimeline(cues: cues, timescale: 1000)
        #expect(layout(timeline) == [
            "0+1000 []",
            "1000+1000 [Long cue]",
            "2000+1000 [Long cue|Short cue inside]",
            "3000+500 [Long cue]",
            "3500+500 [Long cue|Overlaps the end]",
            "4000+1000 [Overlaps the end]",
        ])
        #expect(timeline.samples[2].cueIndices == [0, 1])
        #expect(timeline.duration == 5000)
        #expect(timeline.diagnostics.isEmpty)
    }

    /// Input order is not time order here. At timescale 600, 1 s is 600 units: cuts at 600
    /// (b and a start), 1200 (b ends), 1800 (a ends), 3000 and 3600 (late). Cues that start
    /// together keep their input order (b before a); the gaps 0–600 and 1800–3000 are empty samples.
    @Test func gapsAreExplicitAndStartOrderWins() throws {
        let cues = [
            Cue(start: ms(5_000), end: ms(6_000), text: "late"),
            Cue(start: ms(1_000), end: ms(2_000), text: "b"),
            Cue(start: ms(1_000), end: ms(3_000), text: "a"),
        ]
        let timeline = try CueTimeline(cues: cues, timescale: 600)
        #expect(layout(timeline) == ["0+600 []", "600+600 [b|a]", "1200+600 [a]", "1800+1200 []", "3000+600 [late]"])
    }

    @Test func degenerateCuesAreDroppedWithDiagnostics() throws {
        let cues = [
            Cue(start: ms(0), end: ms(1_000), text: "starts at zero"),
            Cue(start: ms(2_000), end: ms(2_000), text: "zero"),
            Cue(start: ms(3_000), end: ms(2_500), text: "inverted"),
            Cue(start: SubtitleTime(microseconds: 4_000_000), end: SubtitleTime(microseconds: 4_000_400), text: "sub-tick"),
            Cue(start: ms(-500), end: ms(500), text: "negative start"),
        ]
        let timeline = try CueTimeline(cues: cues, timescale: 1000)
        #expect(layout(timeline) == ["0+500 [starts at zero|negative start]", "500+500 [starts at zero]"])
        #expect(timeline.diagnostics.map(\.message) == [
            "cue 2: cue has zero length; dropped",
            "cue 3: cue ends before it starts; dropped",
            "cue 4: shorter than one unit of timescale 1000; dropped",
            "cue 5: starts before time 0; start cut to 0",
        ])
        #expect(throws: CueTimelineError.invalidTimescale) { try CueTimeline(cues: cues, timescale: 0) }
        #expect(try CueTimeline(cues: [], timescale: 1000).samples.isEmpty)
    }

    /// Slices 0–1 s (forced cue only), 1–2 s (both) and 2–3 s (regular only). A sample is forced
    /// only when every cue in it is: a player showing forced subtitles alone must not show the
    /// regular cue that shares the 1–2 s sample.
    @Test func forcedSamples() throws {
        let cues = [
            Cue(start: ms(0), end: ms(2_000), text: "forced", isForced: true),
            Cue(start: ms(1_000), end: ms(3_000), text: "regular"),
        ]
        let timeline = try CueTimeline(cues: cues, timescale: 1000)
        #expect(timeline.samples.map(\.isForced) == [true, false, false])
    }

    /// 3,000 cues over three hours with awkward times (thirds of milliseconds, overlaps, gaps):
    /// the durations add up exactly and every cue boundary lands where converting it alone puts it.
    @Test(arguments: [UInt32(1000), 600, 90000, 30000, 1])
    func exactOverThreeHours(timescale: UInt32) throws {
        var generator = SplitMix64(seed: 42)
        var cues: [Cue] = []
        for index in 0..<3_000 {
            let start = Int64(index) * 3_600_000 + Int64(generator.next() % 1_000_000) + 333
            let length = 100_000 + Int64(generator.next() % 6_000_000)
            cues.append(Cue(start: SubtitleTime(microseconds: start), end: SubtitleTime(microseconds: start + length), text: CueText("\(index)")))
        }
        let timeline = try CueTimeline(cues: cues, timescale: timescale)
        let lastEnd = try #require(cues.map(\.end).max()).units(inTimescale: timescale)
        #expect(timeline.samples.reduce(0) { $0 + $1.duration } == lastEnd)
        #expect(timeline.duration == lastEnd)
        #expect(timeline.samples.allSatisfy { $0.duration > 0 })
        var expectedStart: Int64 = 0
        for sample in timeline.samples {
            #expect(sample.start == expectedStart)
            expectedStart += sample.duration
        }
        let boundaries = Set(timeline.samples.map(\.start) + [timeline.duration])
        for cue in cues where cue.start.units(inTimescale: timescale) < cue.end.units(inTimescale: timescale) {
            #expect(boundaries.contains(cue.start.units(inTimescale: timescale)))
            #expect(boundaries.contains(cue.end.units(inTimescale: timescale)))
        }
    }

    @Test func exactConversions() {
        #expect(SubtitleTime(microseconds: 1_500).units(inTimescale: 1000) == 2)
        #expect(SubtitleTime(microseconds: -1_500).units(inTimescale: 1000) == -2)
        #expect(SubtitleTime(microseconds: 10_800_000_000).units(inTimescale: 90000) == 972_000_000)
        #expect(SubtitleTime.maximum.units(inTimescale: .max) > 0)
        #expect(SubtitleTime(units: 1001, timescale: 30000) == SubtitleTime(microseconds: 33_367))
        #expect(SubtitleTime(microseconds: .max) == .maximum)
    }
}
