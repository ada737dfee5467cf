import Testing
@testable import ISOBMFF

@Suite struct ByteReaderTests {
    @Test func readsBigEndianIntegers() throws {
        var reader = ByteReader([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0xFF])
        #expect(try reader.readUInt16() == 0x0102)
        #expect(try reader.readUInt24() == 0x030405)
        #expect(try reader.readUInt8() == 0x06)
        #expect(try reader.readInt8() == 0x07)
        #expect(reader.remaining == 2)
        #expect(throws: BoxError.self) { try reader.readUInt32() }
        #expect(reader.remaining == 2, "a failed read consumes nothing")
    }

    @Test func errorNamesPathAndFileOffset() throws {
        var reader = ByteReader([0, 0, 0], baseOffset: 0x1F00, path: "moov/trak[2]/mdia/minf/stbl/stsz")
        #expect(try reader.readUInt16() == 0)
        do {
            _ = try reader.readUInt32()
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "moov/trak[2]/mdia/minf/stbl/stsz @ 0x1f02: needs 4 bytes but only 1 remain")
        }
    }

    @Test func checkedCountRejectsCountsThatCannotFit() {
        let reader = ByteReader([UInt8](repeating: 0, count: 16), baseOffset: 0x1F3A, path: "moov/trak[2]/mdia/minf/stbl/stsz")
        #expect(throws: Never.self) { try reader.checkedCount(UInt32(4), entrySize: 4, what: "entry count") }
        do {
            _ = try reader.checkedCount(UInt32.max, entrySize: 4, what: "entry count")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "moov/trak[2]/mdia/minf/stbl/stsz @ 0x1f3a: entry count 4294967295 exceeds box size")
        }
    }

    @Test func carvedReaderCannotReadPastItsEnd() throws {
        var reader = ByteReader([1, 2, 3, 4, 5, 6], baseOffset: 100)
        var child = try reader.carve(2)
        #expect(try child.readUInt16() == 0x0102)
        #expect(throws: BoxError.self) { try child.readUInt8() }
        #expect(reader.fileOffset == 102)
        #expect(try reader.readUInt8() == 3)
    }

    @Test func nullTerminatedStringsStopAtNulOrEnd() {
        var reader = ByteReader(ascii("en-US") + [0] + ascii("x"))
        #expect(reader.readNullTerminatedString() == "en-US")
        #expect(reader.readNullTerminatedString() == "x")
        #expect(reader.isAtEnd)
    }
}

private func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
