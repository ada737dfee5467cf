import Foundation
import Testing
import LegibleTestSupport
@testable import ISOBMFF
@testable import Movie

/// A source that counts the bytes read through it.
final class CountingByteSource: ByteSource, @unchecked Sendable {
    let base: MemoryByteSource
    private let lock = NSLock()
    private var total = 0

    init(_ bytes: [UInt8]) { base = MemoryByteSource(bytes) }

    var size: UInt64 { base.size }
    var bytesRead: Int { lock.withLock { total } }

    func read(at offset: UInt64, count: Int) throws(BoxError) -> [UInt8] {
        lock.withLock { total += count }
        return try base.read(at: offset, count: count)
    }
}

/// Inspection reads table headers, not tables: a movie whose `moov` is far larger than what
/// `info` needs is described from a few kilobytes of reads, and the tables are read in full only
/// when a sample index is asked for.
@Suite struct LazyReadingTests {
    /// 100,000 samples whose sizes follow a formula, so the expectations come from the input.
    static let sizes: [UInt32] = (0..<100_000).map { 100 + UInt32($0 % 977) }
    static let movieBytes = CraftedMovie.ftyp + TestBox.container("moov", [
        CraftedMovie.mvhd(),
        CraftedMovie.trak(id: 1, stbl: CraftedMovie.stbl(sizes: sizes, chunkOffset: 4096)),
    ]).bytes

    @Test func infoReadsHeadersNotTables() throws {
        let source = CountingByteSource(Self.movieBytes)
        let movie = try Movie(file: BoxTreeParser.parse(source))
        let track = try #require(movie.tracks.first)
        #expect(movie.sampleCount(of: track) == UInt64(Self.sizes.count))
        _ = MediaSelection(movie: movie)
        #expect(Self.movieBytes.count > 400_000)
        #expect(source.bytesRead < 16 << 10, "read \(source.bytesRead) of \(Self.movieBytes.count) bytes")
        let stsz = try #require(track.box.descendant(["mdia", "minf", "stbl", "stsz"]))
        guard case .fileRange = stsz.content else {
            Issue.record("stsz was loaded: \(stsz.content)")
            return
        }
    }

    @Test func sampleTableReadsTheTablesOnDemand() throws {
        let source = CountingByteSource(Self.movieBytes)
        let movie = try Movie(file: BoxTreeParser.parse(source))
        let table = try #require(movie.tracks.first).sampleTable()
        var offset: UInt64 = 4096
        var count = 0
        for sample in table {
            #expect(sample.size == Self.sizes[sample.index])
            #expect(sample.offset == offset)
            offset += UInt64(sample.size)
            count += 1
        }
        #expect(count == Self.sizes.count)
        #expect(source.bytesRead >= Self.sizes.count * 4)
    }

    @Test func untouchedFileWritesBackExactly() throws {
        let file = BoxTreeParser.parse(MemoryByteSource(Self.movieBytes))
        var writer = ByteWriter()
        try file.write(to: &writer)
        #expect(writer.bytes == Self.movieBytes)
    }

    @Test func containerSizesFollowTheirChildren() throws {
        let file = BoxTreeParser.parse(MemoryByteSource(Self.movieBytes))
        var moov = try #require(file.box("moov"))
        let before = moov.totalSize
        moov.modifyChild("mvhd") { $0.content = .data([UInt8](repeating: 0, count: 200)[...]) }
        // mvhd version 0 is 100 bytes of payload; it is now 200.
        #expect(moov.totalSize == before + 100)
        var writer = ByteWriter()
        try moov.write(to: &writer)
        #expect(writer.count == Int(before) + 100)
    }
}
