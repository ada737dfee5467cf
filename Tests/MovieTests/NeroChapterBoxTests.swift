import ISOBMFF
import Movie
import Testing
import TimedText

/// Writing Nero chapter lists (`udta/chpl`) in the layout FFmpeg writes (libavformat/movenc.c
/// `mov_write_chpl_tag`: version 1, flags, four reserved bytes whose last is mp4v2's count's low
/// byte, an 8-bit count, then 64-bit starts in 100 ns and 8-bit-length titles).
@Suite struct NeroChapterBoxTests {
    @Test func writesFFmpegsLayoutAndReadsItBack() throws {
        let chapters = [Chapter(start: .zero, title: "Opening"), Chapter(start: SubtitleTime(microseconds: 1_500_000), title: "Tempête")]
        let list = NeroChapterBox(chapters: chapters)
        let box = list.makeBox()
        let payload = try #require(box.data)
        #expect(Array(payload.prefix(9)) == [1, 0, 0, 0, 0, 0, 0, 0, 2])
        #expect(Array(payload[9..<18]) == [0, 0, 0, 0, 0, 0, 0, 0, 7])   // start 0, title length 7
        #expect(Array(payload[25..<33]) == [0, 0, 0, 0, 0, 0xE4, 0xE1, 0xC0])   // 1.5 s = 15,000,000 × 100 ns
        #expect(try NeroChapterBox(box).entries == list.entries)
        #expect(list.entries.map(\.title) == ["Opening", "Tempête"])
        #expect(NeroChapterBox.losses(writing: chapters).isEmpty)
    }

    /// A title is cut at a character, never inside one, to 255 bytes at most.
    @Test func longTitlesAreCutAtACharacter() {
        let title = "x" + String(repeating: "é", count: 200)   // 401 bytes
        let list = NeroChapterBox(chapters: [Chapter(start: .zero, title: title)])
        let written = list.entries[0].title
        #expect(written.utf8.count == 255)
        #expect(title.hasPrefix(written))
        let losses = NeroChapterBox.losses(writing: [Chapter(start: .zero, title: title)])
        #expect(losses.map(\.kind) == [.neroTitleLength])
        #expect(losses.first?.numbers == [1])
    }

    @Test func atMost255Chapters() {
        let chapters = (0..<300).map { Chapter(start: SubtitleTime(microseconds: Int64($0) * 10_000), title: "\($0 + 1)") }
        #expect(NeroChapterBox(chapters: chapters).entries.count == 255)
        let losses = NeroChapterBox.losses(writing: chapters)
        #expect(losses.map(\.kind) == [.neroChapterCount])
        #expect(losses.first?.numbers == Array(256...300))
    }
}
