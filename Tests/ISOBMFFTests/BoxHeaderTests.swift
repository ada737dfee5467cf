import Testing
import LegibleTestSupport
@testable import ISOBMFF

@Suite struct BoxHeaderTests {
    @Test func compactHeader() throws {
        var reader = ByteReader(be32(16) + ascii("free") + [UInt8](repeating: 0, count: 8))
        let header = try BoxHeader.read(from: &reader, available: 16)
        #expect(header.type == "free")
        #expect(header.form == .compact)
        #expect(header.headerSize == 8)
        #expect(header.payloadSize == 8)
    }

    @Test func largeSizeIsKeptWhenWritten() throws {
        let bytes = be32(1) + ascii("mdat") + be64(24) + [UInt8](repeating: 7, count: 8)
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        let box = try #require(file.boxes.first)
        #expect(box.header.form == .large)
        #expect(box.header.headerSize == 16)
        var writer = ByteWriter()
        try file.write(to: &writer)
        #expect(writer.bytes == bytes)
    }

    @Test func sizeZeroRunsToEndOfFile() throws {
        let bytes = TestBox.leaf("ftyp", ascii("isom") + be32(0)).bytes + be32(0) + ascii("mdat") + [1, 2, 3]
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        #expect(file.boxes.map(\.type) == ["ftyp", "mdat"])
        #expect(file.boxes[1].header.form == .toEnd)
        #expect(file.boxes[1].payloadSize == 3)
        var writer = ByteWriter()
        try file.write(to: &writer)
        #expect(writer.bytes == bytes)
    }

    @Test func uuidBoxCarriesItsExtendedType() throws {
        let userType = [UInt8](0..<16)
        let bytes = be32(28) + ascii("uuid") + userType + [9, 9, 9, 9]
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        let box = try #require(file.boxes.first)
        #expect(box.header.userType == userType)
        #expect(box.header.headerSize == 24)
        #expect(box.data.map(Array.init) == [9, 9, 9, 9])
    }

    @Test func sizeSmallerThanHeaderIsAnErrorWithPathAndOffset() {
        let bytes = TestBox.leaf("ftyp", ascii("isom") + be32(0)).bytes + be32(3) + ascii("free")
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        #expect(file.boxes.map(\.type) == ["ftyp"])
        #expect(file.damage?.description == "free @ 0x10: box 'free' declares size 3, smaller than its 8-byte header")
    }

    @Test func growingPastFourGigabytesSwitchesToLargeForm() {
        let header = BoxHeader(type: "mdat", payloadSize: 10)
        #expect(header.form == .compact)
        #expect(header.resized(to: 1 << 33).form == .large)
    }
}
