import Testing
import LegibleTestSupport
@testable import ISOBMFF

@Suite struct BoxTreeParserTests {
    func parse(_ boxes: [TestBox], limits: Limits = .standard) -> BoxFile {
        BoxTreeParser.parse(MemoryByteSource(boxes.flatMap(\.bytes)), limits: limits)
    }

    func roundTrip(_ file: BoxFile) throws -> [UInt8] {
        var writer = ByteWriter()
        try file.write(to: &writer)
        return writer.bytes
    }

    @Test func trailingSiblingSurvivesAnUnknownChild() throws {
        let file = parse([.container("moov", [.leaf("zzzz", [1, 2, 3]), .container("trak", [.leaf("tkhd", [0, 0, 0, 0])])])])
        let moov = try #require(file.box("moov"))
        #expect(moov.children.map(\.type) == ["zzzz", "trak"])
        #expect(moov.child("trak")?.children.first?.location?.path == "moov/trak[1]/tkhd")
    }

    @Test func udtaTerminatorIsKeptAsTrailingBytes() throws {
        let udta = TestBox.container("udta", [.leaf("name", ascii("Main")), .raw([0, 0, 0, 0])])
        let bytes = TestBox.container("moov", [udta]).bytes
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        let parsed = try #require(file.box("moov")?.child("udta"))
        #expect(parsed.children.map(\.type) == ["name"])
        guard case let .container(container) = parsed.content else { Issue.record("udta should be a container"); return }
        #expect(Array(container.trailing) == [0, 0, 0, 0])
        #expect(try roundTrip(file) == bytes)
    }

    @Test func quickTimeAndISOMetaAreBothUnderstood() throws {
        let hdlr = TestBox.leaf("hdlr", [0, 0, 0, 0] + [0, 0, 0, 0] + ascii("mdta") + [UInt8](repeating: 0, count: 13))
        let quickTime = TestBox.container("meta", [hdlr, .leaf("keys", [0, 0, 0, 0, 0, 0, 0, 0])])
        let iso = TestBox.container("meta", prefix: [0, 0, 0, 0], [hdlr, .leaf("ilst", [])])
        for (meta, prefix) in [(quickTime, 0), (iso, 4)] {
            let file = parse([.container("moov", [meta])])
            let parsed = try #require(file.box("moov")?.child("meta"))
            guard case let .container(container) = parsed.content else { Issue.record("meta should be a container"); continue }
            #expect(container.prefix.count == prefix)
            #expect(parsed.children.first?.type == "hdlr")
        }
    }

    @Test func childOverrunningItsParentIsAnErrorNamingThePath() {
        let bad = TestBox.container("moov", [.container("trak", [.lying("tkhd", size: 200, [0, 0, 0, 0])])])
        let file = parse([bad])
        #expect(file.boxes.isEmpty)
        #expect(file.damage?.description == "moov/trak[1]/tkhd @ 0x10: box 'tkhd' declares 200 bytes but its parent has 12 left")
        #expect(file.tail?.offset == 0)
    }

    @Test func tentativeLayoutFallsBackToOpaqueBytes() throws {
        // An iTunes item whose payload is not a box list stays a leaf, byte for byte.
        let item = TestBox.leaf("©nam", [0x00, 0x04, 0x55, 0xC4] + ascii("Test"))
        let bytes = TestBox.container("moov", [.container("udta", [.container("meta", prefix: [0, 0, 0, 0], [.container("ilst", [item])])])]).bytes
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        let parsed = try #require(file.box("moov")?.descendant(["udta", "meta", "ilst"])?.children.first)
        #expect(parsed.data != nil)
        #expect(try roundTrip(file) == bytes)
    }

    @Test func depthLimitStopsDeepStructure() {
        var box = TestBox.leaf("free", [])
        for _ in 0..<60 { box = .container("trak", [box]) }
        let file = parse([.container("moov", [box])], limits: Limits(maxDepth: 16))
        guard case .limitExceeded? = file.damage?.kind else {
            Issue.record("expected a depth limit error, got \(String(describing: file.damage))")
            return
        }
    }

