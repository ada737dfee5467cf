import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Remux
import Testing

/// `stco` holds 32-bit chunk offsets, `co64` 64-bit ones (ISO/IEC 14496-12 §8.7.5): a writer
/// uses `co64` only where an offset needs it. Offsets past 4 GiB need a file that large, which
/// `Scripts/` covers; here the table form itself and the form of what the engine writes.
@Suite struct ChunkOffsetTableTests {
    static let fullBoxHeader: [UInt8] = [0, 0, 0, 0]

    @Test func offsetsThatFit32BitsAreStco() throws {
        let table = ChunkOffsetBox(offsets: [0, 0x1234, UInt64(UInt32.max)])
        #expect(table.boxType == "stco")
        #expect(table.payload == Self.fullBoxHeader + be32(3) + be32(0) + be32(0x1234) + be32(.max))
    }

    @Test func oneOffsetPast4GiBMakesTheTableCo64() throws {
        let table = ChunkOffsetBox(offsets: [0x1234, UInt64(UInt32.max) + 1])
        #expect(table.boxType == "co64")
        #expect(table.payload == Self.fullBoxHeader + be32(2) + be64(0x1234) + be64(1 << 32))
    }

    /// A layout decides the form first (sizes depend on it), so the form given is the one written.
    @Test(arguments: [false, true])
    func chosenFormIsKept(large: Bool) throws {
        let offsets: [UInt64] = [48, 4096, 70_000]
        let table = ChunkOffsetBox(offsets: offsets, large: large)
        #expect(table.boxType == (large ? "co64" : "stco"))
        let entries = large ? offsets.flatMap(be64) : offsets.flatMap { be32(UInt32($0)) }
        #expect(table.payload == Self.fullBoxHeader + be32(UInt32(offsets.count)) + entries)
        let decoded = try ChunkOffsetBox(table.makeBox())
        #expect((0..<decoded.count).map { decoded.offset(ofChunk: $0) } == offsets)
    }

    @Test func largeOffsetsStartPast4GiB() {
        #expect(!ChunkOffsetBox.needsLargeOffsets(UInt64(UInt32.max)))
        #expect(ChunkOffsetBox.needsLargeOffsets(UInt64(UInt32.max) + 1))
    }

    /// The test movies are far below 4 GiB, so every table the engine writes stays `stco`.
    @Test(arguments: AdditionScenario.all)
    func writtenTablesStayStco(_ scenario: AdditionScenario) throws {
        let folder = try TemporaryFolder("remux-stco")
        defer { folder.remove() }
        let (pair, _) = try scenario.write(in: folder)
        for track in pair.output.tracks {
            let types = track.box.descendant(["mdia", "minf", "stbl"])?.children.map(\.type) ?? []
            #expect(types.contains("stco") && !types.contains("co64"), "track \(track.id): \(types)")
        }
    }
}
