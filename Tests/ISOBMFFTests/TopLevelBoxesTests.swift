import Testing
@testable import ISOBMFF

/// The top-level boxes a file walk keeps as records (more than one block of them), read back as
/// the file declares them, and found by offset.
@Suite struct TopLevelBoxesTests {
    /// 5,000 `mdat`s of 8 to 14 payload bytes, one in the large size form (ISO/IEC 14496-12
    /// §4.2: size 1, a 64-bit size after the type), and a last one of size 0 (to the end of the
    /// file); each with the offset and size it was written with.
    static func movie() -> (bytes: [UInt8], boxes: [(offset: UInt64, payload: UInt64, form: BoxHeader.SizeForm)]) {
        var writer = ByteWriter()
        var boxes: [(offset: UInt64, payload: UInt64, form: BoxHeader.SizeForm)] = []
        for number in 0..<5000 {
            let payload = UInt64(8 + number % 7)
            boxes.append((UInt64(writer.count), payload, .compact))
            writer.write(UInt32(8 + payload))
            writer.write("mdat" as FourCC)
            writer.write(bytes: [UInt8](repeating: UInt8(number % 251), count: Int(payload)))
        }
        boxes.append((UInt64(writer.count), 5, .large))
        writer.write(UInt32(1))
        writer.write("mdat" as FourCC)
        writer.write(UInt64(16 + 5))
        writer.write(bytes: [UInt8](repeating: 7, count: 5))
        boxes.append((UInt64(writer.count), 9, .toEnd))
        writer.write(UInt32(0))
        writer.write("mdat" as FourCC)
        writer.write(bytes: [UInt8](repeating: 9, count: 9))
        return (writer.bytes, boxes)
    }

    @Test func recordsReadBackAsWritten() throws {
        let (bytes, written) = Self.movie()
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        #expect(file.damage == nil)
        #expect(file.boxes.count == written.count)
        for (position, expected) in written.enumerated() {
            let box = file.boxes[position]
            #expect(box.type == "mdat" && file.boxes.type(at: position) == "mdat")
            #expect(box.location?.offset == expected.offset, "box \(position + 1)")
            #expect(box.header.payloadSize == expected.payload && box.header.form == expected.form, "box \(position + 1)")
            #expect(box.location?.path == (position == 0 ? "mdat" : "mdat[\(position + 1)]"))
            #expect(try box.loaded().data.map(Array.init) == Array(bytes[Int(expected.offset + box.header.headerSize)..<Int(expected.offset + box.header.totalSize)]))
        }
    }

    @Test func boxesAreFoundByOffset() {
        let (bytes, written) = Self.movie()
        let boxes = BoxTreeParser.parse(MemoryByteSource(bytes)).boxes
        for (position, expected) in written.enumerated() {
            #expect(boxes.position(startingAt: expected.offset) == position)
            #expect(boxes.position(startingAt: expected.offset + 1) == nil)
            #expect(boxes.position(containing: expected.offset + 3) == position)
        }
        #expect(boxes.position(startingAt: UInt64(bytes.count)) == nil)
    }

    @Test func aBoxSetIsHeldAsATreeAndRemovalKeepsTheOrder() {
        let (bytes, written) = Self.movie()
        var boxes = BoxTreeParser.parse(MemoryByteSource(bytes)).boxes
        var replacement = Box(type: "free", payload: [1, 2, 3])
        replacement.location = BoxLocation(path: "free", offset: written[4500].offset)
        boxes[4500] = replacement
        #expect(boxes[4500].type == "free" && boxes.type(at: 4500) == "free")
        boxes.removeAll { $0.header.payloadSize == 8 }
        let kept = written.filter { $0.payload != 8 }
        #expect(boxes.count == kept.count)
        #expect(zip(boxes, kept).allSatisfy { $0.location?.offset == $1.offset })
        #expect(boxes.contains { $0.type == "free" })
    }
}
