import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Remux
import Testing
import TextTracks
import TimedText

/// The chapter track the engine writes has the layout QTFF describes ("Chapter lists", "Text
/// media", "Text sample description") and replaces the chapters the movie had.
@Suite struct ChapterTrackWriteTests {
    static func write(_ source: String, _ chapters: [(Int64, String)], in folder: TemporaryFolder) throws -> Movie {
        let editor = try MovieEditor(path: RemuxFixtures.media(source).path)
        let list = chapters.map { Chapter(start: .milliseconds($0.0), title: $0.1) }
        let output = folder.path("out-" + source)
        _ = try editor.write(EditPlan(chapters: ChapterTrackRequest(chapters: list)), to: output)
        return try Movie.open(path: output)
    }

    /// Each sample: a big-endian 16-bit length, the UTF-8 title, then an `encd` atom (size 12)
    /// holding 0x00000100, UTF-8. Durations: to the next start, the last to the movie's end.
    @Test func samplesAreLengthTextAndEncoding() throws {
        let folder = try TemporaryFolder("remux-chapters")
        defer { folder.remove() }
        let movie = try Self.write("demo.mov", [(0, "Intro"), (1_500, "Señor")], in: folder)
        let chapterIDs = movie.chapterTrackIDs
        try #require(chapterIDs.count == 1)
        let chapterID = try #require(chapterIDs.first)
        let track = try #require(movie.track(id: chapterID))
        let samples = try SampleDataReader.textTrack.samples(of: track)
        let encd: [UInt8] = [0, 0, 0, 12] + Array("encd".utf8) + [0, 0, 1, 0]
        #expect(samples.map(\.bytes) == [[0, 5] + Array("Intro".utf8) + encd, [0, 6] + Array("Señor".utf8) + encd])
        // Media timescale 1000: 1.5 s, then to demo.mov's end at 4 s.
        #expect(track.mediaHeader.timescale == 1000)
        #expect(samples.map(\.sample.duration) == [1_500, 2_500])
        #expect(!track.isEnabled)
        #expect(track.header.alternateGroup == 0)
        #expect(track.handler?.handlerType == "text")
        let entry = try #require(track.box.descendant(["mdia", "minf", "stbl", "stsd"])?.children.first)
        // 8-byte header, 8 bytes of reserved + data reference index, then display flags (4),
        // justification (4), background (6), text box (8), reserved (8), font number (2), face
        // (2), reserved (1 + 2), foreground (6), and an empty Pascal font name (1).
        #expect(entry.type == "text")
        #expect(entry.totalSize == 60)
        #expect(track.box.descendant(["mdia", "minf", "gmhd", "gmin"]) != nil)
        #expect(track.box.descendant(["mdia", "minf", "gmhd", "text"]) != nil)
        // The first enabled video track and the first enabled sound track refer to it.
        let referrers = movie.tracks.filter { !$0.referencedTrackIDs(TrackReference.chapterList).isEmpty }
        #expect(referrers.map(\.mediaType) == [.video, .audio])
        #expect(referrers.allSatisfy { $0.isEnabled })
    }

    /// chapters.mp4 has a chapter track (3) and udta/chpl: both go, and no track keeps a
    /// reference to the old track.
    @Test func replacesTheOldChapters() throws {
        let folder = try TemporaryFolder("remux-chapters")
        defer { folder.remove() }
        let movie = try Self.write("chapters.mp4", [(0, "Only")], in: folder)
        #expect(movie.track(id: 3) == nil)
        #expect(movie.movieBox.child("udta")?.child("chpl") == nil)
        let chapters = ChapterReader.chapters(in: movie)
        #expect(chapters.lists.count == 1)
        #expect(chapters.shown?.chapters.map(\.title) == ["Only"])
        #expect(movie.tracks.allSatisfy { !$0.referencedTrackIDs(TrackReference.chapterList).contains(3) })
    }

    @Test func refusesAListThatDoesNotStartAtZero() throws {
        let folder = try TemporaryFolder("remux-chapters")
        defer { folder.remove() }
        #expect(throws: EditError.firstChapterNotAtZero(start: .milliseconds(500))) { _ = try Self.write("demo.mov", [(500, "Late")], in: folder) }
    }
}
