import Delivery
import ISOBMFF
import LegibleTestSupport
import Movie
import Testing
import TimedText

/// ISO/IEC 14496-12 §8.6.6: an edit list maps media time onto the movie timeline; an empty edit
/// (`media_time` -1) delays the media, `media_time` says which media time is shown first.
struct TrackTimelineTests {
    static func cue(_ start: Int64, _ end: Int64) -> Cue {
        Cue(start: .milliseconds(start), end: .milliseconds(end), text: "x")
    }

    /// A movie (timescale 1000) of one subtitle track (media timescale 1000) with these edits
    /// (segment duration, media time, rate).
    static func movie(edits: [(UInt32, Int32, UInt32)]) throws -> Movie {
        var payload = be32(UInt32(edits.count))
        for (duration, time, rate) in edits { payload += be32(duration) + be32(UInt32(bitPattern: time)) + be32(rate) }
        let elst = CraftedMovie.fullBox("elst", payload)
        let moov = TestBox.container("moov", [CraftedMovie.mvhd(), CraftedMovie.trak(id: 1, handler: "sbtl", extra: [.container("edts", [elst])])])
        return try Movie(file: BoxTreeParser.parse(MemoryByteSource(CraftedMovie.ftyp + moov.bytes)))
    }

    static func timeline(_ edits: [(UInt32, Int32, UInt32)]) throws -> TrackTimeline {
        let movie = try movie(edits: edits)
        let track = try #require(movie.track(id: 1))
        return try TrackTimeline(track: track, movie: movie)
    }

    @Test func anEmptyEditDelaysTheCues() throws {
        let timeline = try Self.timeline([(2_000, -1, 0x10000), (5_000, 0, 0x10000)])
        #expect(timeline.movieCues([Self.cue(500, 1_500)]) == [Self.cue(2_500, 3_500)])
    }

    /// Media before `media_time` and after the edit's end is not shown: cues are cut to the edit.
    @Test func aMediaTimeSkipsTheStartAndTheEditEndsTheTrack() throws {
        let timeline = try Self.timeline([(2_000, 1_000, 0x10000)])
        let cues = [Self.cue(0, 500), Self.cue(800, 1_200), Self.cue(1_500, 2_500), Self.cue(2_800, 3_500), Self.cue(3_000, 4_000)]
        #expect(timeline.movieCues(cues) == [Self.cue(0, 200), Self.cue(500, 1_500), Self.cue(1_800, 2_000)])
    }

    @Test(arguments: [
        [(1_000, 0, 0x10000), (1_000, 2_000, 0x10000)] as [(UInt32, Int32, UInt32)],
        [(1_000, 0, 0x20000)],
        [(1_000, -1, 0x10000)],
        [(1_000, 0, 0)],
    ])
    func refusesWhatCuesCannotFollow(edits: [(UInt32, Int32, UInt32)]) {
        #expect(throws: DeliveryError.self) { try Self.timeline(edits) }
    }
}
