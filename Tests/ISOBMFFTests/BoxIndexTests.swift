import CZlib
import Testing
import LegibleTestSupport
@testable import ISOBMFF

/// The index of crafted files: the parser's rules where they decide the tree, and the bound on
/// records per byte of input.
@Suite struct BoxIndexTests {
    func expectSame(_ boxes: [TestBox], limits: Limits = .standard, label: String) throws {
        let bytes = boxes.flatMap(\.bytes)
        try BoxIndexEquivalenceTests.expectIndexMatchesParser(MemoryByteSource(bytes), label: label, limits: limits)
    }

    @Test func parserRulesDecideTheSameTree() throws {
        let hdlr = TestBox.leaf("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + ascii("text") + [UInt8](repeating: 0, count: 12))
        let stsd = TestBox.container("stsd", prefix: [0, 0, 0, 0, 0, 0, 0, 1], [.leaf("tx3g", [UInt8](repeating: 0, count: 40))])
        let stbl = TestBox.container("stbl", [stsd, .leaf("stts", [0, 0, 0, 0, 0, 0, 0, 0])])
        let trak = TestBox.container("trak", [.container("mdia", [.leaf("mdhd", [UInt8](repeating: 0, count: 24)), hdlr,
                                                                   .container("minf", [stbl])])])
        // A `udta` ended by four zero bytes (old QuickTime writers), a `meta` with and without a
        // FullBox header, and an `ilst` whose children do not tile, which stays opaque.
        let udta = TestBox.container("udta", [.leaf("©nam", ascii("x")), .raw([0, 0, 0, 0])])
        let isoMeta = TestBox.container("meta", prefix: [0, 0, 0, 0], [.leaf("hdlr", [UInt8](repeating: 0, count: 24))])
        let qtMeta = TestBox.container("meta", [.leaf("hdlr", [UInt8](repeating: 0, count: 24)), .container("ilst", [.raw([1, 2, 3, 4, 5])])])
        let moov = TestBox.container("moov", [.leaf("mvhd", [UInt8](repeating: 0, count: 100)), trak, trak, udta, isoMeta, qtMeta])
        try expectSame([.leaf("ftyp", ascii("isom")), moov, .leaf("mdat", [1, 2, 3])], label: "movie")
    }

    @Test func damageAndCutShortBoxesAsTheParserKeepsThem() throws {
        try expectSame([.leaf("ftyp", ascii("isom")), .lying("mdat", size: 1000, [1, 2, 3])], label: "cut short")
        try expectSame([.container("moov", [.lying("trak", size: 500, [])]), .leaf("free", [])], label: "overrun")
        try expectSame([.leaf("ftyp", ascii("isom")), .raw([0, 0, 0])], label: "trailing bytes")
        var deep = TestBox.leaf("free", [])
        for _ in 0..<60 { deep = .container("trak", [deep]) }
        try expectSame([.container("moov", [deep])], limits: Limits(maxDepth: 16), label: "deep")
        var optional = TestBox.leaf("free", [])
        for _ in 0..<60 { optional = .container("udta", [optional]) }
        try expectSame([.container("moov", [optional])], limits: Limits(maxDepth: 16), label: "deep optional")
    }

    /// Records are bounded by the input's size: 100 boxes of 8 bytes in 808 bytes may have 50.
    @Test func recordsAreBoundedPerByteOfInput() throws {
        let bytes = TestBox.container("moov", [TestBox](repeating: .leaf("free", []), count: 100)).bytes
        let limits = Limits(minIndexRecords: 10)
        #expect(limits.maxIndexRecords(forInputSize: UInt64(bytes.count)) == bytes.count / 16)
        let index = BoxIndex(indexing: MemoryByteSource(bytes), limits: limits)
        guard case .limitExceeded? = index.damage?.kind else {
            Issue.record("expected a record limit, got \(String(describing: index.damage))")
            return
        }
        #expect(index.damage?.location?.path == "moov/free[50]" && index.count == 0 && index.tail?.offset == 0)
        #expect(BoxIndex(indexing: MemoryByteSource(bytes), limits: Limits(inputBytesPerIndexRecord: 8, minIndexRecords: 10)).count == 101)
    }

    /// What `BoxIndex` promises per box: a record of 32 bytes, nothing on the heap.
    @Test func aRecordIsThirtyTwoBytes() {
        #expect(MemoryLayout<BoxIndexRecord>.stride == 32)
        let bytes = TestBox.container("moov", [TestBox](repeating: .leaf("free", [0, 0, 0, 0, 0, 0, 0, 0]), count: 1000)).bytes
        let index = BoxIndex(indexing: MemoryByteSource(bytes))
        #expect(index.count == 1001 && index.recordBytes < 2 * 32 * 1001)
    }

    @Test func pathsComeFromTheParentChain() throws {
        let moov = TestBox.container("moov", [.container("trak", [.leaf("tkhd", [])]), .container("trak", [.leaf("tkhd", []), .leaf("free", []), .leaf("free", [])])])
        let index = BoxIndex(indexing: MemoryByteSource(moov.bytes))
        #expect((0..<index.count).map(index.path(of:)) == ["moov", "moov/trak[1]", "moov/trak[1]/tkhd", "moov/trak[2]",
                                                            "moov/trak[2]/tkhd", "moov/trak[2]/free", "moov/trak[2]/free[2]"])
        #expect(Array(index.children(of: 3)) == [4, 5, 6] && index.parent(of: 6) == 3 && index.child(of: 0, "trak") == 1)
    }

    func compressedMovie(_ moov: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(moov.count))
        var compressed = [UInt8](repeating: 0, count: Int(length))
        _ = compress2(&compressed, &length, moov, uLong(moov.count), 9)
        let cmvd = be32(UInt32(moov.count)) + compressed.prefix(Int(length))
        return TestBox.container("moov", [.container("cmov", [.leaf("dcom", ascii("zlib")), .leaf("cmvd", cmvd)])]).bytes
    }

    @Test func indexesAnInflatedMovieAsItParses() throws {
        let inner = TestBox.container("moov", [.leaf("mvhd", [UInt8](repeating: 0, count: 100)),
                                               .container("trak", [.leaf("tkhd", [UInt8](repeating: 0, count: 84))])]).bytes
        let cmov = try #require(BoxTreeParser.parse(MemoryByteSource(compressedMovie(inner))).box("moov")?.child("cmov"))
        let index = try BoxIndex(inflating: cmov)
        try BoxIndexEquivalenceTests.expectSameBox(index.box(at: 0), CompressedMovie.inflate(cmov), label: "cmov")
        #expect(index.path(of: 3) == "moov/cmov/cmvd{inflated}/moov/trak[1]/tkhd")
    }

    /// A few kilobytes that inflate to a million 8-byte boxes stop after the records the
    /// compressed size allows (`Limits.minIndexRecords` here), at a path inside the movie.
    @Test func inflatedBoxFloodStopsEarly() throws {
        let free = TestBox.leaf("free", []).bytes
        let inner = TestBox.container("moov", [.raw([UInt8]((0..<1_000_000).lazy.flatMap { _ in free }))]).bytes
        let cmov = try #require(BoxTreeParser.parse(MemoryByteSource(compressedMovie(inner))).box("moov")?.child("cmov"))
        do {
            _ = try BoxIndex(inflating: cmov)
            Issue.record("expected the record limit")
        } catch {
            guard case .limitExceeded = error.kind else { throw error }
            #expect(error.location?.path == "moov/cmov/cmvd{inflated}/moov/free[4096]", "\(error)")
        }
    }
}
