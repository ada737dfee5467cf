import FileOutput
import Foundation
import ISOBMFF
import LegibleTestSupport
import Testing

/// ``ConcatenatedByteSource``: reads across part boundaries, the part an offset falls in, the
/// pieces of a range, sizes that do not add up, and kernel copies of files read as one.
@Suite struct ConcatenatedByteSourceTests {
    static let first: [UInt8] = Array(0..<10)
    static let second: [UInt8] = Array(100..<105)
    static let third: [UInt8] = Array(200..<207)

    /// Three parts, the middle one after an empty part: 10 + 0 + 5 + 7 bytes.
    func source() throws -> ConcatenatedByteSource {
        try ConcatenatedByteSource([MemoryByteSource(Self.first), MemoryByteSource([]),
                                    MemoryByteSource(Self.second), MemoryByteSource(Self.third)])
    }

    @Test func readsAcrossParts() throws {
        let source = try source()
        let whole = Self.first + Self.second + Self.third
        #expect(source.size == UInt64(whole.count))
        #expect(source.starts == [0, 10, 10, 15])
        #expect(try source.read(at: 0, count: whole.count) == whole)
        #expect(try source.read(at: 8, count: 9) == Array(whole[8..<17]))
        #expect(try source.read(at: 22, count: 0) == [])
    }

    @Test func refusesReadsPastTheEnd() throws {
        let source = try source()
        #expect(throws: BoxError.self) { try source.read(at: 20, count: 3) }
        #expect(throws: BoxError.self) { try source.read(at: 23, count: 0) }
        #expect(throws: BoxError.self) { try source.read(at: 0, count: -1) }
    }

    @Test func findsThePartOfAnOffset() throws {
        let source = try source()
        #expect(source.part(containing: 0)! == (0, 0))
        #expect(source.part(containing: 9)! == (0, 9))
        // Byte 10 is the first of the third part: the empty second part holds no byte.
        #expect(source.part(containing: 10)! == (2, 0))
        #expect(source.part(containing: 21)! == (3, 6))
        #expect(source.part(containing: 22)! == (3, 7))
        #expect(source.part(containing: 23) == nil)
    }

    @Test func splitsARangeIntoPieces() throws {
        let pieces = try source().pieces(at: 8, length: 9).map { ($0.offset, $0.length) }
        #expect(pieces.count == 3)
        #expect(pieces[0] == (8, 2) && pieces[1] == (0, 5) && pieces[2] == (0, 2))
    }

    /// Sizes that add up past `UInt64.max` are refused, not wrapped around.
    @Test func refusesSizesThatOverflow() {
        struct Huge: ByteSource {
            var size: UInt64 { .max - 4 }
            func read(at offset: UInt64, count: Int) throws(BoxError) -> [UInt8] { [] }
        }
        #expect(throws: BoxError.self) { try ConcatenatedByteSource([Huge(), MemoryByteSource(Array(repeating: 0, count: 5))]) }
        #expect(throws: Never.self) { try ConcatenatedByteSource([Huge(), MemoryByteSource(Array(repeating: 0, count: 4))]) }
    }

    /// A sink copies a range of two files read as one, the same bytes as the files hold.
    @Test func sinkCopiesFromFilesReadAsOne() throws {
        let folder = try TemporaryFolder("concatenated-copy")
        defer { folder.remove() }
        let one = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let two = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) }
        try Data(one).write(to: URL(fileURLWithPath: folder.path("one")))
        try Data(two).write(to: URL(fileURLWithPath: folder.path("two")))
        let source = try ConcatenatedByteSource([FileByteSource(path: folder.path("one")), FileByteSource(path: folder.path("two"))])
        let output = open(folder.path("out"), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(output >= 0)
        defer { close(output) }
        let sink = FileByteSink(descriptor: output, path: folder.path("out"))
        try sink.copy(from: source, offset: 4000, length: 2500)
        #expect(sink.bytesWritten == 2500)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path("out")))) == Array((one + two)[4000..<6500]))
    }
}
