import Testing
@testable import ISOBMFF

/// The file walk reads each top-level box's header with what follows it, and parses a `moof`
/// from those bytes when they hold all of it: the trees it hands on must be the ones a parse of
/// that `moof` alone makes (`Box.expanded(limits:)`, which reads the box itself).
@Suite struct TopLevelReadAheadTests {
    /// A `moof` (`mfhd`, one `traf` of `tfhd` and a `trun` of `samples` 8-byte entries) and an
    /// `mdat` of `media` bytes after it.
    static func fragment(_ number: UInt32, samples: Int, media: Int, into writer: inout ByteWriter) {
        let trunPayload = 12 + 8 * samples
        let trafPayload = 16 + 8 + trunPayload
        writer.write(UInt32(8 + 16 + 8 + trafPayload))
        writer.write("moof" as FourCC)
        writer.write(UInt32(16)); writer.write("mfhd" as FourCC); writer.write(UInt32(0)); writer.write(number)
        writer.write(UInt32(8 + trafPayload)); writer.write("traf" as FourCC)
        writer.write(UInt32(16)); writer.write("tfhd" as FourCC); writer.write(UInt32(0x02_0000)); writer.write(UInt32(1))
        writer.write(UInt32(8 + trunPayload)); writer.write("trun" as FourCC)
        writer.write(UInt32(0x300)); writer.write(UInt32(samples)); writer.write(UInt32(0))
        for index in 0..<samples { writer.write(UInt32(1000)); writer.write(UInt32(100 + index % 7)) }
        writer.write(UInt32(8 + media)); writer.write("mdat" as FourCC)
        writer.write(bytes: [UInt8](repeating: UInt8(number % 251), count: media))
    }

    /// Each box of `box`'s tree: path, offset, size, and what it holds (children, bytes, or a
    /// range left in the file).
    static func describe(_ box: Box) -> [String] {
        let content = switch box.content {
        case let .data(bytes): "data \(Array(bytes))"
        case let .fileRange(offset, length, _): "range \(offset)+\(length)"
        case let .container(container): "container \(Array(container.prefix)) \(container.children.count) \(Array(container.trailing))"
        }
        return ["\(box.location?.path ?? "?") @\(box.location?.offset ?? 0) \(box.totalSize) \(content)"] + box.children.flatMap(describe)
    }

    /// Fragments small enough to come with their header's read, one of 4.8 KB (larger than a
    /// box read with its header, smaller than the read), one of 9.6 KB (larger than the read),
    /// one with no `mdat` bytes, and a last one the file ends right after: the handed-on trees
    /// are the ones each `moof` parses to alone.
    @Test func fragmentsParseAsAlone() throws {
        var writer = ByteWriter()
        writer.write(UInt32(16)); writer.write("ftyp" as FourCC); writer.write("iso6" as FourCC); writer.write(UInt32(0))
        let shapes: [(samples: Int, media: Int)] = [(3, 40), (500, 10), (600, 8000), (1200, 5), (1, 0), (20, 3), (2, 1)]
        for (number, shape) in shapes.enumerated() { Self.fragment(UInt32(number + 1), samples: shape.samples, media: shape.media, into: &writer) }
        let source = MemoryByteSource(writer.bytes)
        var reached: [Box] = []
        let file = BoxTreeParser.parse(source) { reached.append($0) }
        #expect(file.damage == nil && file.warnings.isEmpty)
        #expect(reached.count == shapes.count)
        let moofs = file.boxes.filter { $0.type == "moof" }
        #expect(moofs.count == shapes.count)
        for (walked, moof) in zip(reached, moofs) {
            #expect(Self.describe(walked) == Self.describe(try moof.expanded()))
        }
        #expect(file.boxes.map(\.type) == ["ftyp"] + Array(repeating: ["moof", "mdat"] as [FourCC], count: shapes.count).flatMap { $0 })
    }
}
