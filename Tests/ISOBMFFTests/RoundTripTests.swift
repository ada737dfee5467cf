import Foundation
import Testing
import LegibleTestSupport
@testable import ISOBMFF

/// Parse then write gives back identical bytes, for every bundled and real-world file.
@Suite struct RoundTripTests {
    static func assertRoundTrip(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        var writer = ByteWriter()
        try file.write(to: &writer)
        #expect(writer.bytes.count == bytes.count, "\(url.lastPathComponent): size")
        #expect(writer.bytes == bytes, "\(url.lastPathComponent): bytes differ")
    }

    @Test(arguments: TestPaths.testMediaFiles)
    func testMediaRoundTrips(_ url: URL) throws {
        try Self.assertRoundTrip(url)
        let file = BoxTreeParser.parse(try FileByteSource(path: url.path))
        #expect(file.damage == nil && file.warnings.isEmpty, "\(url.lastPathComponent) is well-formed")
    }

    @Test(.corpus, arguments: try CorpusIndex.arguments())
    func corpusRoundTrips(_ entry: CorpusEntry) throws {
        try Self.assertRoundTrip(entry.url)
    }

    /// Decoding each modelled box and encoding it again gives the same payload.
    @Test(arguments: TestPaths.testMediaFiles + CorpusIndex.entries.filter { !$0.isMalformed }.map(\.url))
    func typedBoxesReencodeExactly(_ url: URL) throws {
        Self.assertTypedBoxesReencode(BoxTreeParser.parse(try FileByteSource(path: url.path)), label: url.lastPathComponent)
    }

    /// The same for the fuzzing regressions, which include malformed text in `tagc` and `elng`.
    @Test func fuzzRegressionTypedBoxesReencodeExactly() throws {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures/Malformed", withExtension: nil))
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            Self.assertTypedBoxesReencode(BoxTreeParser.parse(MemoryByteSource(bytes)), label: name)
        }
    }

    static func assertTypedBoxesReencode(_ file: BoxFile, label: String) {
        func visit(_ box: Box, parent: FourCC?) {
            if let payload = box.data, let type = BoxCatalog.byType[box.type], box.type != "name" || parent == "udta",
               let decoded = try? type.init(box) {
                #expect(decoded.payload == Array(payload), "\(box.pathDescription) in \(label)")
            }
            for child in box.children { visit(child, parent: box.type) }
        }
        for box in file.boxes { visit(box, parent: nil) }
    }
}
