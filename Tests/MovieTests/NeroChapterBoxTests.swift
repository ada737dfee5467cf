import ISOBMFF
import LegibleTestSupport
import Testing
@testable import Movie

/// The `chpl` codec: both versions as FFmpeg (`mov_read_chpl`) and mp4v2 (`MP4ChplAtom`) lay
/// them out, decoded and encoded back byte for byte; and lists written in the layout FFmpeg
/// writes (libavformat/movenc.c `mov_write_chpl_tag`: version 1, flags, four reserved bytes
/// whose last is mp4v2's count's low byte, an 8-bit count, then 64-bit starts in 100 ns and
/// 8-bit-length titles).
@Suite struct NeroChapterBoxTests {
    static func decode(_ payload: [UInt8]) throws -> NeroChapterBox {
        try NeroChapterBox(try #require(try BoxTreeParser.parseBoxes(TestBox.leaf("chpl", payload).bytes).first))
    }

    @Test func version1HasAReservedByteAndA32BitCount() throws {
        // version 1, flags 0x000001, reserved 0x07, count 2; 0 s "Intro", 2.5 s "Über" (UTF-8).
        let title = Array("Über".utf8)
        let payload = [1, 0, 0, 1, 7] + be32(2) + be64(0) + [5] + ascii("Intro") + be64(25_000_000) + [UInt8(title.count)] + title
        let box = try Self.decode(payload)
        #expect(box.version == 1 && box.flags == 1 && box.reserved == 7)
        #expect(box.entries.map(\.start) == [0, 25_000_000])
        #expect(box.entries.map(\.title) == ["Intro", "Über"])
        #expect(box.makeBox().data.map(Array.init) == payload)
        #expect(box.fields.contains(BoxField("entries", .table(first: [.list([.unsigned(0), .text("Intro")]),
                                                                         .list([.unsigned(25_000_000), .text("Über")])], count: 2))))
    }

    /// Version 0 counts in 8 bits; a title that is not UTF-8 and bytes after the entries are
    /// written back as read.
    @Test func version0KeepsWhatItDoesNotInterpret() throws {
        let payload = [0, 0, 0, 0, 1] + be64(10_000_000) + [2, 0xC3, 0x28] + [0, 0]
        let box = try Self.decode(payload)
        #expect(box.entries.first?.title == "\u{FFFD}(")
        #expect(box.trailing == [0, 0])
        #expect(box.makeBox().data.map(Array.init) == payload)
    }

    @Test func writesFFmpegsLayoutAndReadsItBack() throws {
        let chapters = [Chapter(start: .zero, title: "Opening"), Chapter(start: MediaTime(microseconds: 1_500_000), title: "Tempête")]
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
        let chapters = (0..<300).map { Chapter(start: MediaTime(microseconds: Int64($0) * 10_000), title: "\($0 + 1)") }
        #expect(NeroChapterBox(chapters: chapters).entries.count == 255)
        let losses = NeroChapterBox.losses(writing: chapters)
        #expect(losses.map(\.kind) == [.neroChapterCount])
        #expect(losses.first?.numbers == Array(256...300))
    }
}
