import Foundation
import ISOBMFF
import KnownBoxes
import LegibleTestSupport
import Metadata
import Movie
import Testing
import TimedText

/// The composed registry: its parts agree, only ISOBMFF lays boxes out, and every codec any
/// target registers round-trips the boxes it decodes in real files.
@Suite struct KnownBoxesRegistryTests {
    @Test func partsStateEachFactOnce() {
        #expect(KnownBoxes.registry.conflicts == [])
        for part in [BoxRegistry.isobmff, .movie, .timedText, .metadata] { #expect(part.conflicts == []) }
    }

    /// A file parses into one tree whatever a program links: Movie, the edit engine and `cmov`
    /// inflation parse below any composition, so the other targets add codecs, never layouts.
    @Test func onlyISOBMFFLaysBoxesOut() {
        for (name, part) in [("movie", BoxRegistry.movie), ("timedText", .timedText), ("metadata", .metadata)] {
            for rule in part.rules {
                #expect(rule.layout == nil && rule.fileLevelReading == nil, "\(name): \(rule.type) \(rule.placement)")
                #expect(rule.codec != nil, "\(name): \(rule.type) \(rule.placement) says nothing")
            }
        }
    }

    /// The entries TimedText writes are split by the parser where their own encoders put the
    /// children: the layout rows of ISOBMFF and the codecs of TimedText describe the same bytes.
    @Test(arguments: [Tx3gSampleDescription().makeBox(), WebVTTSampleDescription(configuration: "WEBVTT\n").makeBox()])
    func timedTextEntriesParseAsTheyWereBuilt(_ entry: Box) throws {
        let stsd = Box(type: "stsd", prefix: [0, 0, 0, 0, 0, 0, 0, 1], children: [entry], countsChildren: true)
        let written = try stsd.encoded()
        let parsed = try #require(try BoxTreeParser.parseBoxes(written).first?.children.first)
        guard case let .container(built) = entry.content, case let .container(read) = parsed.content else {
            Issue.record("'\(entry.type)' is not a container after parsing")
            return
        }
        #expect(read.prefix.count == built.prefix.count)
        #expect(read.children.map(\.type) == built.children.map(\.type))
        #expect(try parsed.encoded() == entry.encoded())
    }

    /// Rows no bundled or real-world file exercises, and why that is acceptable.
    static let rowsWithoutInstances: [String: String] = [
        "'stz2' anywhere": "no file in TestMedia or the corpus has compact sample sizes",
        "'stps' anywhere": "no file in TestMedia or the corpus has partial sync samples",
    ]

    /// Every codec of the composed registry decodes and re-encodes exactly every box it decodes
    /// in TestMedia and the corpus, and each row decodes at least one such box.
    @Test(.corpus) func everyCodecRoundTripsItsInstances() throws {
        var roundTrip = RegistryRoundTrip(registry: KnownBoxes.registry)
        for url in TestPaths.testMediaFiles {
            let bytes = [UInt8](try Data(contentsOf: url))
            roundTrip.check(BoxTreeParser.parse(MemoryByteSource(bytes)), bytes: bytes, label: url.lastPathComponent, wellFormed: true)
        }
        for entry in try CorpusIndex.arguments() {
            let bytes = [UInt8](try Data(contentsOf: entry.url))
            roundTrip.check(BoxTreeParser.parse(MemoryByteSource(bytes)), bytes: bytes, label: entry.name, wellFormed: entry.boxesDecode)
        }
        for row in roundTrip.codecRowNames {
            let count = roundTrip.instances[row, default: 0]
            if let reason = Self.rowsWithoutInstances[row] {
                #expect(count == 0, "\(row) has \(count) instances now: remove it from rowsWithoutInstances (\(reason))")
            } else {
                #expect(count > 0, "no file has a box that \(row) decodes")
            }
        }
    }
}
