import Foundation
import Testing
import LegibleTestSupport
@testable import ISOBMFF

/// Parse then write gives back identical bytes, for every bundled and real-world file, and every
/// modelled box decodes and encodes back to its own payload.
@Suite struct RoundTripTests {
    static func assertRoundTrip(_ bytes: [UInt8], label: String) throws -> BoxFile {
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        var writer = ByteWriter()
        try file.write(to: &writer)
        #expect(writer.bytes.count == bytes.count, "\(label): size")
        #expect(writer.bytes == bytes, "\(label): bytes differ")
        return file
    }

    @Test(arguments: TestPaths.testMediaFiles)
    func testMediaRoundTrips(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        let file = try Self.assertRoundTrip(bytes, label: url.lastPathComponent)
        #expect(file.damage == nil && file.warnings.isEmpty, "\(url.lastPathComponent) is well-formed")
        Self.assertTypedBoxesReencode(file, bytes: bytes, label: url.lastPathComponent, wellFormed: true)
    }

    /// Corpus files the index does not mark as malformed but whose tables their own test suite
    /// emptied to save space: mutagen's nero-chapters.m4b has 8-byte `stsz` boxes, with none of
    /// the fields ISO/IEC 14496-12 §8.7.3.2 requires.
    static let strippedTables: Set<String> = ["quodlibet_mutagen/tests__data__nero-chapters.m4b"]

    /// Files the corpus does not mark as malformed must decode without error; in the others a
    /// decoding error must say where it is.
    @Test(.corpus, arguments: try CorpusIndex.arguments())
    func corpusRoundTrips(_ entry: CorpusEntry) throws {
        let bytes = [UInt8](try Data(contentsOf: entry.url))
        let file = try Self.assertRoundTrip(bytes, label: entry.name)
        let wellFormed = !entry.isMalformed && !Self.strippedTables.contains(entry.name)
        Self.assertTypedBoxesReencode(file, bytes: bytes, label: entry.name, wellFormed: wellFormed)
    }

    /// The same for the fuzzing regressions, which include malformed text in `tagc` and `elng`.
    @Test func fuzzRegressionTypedBoxesReencodeExactly() throws {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures/Malformed", withExtension: nil))
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            Self.assertTypedBoxesReencode(BoxTreeParser.parse(MemoryByteSource(bytes)), bytes: bytes, label: name, wellFormed: false)
        }
    }

    /// Every box with a typed model (in the place where it has that meaning: `name` only in
    /// `udta`) encodes back to its payload. A decoding failure is a test failure in a well-formed
    /// file, and must be a located error in a malformed one.
    static func assertTypedBoxesReencode(_ file: BoxFile, bytes: [UInt8], label: String, wellFormed: Bool) {
        func visit(_ box: Box, parent: FourCC?) {
            if let payload = box.data, let type = BoxCatalog.byType[box.type], box.type != "name" || parent == "udta" {
                do {
                    let decoded = try type.init(box)
                    #expect(decoded.payload == Array(payload), "\(box.pathDescription) in \(label)")
                } catch {
                    if wellFormed {
                        Issue.record("\(label): \(error)")
                    } else {
                        expectLocated(error, in: bytes, label)
                    }
                }
            }
            for child in box.children { visit(child, parent: box.type) }
        }
        for box in file.boxes { visit(box, parent: nil) }
    }
}
