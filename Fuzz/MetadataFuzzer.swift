// libFuzzer harness over the static metadata readers (target `metadata`): the input is read as
// a whole movie (MetadataReader over Movie), and as the payload of a `udta`, of a `keys` box and
// of an `ilst` (QuickTime `mdta` and iTunes `mdir` lists), each wrapped in the boxes around it.
// Built by Scripts/fuzz with the library sources (`swiftc -sanitize=fuzzer,address`); not part
// of the Swift package.
//
// Anything the library throws or reports as a warning is fine. A trap or a sanitizer report is a
// bug, and so is a broken invariant, checked here with fatalError:
//   1. Every child of a `udta` becomes at least one item whose origin is that child or a box in
//      it (the privacy filter is an allow-list: an item not reported cannot be removed).
//   2. A value decoded from a `data` atom, encoded as its type and decoded again, is unchanged.
//   3. Every origin lies inside the bytes it was read from.

import ISOBMFF
import Metadata
import Movie

private let fuzzLimits = Limits.standard

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: start, count: count))

    // As a movie.
    let file = BoxTreeParser.parse(MemoryByteSource(input), limits: fuzzLimits)
    if let movie = try? Movie(file: file, limits: fuzzLimits) {
        let reading = MetadataReader.items(in: movie, limits: fuzzLimits)
        check(reading, inside: movie.isCompressed ? nil : UInt64(input.count))
    }

    // As the payload of a udta.
    if let udta = parsed(box("udta", input)) {
        let reading = MetadataReader.items(inUserData: udta, limits: fuzzLimits)
        check(reading, inside: UInt64(input.count + 8))
        for child in udta.children {
            let start = child.location?.offset ?? 0, end = start + child.header.totalSize
            guard reading.items.contains(where: { ($0.origin?.location.offset).map { (start..<end).contains($0) } ?? false }) else {
                fatalError("udta child '\(child.type)' at \(child.pathDescription) is not reported")
            }
        }
    }

    // As the payload of keys (with one item naming each of the first keys) and of ilst.
    let data = box("data", [0, 0, 0, 1, 0, 0, 0, 0] + Array("value".utf8))
    let items = (1...3).flatMap { index in box(FourCC(rawValue: UInt32(index)), data) }
    let metas = [
        meta(handler: "mdta", box("keys", input) + box("ilst", items)),
        meta(handler: "mdta", box("keys", [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 9, 0x6D, 0x64, 0x74, 0x61, 0x6B]) + box("ilst", input)),
        meta(handler: "mdir", box("ilst", input)),
    ]
    for bytes in metas {
        guard let meta = parsed(bytes) else { continue }
        let reading = MetadataReader.items(inMetadata: meta, limits: fuzzLimits)
        check(reading, inside: UInt64(bytes.count))
    }
    return 0
}

private func box(_ type: FourCC, _ payload: [UInt8]) -> [UInt8] {
    var writer = ByteWriter()
    writer.write(UInt32(truncatingIfNeeded: payload.count + 8))
    writer.write(type)
    writer.write(bytes: payload)
    return writer.bytes
}

/// A QuickTime-style `meta` (no version and flags) with a handler and `content`.
private func meta(handler: FourCC, _ content: [UInt8]) -> [UInt8] {
    box("meta", box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + handler.bytes + [UInt8](repeating: 0, count: 13)) + content)
}

private func parsed(_ bytes: [UInt8]) -> Box? {
    guard bytes.count <= Int(UInt32.max), let boxes = try? BoxTreeParser.parseBoxes(bytes, limits: fuzzLimits) else { return nil }
    return boxes.first
}

private func check(_ reading: MetadataReading, inside size: UInt64?) {
    for item in reading.items {
        _ = (item.identifier.description, item.value.displayText, item.language, item.country, item.scope.description)
        if let type = item.dataType, !containsNaN(item.value) {
            let again = MetadataValue(decoding: item.value.encoded(as: type)[...], as: type)
            if again != item.value {
                fatalError("\(item.identifier): \(item.value) encoded as \(type) decodes as \(again)")
            }
        }
        if let size, let origin = item.origin, origin.byteRange.upperBound > size {
            fatalError("\(item.identifier): origin \(origin.location) + \(origin.size) is past the input's \(size) bytes")
        }
    }
    _ = reading.warnings.map(\.description)
}

private func containsNaN(_ value: MetadataValue) -> Bool {
    switch value {
    case let .float(number): number.isNaN
    case let .floats(numbers): numbers.contains { $0.isNaN }
    default: false
    }
}
