import ISOBMFF
import LegibleTestSupport
import Testing

/// What the box layer must guarantee before anything writes a movie with it.
@Suite struct BoxWritingTests {
    /// ISO/IEC 14496-12 §8.5.2: `stsd` starts with an entry count; appending an entry must update it.
    @Test func sampleDescriptionCountFollowsItsEntries() throws {
        let entry = TestBox.leaf("mp4s", [0, 0, 0, 0, 0, 0, 0, 1])
        let moov = TestBox.container("moov", [.container("stbl", [.container("stsd", prefix: [0, 0, 0, 0] + be32(1), [entry])])])
        let file = BoxTreeParser.parse(MemoryByteSource(CraftedMovie.ftyp + moov.bytes))
        var stbl = try #require(file.box("moov")?.child("stbl"))
        stbl.modifyChild("stsd") { stsd in stsd.setChildren(stsd.children + [Box(type: "mp4s", payload: [0, 0, 0, 0, 0, 0, 0, 2])]) }
        let written = try stbl.encoded()
        #expect(Array(written[20..<24]) == be32(2), "entry count after the version/flags of stsd")
        let reparsed = BoxTreeParser.parse(MemoryByteSource(try Box(type: "moov", children: [stbl]).encoded()))
        #expect(reparsed.box("moov")?.child("stbl")?.child("stsd")?.children.count == 2)
    }

    /// A count that disagrees with the entries is kept as read until the entries change, so an
    /// untouched file still round-trips byte for byte.
    @Test func unchangedCountIsKeptAsRead() throws {
        let entry = TestBox.leaf("mp4s", [0, 0, 0, 0, 0, 0, 0, 1])
        let bytes = TestBox.container("stsd", prefix: [0, 0, 0, 0] + be32(3), [entry]).bytes
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        #expect(try file.box("stsd")?.encoded() == bytes)
    }

    /// ISO/IEC 14496-12 §4.2: a size over 2^32 - 1 needs size 1 and a 64-bit largesize.
    @Test func compactHeaderOver4GiBIsWrittenLarge() {
        let payload: UInt64 = 5 << 30
        let header = BoxHeader(type: "mdat", form: .compact, payloadSize: payload)
        var writer = ByteWriter()
        header.write(into: &writer)
        #expect(header.headerSize == 16)
        #expect(writer.bytes == be32(1) + ascii("mdat") + be64(payload + 16))
        let small = BoxHeader(type: "mdat", form: .compact, payloadSize: 100)
        #expect(small.headerSize == 8)
    }

    /// A size-0 box runs to the end of the file; once another box follows it, it must say its size.
    @Test func boxAppendedAfterSizeZeroBoxSurvivesRereading() throws {
        let bytes = CraftedMovie.ftyp + be32(0) + ascii("mdat") + [1, 2, 3, 4]
        var file = BoxTreeParser.parse(MemoryByteSource(bytes))
        #expect(file.box("mdat")?.header.form == .toEnd)
        file.boxes.append(Box(type: "free", payload: [9, 9]))
        var writer = ByteWriter()
        try file.write(to: &writer)
        let reread = BoxTreeParser.parse(MemoryByteSource(writer.bytes))
        #expect(reread.boxes.map(\.type) == ["ftyp", "mdat", "free"])
        #expect(reread.box("mdat")?.payloadSize == 4)
        #expect(Array(writer.bytes.suffix(10)) == be32(10) + ascii("free") + [9, 9])
    }

    /// File ranges name their file, so one output can take boxes from two inputs.
    @Test func fileRangesFromTwoSourcesWriteTheirOwnBytes() throws {
        func mdat(_ fill: UInt8) -> BoxFile {
            BoxTreeParser.parse(MemoryByteSource(CraftedMovie.ftyp + TestBox.leaf("mdat", [UInt8](repeating: fill, count: 5000)).bytes))
        }
        let first = try #require(mdat(0xAA).box("mdat")), second = try #require(mdat(0xBB).box("mdat"))
        var writer = ByteWriter()
        try first.write(to: &writer)
        try second.write(to: &writer)
        #expect(writer.bytes == TestBox.leaf("mdat", [UInt8](repeating: 0xAA, count: 5000)).bytes
                               + TestBox.leaf("mdat", [UInt8](repeating: 0xBB, count: 5000)).bytes)
    }

    /// Builders write version 0 unless a value needs 64 bits (QTFF: old players want version 0).
    @Test func headersChooseTheirVersionFromTheirValues() throws {
        let small = TrackHeaderBox(trackID: 7, flags: [.enabled, .inMovie], duration: 1234, alternateGroup: 2)
        #expect(small.version == 0 && small.payload.count == 84)
        let decoded = try TrackHeaderBox(small.makeBox())
        #expect(decoded == small)
        let long = TrackHeaderBox(trackID: 7, flags: [], duration: UInt64(UInt32.max) + 1)
        #expect(long.version == 1 && long.payload.count == 96)
        var timing = HeaderTiming(timescale: 1000, duration: 10)
        #expect(timing.version == 0)
        timing.setDuration(1 << 40)
        #expect(timing.version == 1)
        let media = MediaHeaderBox(timing: timing, language: .undetermined)
        #expect(try MediaHeaderBox(media.makeBox()) == media)
    }

    /// `co64` is written only when asked for or needed (ISO/IEC 14496-12 §8.7.5).
    @Test func chunkOffsetFormIsChosenByTheCaller() throws {
        #expect(ChunkOffsetBox(offsets: [1, 2]).boxType == "stco")
        #expect(ChunkOffsetBox(offsets: [1, UInt64(UInt32.max) + 1]).boxType == "co64")
        let chosen = ChunkOffsetBox(offsets: [1, 2], large: true)
        #expect(chosen.boxType == "co64" && chosen.offset(ofChunk: 1) == 2)
        #expect(try ChunkOffsetBox(chosen.makeBox()) == chosen)
    }
}