    /// Optional containers nested past the limit are kept whole as opaque bytes, not parsed.
    @Test func deepOptionalDataStaysOpaque() throws {
        var box = TestBox.leaf("free", [])
        for _ in 0..<60 { box = .container("udta", [box]) }
        let bytes = TestBox.container("moov", [box]).bytes
        let file = BoxTreeParser.parse(MemoryByteSource(bytes), limits: Limits(maxDepth: 16))
        #expect(file.damage == nil)
        var deepest = try #require(file.box("moov"))
        var depth = 1
        while let next = deepest.children.first { deepest = next; depth += 1 }
        // moov is level 0; udta levels 1 to 15 are parsed; the one at level 16 is kept opaque.
        #expect(depth == 17 && deepest.type == "udta" && deepest.data != nil)
        #expect(try roundTrip(file) == bytes)
    }

    @Test func boxCountLimitStopsFloods() {
        let children = [TestBox](repeating: .leaf("free", []), count: 100)
        let file = parse([.container("moov", children)], limits: Limits(maxBoxCount: 50))
        guard case .limitExceeded? = file.damage?.kind else {
            Issue.record("expected a box count limit error, got \(String(describing: file.damage))")
            return
        }
        #expect(file.stoppedAtLimit, "the rest was not read, which is not damage")
    }

    /// A larger file may hold more boxes than the fixed count: one per `fileBytesPerBox` of it.
    @Test func largerFilesMayHoldMoreBoxes() {
        let children = [TestBox](repeating: .leaf("free", []), count: 100)
        let bytes = TestBox.container("moov", children).bytes
        let scaled = Limits(maxBoxCount: 50, fileBytesPerBox: 8)
        #expect(scaled.maxBoxCount(forFileSize: UInt64(bytes.count)) == bytes.count / 8)
        #expect(Limits(maxBoxCount: 50, fileBytesPerBox: 1 << 20).maxBoxCount(forFileSize: UInt64(bytes.count)) == 50)
        let file = BoxTreeParser.parse(MemoryByteSource(bytes), limits: scaled)
        #expect(file.damage == nil && file.boxes.first?.children.count == 100)
    }

    /// Bytes that do not form a box stop the walk too, but as damage: they are not unread boxes.
    @Test func damageIsNotALimit() {
        let bytes = TestBox.leaf("free", []).bytes + [0, 0, 0, 3, 0x66, 0x72, 0x65, 0x65]
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        #expect(file.damage != nil && !file.stoppedAtLimit)
    }

    @Test func truncatedLastBoxIsAWarningAndRoundTrips() throws {
        let bytes = TestBox.leaf("ftyp", ascii("isom") + be32(0)).bytes + be32(100) + ascii("mdat") + [1, 2, 3]
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        #expect(file.damage == nil)
        #expect(file.warnings.count == 1)
        #expect(file.boxes.last?.missingBytes == 89)
        #expect(try roundTrip(file) == bytes)
    }

    @Test func mdatIsNeverRead() throws {
        let bytes = TestBox.leaf("ftyp", ascii("isom") + be32(0)).bytes + TestBox.leaf("mdat", [1, 2, 3, 4]).bytes
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        guard case let .fileRange(offset, length, _)? = file.box("mdat")?.content else {
            Issue.record("mdat should stay a file range")
            return
        }
        #expect(offset == 24 && length == 4)
    }

    @Test func sampleEntriesUseTheirTracksHandler() throws {
        let hdlr = TestBox.leaf("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + ascii("soun") + [UInt8](repeating: 0, count: 13))
        let esds = TestBox.leaf("esds", [0, 0, 0, 0, 3])
        let entryFields = [UInt8](repeating: 0, count: 6) + be16(1) + [UInt8](repeating: 0, count: 8) + be16(2) + be16(16)
            + [0, 0, 0, 0] + be32(48000 << 16)
        let mp4a = TestBox.container("mp4a", prefix: entryFields, [esds])
        let stsd = TestBox.container("stsd", prefix: [0, 0, 0, 0] + be32(1), [mp4a])
        let trak = TestBox.container("trak", [.container("mdia", [hdlr, .container("minf", [.container("stbl", [stsd])])])])
        let file = parse([.container("moov", [trak])])
        let entry = try #require(file.box("moov")?.descendant(["trak", "mdia", "minf", "stbl", "stsd", "mp4a"]))
        #expect(entry.children.map(\.type) == ["esds"])
        let decoded = try SampleEntry(entry, handler: "soun")
        #expect(decoded.audio?.channels == 2)
        #expect(decoded.audio?.sampleRate == 48000)
    }
}
