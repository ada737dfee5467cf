import Foundation
import Testing
import LegibleTestSupport
@testable import ISOBMFF

/// Bad input ends in a clean error or a correct partial tree: never a crash, hang or unbounded
/// allocation. The Movie layer is exercised on the same inputs in MovieTests.
@Suite struct MalformedInputTests {
    /// Offsets where each box starts or ends, from a parse of the intact file.
    static func boundaries(of boxes: [Box]) -> Set<Int> {
        var result: Set<Int> = []
        for box in boxes {
            guard let offset = box.location?.offset else { continue }
            result.insert(Int(offset))
            result.insert(Int(offset + box.totalSize))
            result.formUnion(boundaries(of: box.children))
        }
        return result
    }

    /// Parses `bytes`, checks that they write back unchanged, and that every problem found —
    /// the damage that stopped the walk, tolerated truncations, fields that did not decode in the
    /// dump — says where it is in `bytes`.
    @discardableResult
    static func parseAndRoundTrip(_ bytes: [UInt8], label: String) -> BoxFile {
        let file = BoxTreeParser.parse(MemoryByteSource(bytes), limits: Limits(maxInMemoryBoxSize: 64 << 20))
        var writer = ByteWriter()
        do {
            try file.write(to: &writer)
            #expect(writer.bytes == bytes, "\(label): what was read writes back unchanged")
        } catch {
            Issue.record("\(label): writing failed: \(error)")
        }
        for problem in [file.damage].compactMap({ $0 }) + file.warnings {
            expectLocated(problem, in: bytes, label)
        }
        BoxDumpNode.walk(file.boxes, enter: { node, _ in
            if let error = node.decodeError { expectLocated(error, in: bytes, "\(label) \(node.path)") }
        }, leave: { _, _ in })
        return file
    }

    /// A cut inside a top-level box (by an independent walk of the intact file) is reported as
    /// damage or a truncation warning; a cut between boxes leaves a file with neither.
    @Test(arguments: TestPaths.testMediaFiles)
    func truncationAtEveryBoxBoundary(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        let topLevel = TopLevelWalk(bytes).boxes
        for cut in Self.boundaries(of: try file.boxes.map { try $0.expanded() }).sorted() where cut < bytes.count {
            let label = "\(url.lastPathComponent) cut at \(cut)"
            let truncated = Self.parseAndRoundTrip(Array(bytes.prefix(cut)), label: label)
            let insideABox = topLevel.contains { $0.start < cut && cut < $0.end }
            #expect((truncated.damage != nil || !truncated.warnings.isEmpty) == insideABox,
                    "\(label): inside a box: \(insideABox); damage \(String(describing: truncated.damage)), warnings \(truncated.warnings)")
        }
    }

    @Test(arguments: TestPaths.testMediaFiles.prefix(4))
    func randomByteMutationsInStructure(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        // Mutate only inside moov, where the structure is; mdat bytes are never interpreted.
        let moov = try #require(file.box("moov"), "\(url.lastPathComponent) has a moov")
        let start = try #require(moov.location).offset
        var generator = SplitMix64(seed: 0x1E61B1E)
        let range = Int(start)..<Int(start + moov.totalSize)
        for round in 0..<300 {
            var mutated = bytes
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                let position = range.lowerBound + Int(generator.next() % UInt64(range.count))
                mutated[position] = [0x00, 0xFF, 0x7F, 0x80, UInt8(truncatingIfNeeded: generator.next())][Int(generator.next() % 5)]
            }
            Self.parseAndRoundTrip(mutated, label: "\(url.lastPathComponent) mutation \(round)")
        }
    }

    @Test(.corpus, arguments: try CorpusIndex.arguments(\.isMalformed))
    func corpusMalformedFiles(_ entry: CorpusEntry) throws {
        let bytes = [UInt8](try Data(contentsOf: entry.url))
        Self.parseAndRoundTrip(bytes, label: entry.name)
    }

    /// ISO/IEC 14496-12 §4.2: size 1 means a 64-bit size follows the type. When the file ends
    /// before it, the header of the box at 8 is what is broken, and the error belongs there.
    @Test func cutOffLargeSizeIsReportedAtItsHeader() throws {
        let bytes = TestBox.leaf("ssix", []).bytes + be32(1) + Array("free".utf8)
        let damage = try #require(BoxTreeParser.parse(MemoryByteSource(bytes)).damage)
        #expect(damage.location?.offset == 8 && damage.location?.path == "free", "\(damage)")
    }

    /// Regression inputs found by fuzzing (`Scripts/fuzz`), in Fixtures/Malformed:
    /// - `truncated-moov-size-underflow.mp4`: a `moov` cut short made the truncation message
    ///   underflow and trap (`legible info` died with SIGILL).
    /// - `tagc-invalid-utf8.mp4`: a `tagc` whose bytes are not UTF-8 was re-encoded with U+FFFD.
    /// - `elng-padding-after-nul.mp4`: an `elng` lost the padding after its NUL when re-encoded.
    /// - `stpp-reserved-bytes.mp4`: an `stpp` entry whose reserved bytes are not zero was
    ///   re-encoded with zeros (TTMLSampleCodecTests checks that entry's re-encoding).
    /// `tagc` and `elng` are checked for exact re-encoding in RoundTripTests.
    @Test func fuzzRegressions() throws {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures/Malformed", withExtension: nil))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        for name in names {
            Self.parseAndRoundTrip([UInt8](try Data(contentsOf: folder.appendingPathComponent(name))), label: name)
        }
    }
}
