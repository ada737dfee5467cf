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

    /// Files the corpus does not mark as malformed must decode without error; in the others a
    /// decoding error must say where it is.
    @Test(.corpus, arguments: try CorpusIndex.arguments())
    func corpusRoundTrips(_ entry: CorpusEntry) throws {
        let bytes = [UInt8](try Data(contentsOf: entry.url))
        let file = try Self.assertRoundTrip(bytes, label: entry.name)
        Self.assertTypedBoxesReencode(file, bytes: bytes, label: entry.name, wellFormed: entry.boxesDecode)
    }

    /// The same for the fuzzing regressions, which include malformed text in `tagc` and `elng`.
    @Test func fuzzRegressionTypedBoxesReencodeExactly() throws {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures/Malformed", withExtension: nil))
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where !name.hasPrefix(".") {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            Self.assertTypedBoxesReencode(BoxTreeParser.parse(MemoryByteSource(bytes)), bytes: bytes, label: name, wellFormed: false)
        }
    }

    /// Every box ISOBMFF's registry rows decode (in the place where they give it that meaning:
    /// `name` only in `udta`) encodes back to its payload. A decoding failure is a test failure
    /// in a well-formed file, and must be a located error in a malformed one.
    static func assertTypedBoxesReencode(_ file: BoxFile, bytes: [UInt8], label: String, wellFormed: Bool) {
        var roundTrip = RegistryRoundTrip(registry: .isobmff)
        roundTrip.check(file, bytes: bytes, label: label, wellFormed: wellFormed)
    }
}
