import ISOBMFF
import LegibleTestSupport
import Testing
import TextTracks
import TimedText
@testable import Movie

/// ChapterReader on movies built from the published layouts: QTFF "Chapter lists" (a text
/// track referenced by `tref/chap`, samples a 16-bit length and text) with an edit list
/// (ISO/IEC 14496-12 §8.6.6), and Nero `chpl` as FFmpeg reads it (libavformat/mov.c
/// `mov_read_chpl`: version 0 has an 8-bit count; version 1 four more bytes first).
@Suite struct ChapterReaderTests {
    private func ms(_ value: Int64) -> SubtitleTime { .milliseconds(value) }

    private func movie(_ moovChildren: [TestBox], mdat: [UInt8] = []) throws -> Movie {
        let moov = TestBox.container("moov", moovChildren).bytes
        let bytes = CraftedMovie.ftyp + moov + TestBox.leaf("mdat", mdat).bytes
        return try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
    }

    private static func chpl(version: UInt8, entries: [(UInt64, String)], countOverride: UInt8? = nil) -> TestBox {
        var payload: [UInt8] = [version, 0, 0, 0]
        if version == 1 { payload += [0, 0, 0, 0] }
        payload.append(countOverride ?? UInt8(entries.count))
        for (start, title) in entries { payload += be64(start) + [UInt8(title.utf8.count)] + ascii(title) }
        return .leaf("chpl", payload)
    }

    @Test(arguments: [UInt8(0), 1])
    func neroChapterList(version: UInt8) throws {
        // 100 ns units: 0 s and 1.5 s; the movie lasts 4 s.
        let chpl = Self.chpl(version: version, entries: [(0, "One"), (15_000_000, "Two")])
        let movie = try movie([CraftedMovie.mvhd(timescale: 1000, duration: 4000), .container("udta", [chpl])])
        let chapters = ChapterReader.chapters(in: movie)
        #expect(chapters.problems.isEmpty)
        #expect(chapters.shown == ChapterList(chapters: [Chapter(start: ms(0), end: ms(1_500), title: "One"),
                                                          Chapter(start: ms(1_500), end: ms(4_000), title: "Two")], carrier: .nero))
        #expect(chapters.choice == nil)
    }

    @Test func neroCountBeyondTheBoxIsAProblemWithItsPlace() throws {
        let chpl = Self.chpl(version: 0, entries: [(0, "One")], countOverride: 200)
        let movie = try movie([CraftedMovie.mvhd(), .container("udta", [chpl])])
        let chapters = ChapterReader.chapters(in: movie)
        #expect(chapters.lists.isEmpty)
        let problem = try #require(chapters.problems.first)
        #expect(problem.location?.path == "moov/udta/chpl")
        #expect(problem.description.contains("chapter count"))
    }

    /// Track 1 (sound) lists track 2 in `chap`; track 2's two 1-second samples (media
    /// timescale 1) sit after a 1 s empty edit, so they are at 1–2 s and 2–3 s of the movie.
    @Test func chapterTrackInMovieTimeThroughItsEditList() throws {
        let samples = be16(5) + ascii("Intro") + be16(6) + ascii("Part 2")
        let textEntry = TestBox.leaf("text", [0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 43))
        let elst = CraftedMovie.fullBox("elst", be32(2) + be32(1000) + be32(0xFFFF_FFFF) + be32(0x0001_0000)
                                        + be32(2000) + be32(0) + be32(0x0001_0000))
        func moov(chunkOffset: UInt32) -> [TestBox] {
            [
                CraftedMovie.mvhd(timescale: 1000, duration: 3000, nextTrackID: 3),
                CraftedMovie.trak(id: 1, handler: "soun", extra: [.container("tref", [.leaf("chap", be32(2))])]),
                CraftedMovie.trak(id: 2, handler: "text", mdhd: CraftedMovie.mdhd(timescale: 1, duration: 2),
                                  stbl: CraftedMovie.stbl(sizes: [7, 8], chunkOffset: chunkOffset, entries: [textEntry]),
                                  extra: [.container("edts", [elst])]),
                .container("udta", [Self.chpl(version: 1, entries: [(0, "Nero")])]),
            ]
        }
        let offset = UInt32(CraftedMovie.ftyp.count + TestBox.container("moov", moov(chunkOffset: 0)).bytes.count + 8)
        let movie = try movie(moov(chunkOffset: offset), mdat: samples)
        let chapters = ChapterReader.chapters(in: movie)
        #expect(chapters.problems.isEmpty)
        #expect(chapters.shown == ChapterList(chapters: [Chapter(start: ms(1_000), end: ms(2_000), title: "Intro"),
                                                          Chapter(start: ms(2_000), end: ms(3_000), title: "Part 2")],
                                              carrier: .quickTimeTrack(2)))
        #expect(chapters.lists.map(\.carrier) == [.quickTimeTrack(2), .nero])
        #expect(chapters.choice != nil)
    }

    @Test func editListTimelineWithoutEditsIsMediaTime() {
        let timeline = EditListTimeline(editList: nil, movieTimescale: 600, mediaTimescale: 1000)
        #expect(timeline.movieSpan(start: ms(5), end: ms(9))! == (ms(5), ms(9)))
    }

    /// ISO/IEC 14496-12 §8.6.6: an edit shows media from its media time for its segment
    /// duration. One edit at media time 5 s (timescale 1) lasting 2 s of a movie at 1000/s, then
    /// one of duration 0 (shown to the media's end) from 10 s.
    @Test func editListTimelineSegments() throws {
        var reader = ByteReader([0, 0, 0, 0] + be32(2) + be32(2000) + be32(5) + be32(0x0001_0000) + be32(0) + be32(10) + be32(0x0001_0000))
        let edits = try EditListBox(parsing: &reader, type: "elst")
        let timeline = EditListTimeline(editList: edits, movieTimescale: 1000, mediaTimescale: 1)
        #expect(timeline.movieSpan(start: ms(5_000), end: ms(6_000))! == (ms(0), ms(1_000)))
        #expect(timeline.movieSpan(start: ms(6_500), end: ms(8_000))! == (ms(1_500), ms(2_000)))
        #expect(timeline.movieSpan(start: ms(0), end: ms(1_000)) == nil)
        #expect(timeline.movieSpan(start: ms(12_000), end: ms(13_000))! == (ms(4_000), ms(5_000)))
    }
}
