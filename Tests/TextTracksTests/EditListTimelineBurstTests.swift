import ISOBMFF
import Movie
import Testing
import TextTracks
import TimedText

/// Caption bursts on the movie timeline (ISO/IEC 14496-12 §8.6.6): on a 25 frames a second grid
/// (40 ms a frame) in a movie timescale of 1000, an empty edit of 1 s delays them 25 frames.
struct EditListTimelineBurstTests {
    static func grid() throws -> CEA608FrameRate { try #require(CEA608FrameRate(timescale: 25, frameDuration: 1)) }
    static let pair = CEA608BytePair(0x94, 0x2F)

    @Test func anEmptyEditDelaysTheBurstsAndWhatNoEditShowsIsLeftOut() throws {
        // 1 s empty, then media 0–2 s.
        let edits = EditListBox(entries: [.init(segmentDuration: 1_000, mediaTime: -1), .init(segmentDuration: 2_000, mediaTime: 0)])
        let timeline = EditListTimeline(editList: edits, movieTimescale: 1_000, mediaTimescale: 25)
        let bursts = [CEA608Burst(frame: 0, pairs: [Self.pair]), CEA608Burst(frame: 11, pairs: [Self.pair]), CEA608Burst(frame: 60, pairs: [Self.pair])]
        #expect(timeline.movieBursts(bursts, frameRate: try Self.grid()).map(\.frame) == [25, 36])
    }

    @Test func withoutAnEditListBurstsStayWhereTheyAre() throws {
        let timeline = EditListTimeline(editList: nil, movieTimescale: 1_000, mediaTimescale: 25)
        let bursts = [CEA608Burst(frame: 3, pairs: [Self.pair])]
        #expect(timeline.movieBursts(bursts, frameRate: try Self.grid()) == bursts)
    }
}
