import Foundation
import Testing
import LegibleTestSupport
@testable import ISOBMFF

/// The index's view of a file is the parser's tree, box for box: type, header, offset, path,
/// sizes and payload bytes, for every bundled file, every corpus file and the fuzzing regressions.
@Suite struct BoxIndexEquivalenceTests {
    @Test(arguments: TestPaths.testMediaFiles)
    func testMediaIndexesAsItParses(_ url: URL) throws {
        try Self.expectIndexMatchesParser(FileByteSource(path: url.path), label: url.lastPathComponent)
    }

    @Test(.corpus, arguments: try CorpusIndex.arguments())
    func corpusIndexesAsItParses(_ entry: CorpusEntry) throws {
        try Self.expectIndexMatchesParser(FileByteSource(path: entry.url.path), label: entry.name)
    }

    @Test func fuzzRegressionsIndexAsTheyParse() throws {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures/Malformed", withExtension: nil))
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            try Self.expectIndexMatchesParser(MemoryByteSource(bytes), label: name)
        }
    }

    /// Files damaged where the rules decide: a byte of a box header or of the first fields after
    /// it (sizes, types, counts, versions, handler types) set to another value, 300 times a file,
    /// each the same on every run.
    @Test(arguments: TestPaths.testMediaFiles)
    func damagedHeadersIndexAsTheyParse(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        let offsets = BoxTreeParser.parse(MemoryByteSource(bytes)).boxes.flatMap(Self.preorder).compactMap { $0.location?.offset }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for round in 0..<300 {
            var damaged = bytes
            let position = Int(offsets[next(offsets.count)]) + next(20)
            guard position < damaged.count else { continue }
            damaged[position] = [0, 1, 0xFF, 0x7F, UInt8(next(256))][next(5)]
            try Self.expectIndexMatchesParser(MemoryByteSource(damaged), label: "\(url.lastPathComponent) round \(round) @\(position)")
        }
    }

    /// Indexes and parses `source`, then compares the materialised tree with the parsed one, and
    /// each record (in file order, depth first) with the parsed box at the same place.
    static func expectIndexMatchesParser(_ source: any ByteSource, label: String, limits: Limits = .standard) throws {
        let file = BoxTreeParser.parse(source, limits: limits)
        // The index holds every fragment's boxes; the file walk leaves them to be read when reached.
        var parsed = file
        parsed.boxes = try file.boxes.map { box in try box.expanded(limits: limits) }
        let index = BoxIndex(indexing: source, limits: limits)
        #expect(index.damage == parsed.damage, "\(label): damage")
        #expect(index.warnings == parsed.warnings, "\(label): warnings")
        #expect(index.tail?.offset == parsed.tail?.offset && index.tail?.length == parsed.tail?.length, "\(label): tail")
        let materialised = try index.file(limits: limits)
        try expectSameBoxes(materialised.boxes, parsed.boxes, label: label)
        let flat = parsed.boxes.flatMap(preorder)
        #expect(index.count == flat.count, "\(label): record count")
        for (record, box) in zip(0..<index.count, flat) {
            #expect(index.type(of: record) == box.type && index.offset(of: record) == box.location?.offset
                    && index.path(of: record) == box.location?.path && index.payloadSize(of: record) == box.header.payloadSize,
                    "\(label): record \(record) is \(box.pathDescription)")
        }
    }

    static func preorder(_ box: Box) -> [Box] { [box] + box.children.flatMap(preorder) }

    static func expectSameBoxes(_ made: [Box], _ parsed: [Box], label: String) throws {
        #expect(made.count == parsed.count, "\(label): \(parsed.count) boxes")
        for (made, parsed) in zip(made, parsed) { try expectSameBox(made, parsed, label: label) }
    }

    /// Same header, place, missing bytes and content; payloads compared as bytes (one side may
    /// hold in memory what the other left in the file), two file ranges by their extent.
    static func expectSameBox(_ made: Box, _ parsed: Box, label: String) throws {
        let name = "\(label): \(parsed.pathDescription)"
        #expect(made.header == parsed.header, "\(name): header")
        #expect(made.location == parsed.location, "\(name): location \(String(describing: made.location))")
        #expect(made.missingBytes == parsed.missingBytes, "\(name): missing bytes")
        switch (made.content, parsed.content) {
        case let (.container(left), .container(right)):
            #expect(left.prefix.elementsEqual(right.prefix) && left.trailing.elementsEqual(right.trailing)
                    && left.countsChildren == right.countsChildren, "\(name): prefix, trailing bytes")
            try expectSameBoxes(left.children, right.children, label: label)
        case let (.fileRange(leftOffset, leftLength, _), .fileRange(rightOffset, rightLength, _)):
            #expect(leftOffset == rightOffset && leftLength == rightLength, "\(name): range")
        case (.container, _), (_, .container):
            Issue.record("\(name): container on one side only")
        default:
            #expect(try made.loaded().data == parsed.loaded().data, "\(name): payload")
        }
    }
}
