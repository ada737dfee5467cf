import Testing
import ISOBMFF
import LegibleTestSupport
@testable import Movie

/// `Track.subtitleDisplayFlags` and the forced-only label players derive from it, on a
/// `tx3g` sample entry built by hand from 3GPP TS 26.245 §5.16.
@Suite struct SubtitleDisplayFlagsTests {
    /// A complete `tx3g` sample entry: SampleEntry fields, display flags, justification,
    /// background colour, default text box, default style record, then an `ftab` with one font.
    static func tx3gEntry(displayFlags: UInt32) -> Box {
        let fields = [0, 0, 0, 0, 0, 0] + be16(1)   // reserved, data reference index
            + be32(displayFlags)
            + [0x01, 0xFF]                            // horizontal centre, vertical bottom
            + [0, 0, 0, 0xFF]                         // background colour (RGBA)
            + be16(0) + be16(0) + be16(60) + be16(640)  // default text box: top, left, bottom, right
            + be16(0) + be16(0) + be16(1) + [0, 18] + [0xFF, 0xFF, 0xFF, 0xFF]  // default style record
        let fontTable = TestBox.leaf("ftab", be16(1) + be16(1) + [5] + ascii("Serif")).bytes
        return Box(type: "tx3g", payload: fields + fontTable)
    }

    /// Track 3 of `subtitles-multi.mp4` (an English `tx3g` track with no `kind` box, so nothing
    /// else marks it forced) with `entry` as its only sample entry.
    static func movie(withTrack3Entry entry: Box) throws -> Movie {
        var fixture = try MovieFixture("subtitles-multi.mp4")
        try fixture.editSampleTable(3) { stbl in
            stbl.modifyChild("stsd") { stsd in stsd.setChildren([entry]) }
        }
        return try fixture.movie()
    }

    @Test(arguments: [(UInt32(0x8000_0000), true), (0xC000_0000, true), (0x4000_0000, false), (0x2000_0000, false)])
    func allForcedBitMakesTheTrackForcedOnly(flags: UInt32, forcedOnly: Bool) throws {
        let movie = try Self.movie(withTrack3Entry: Self.tx3gEntry(displayFlags: flags))
        let track = try #require(movie.track(id: 3))
        #expect(track.subtitleDisplayFlags?.rawValue == flags)
        let legible = try #require(MediaSelection(movie: movie).groups.first { $0.characteristic == .legible })
        let option = try #require(legible.options.first { $0.trackID == 3 })
        #expect(option.isForcedOnly == forcedOnly)
        #expect(option.characteristics.contains(MediaCharacteristic.containsOnlyForcedSubtitles) == forcedOnly)
        #expect(option.displayName == (forcedOnly ? "English (Forced)" : "English"))
    }

    @Test func damagedDescriptionStillOpensTheMovie() throws {
        // The display flags are there, but the entry ends inside the default text box.
        let truncated = Box(type: "tx3g", payload: [0, 0, 0, 0, 0, 0] + be16(1) + be32(0x8000_0000) + [0x01, 0xFF, 0, 0])
        let movie = try Self.movie(withTrack3Entry: truncated)
        let track = try #require(movie.track(id: 3))
        #expect(track.codec == "tx3g")
        #expect(track.subtitleDisplayFlags == nil)
    }

    @Test func onlyTx3gTracksHaveDisplayFlags() throws {
        let movie = try MovieFixture("subtitles-multi.mp4").movie()
        #expect(movie.tracks.map { $0.subtitleDisplayFlags == nil } == movie.tracks.map { $0.codec != "tx3g" })
        #expect(movie.tracks.contains { $0.codec == "tx3g" })
    }
}
