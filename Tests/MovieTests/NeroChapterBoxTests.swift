import ISOBMFF
import LegibleTestSupport
import Testing
@testable import Movie

/// The `chpl` codec: both versions as FFmpeg (`mov_read_chpl`) and mp4v2 (`MP4ChplAtom`) lay
/// them out, decoded and encoded back byte for byte.
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
}
