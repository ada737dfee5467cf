import Conversion
import Movie
@testable import Remux
import Testing
import TimedText

/// Caption bursts held to the movie's end: on a 25 frames a second grid (40 ms a frame) and a
/// 1 s end, frame 25 is the first at or after it. CTA-608 sends one pair a frame.
struct CaptionBurstsPastEndTests {
    static func grid() throws -> CEA608FrameRate { try #require(CEA608FrameRate(timescale: 25, frameDuration: 1)) }
    static let end = SubtitleTime.seconds(1)
    static func pairs(_ count: Int) -> [CEA608BytePair] { Array(repeating: CEA608BytePair(0x94, 0x2F), count: count) }

    /// Burst 1 is sent before the end; burst 2 (frames 23–26) is cut to the 2 pairs of frames 23
    /// and 24; burst 3 (frame 30) is left out; burst 4, padding only, goes without a word.
    static let bursts = [CEA608Burst(frame: 0, pairs: pairs(2)), CEA608Burst(frame: 23, pairs: pairs(4)),
                         CEA608Burst(frame: 30, pairs: pairs(1)), CEA608Burst(frame: 40, pairs: [.padding])]

    @Test func clipCutsAndLeavesOutWithLosses() throws {
        let held = try CaptionBurstsPastEnd(Self.bursts, frameRate: try Self.grid(), movieEnd: Self.end, policy: .clip)
        #expect(held.bursts == [CEA608Burst(frame: 0, pairs: Self.pairs(2)), CEA608Burst(frame: 23, pairs: Self.pairs(2))])
        #expect(held.losses.map(\.kind) == [.pastMovieEnd, .cutAtMovieEnd])
        #expect(held.losses.map(\.numbers) == [[3], [2]])
        // The last sample, frames 23–24, already ends at frame 25: unchanged; one running past is cut.
        let samples = [TimedTextSample(start: 23, duration: 2, bytes: []), TimedTextSample(start: 24, duration: 5, bytes: [])]
        #expect(held.trimmed(samples).map(\.duration) == [2, 1])
    }

    @Test func refuseNamesTheFirstBurstPastTheEnd() throws {
        let grid = try Self.grid()
        #expect(throws: EditError.captionBurstPastEnd(number: 2, start: .milliseconds(920), movieEnd: Self.end)) {
            try CaptionBurstsPastEnd(Self.bursts, frameRate: grid, movieEnd: Self.end, policy: .refuse)
        }
    }

    @Test(arguments: [PastEndPolicy.extend, .clip])
    func extendOrNoEndKeepsEverything(policy: PastEndPolicy) throws {
        let held = try CaptionBurstsPastEnd(Self.bursts, frameRate: try Self.grid(), movieEnd: policy == .extend ? Self.end : nil, policy: policy)
        #expect(held.bursts == Self.bursts)
        #expect(held.losses.isEmpty)
        let samples = [TimedTextSample(start: 40, duration: 5, bytes: [])]
        #expect(held.trimmed(samples) == samples)
    }
}
