import ISOBMFF
import Testing

/// The top-level boxes of a byte buffer, walked here by the rules of ISO/IEC 14496-12 §4.2
/// (32-bit size; 1 = a 64-bit size follows the type; 0 = to the end of the file) without Legible's
/// parser, so tests can check the locations Legible reports against an independent reading.
public struct TopLevelWalk: Sendable {
    public struct Entry: Sendable {
        public var type: FourCC
        public var start: Int
        /// Where the box ends by its size field (may lie past the end of the buffer).
        public var end: Int
    }

    /// Complete or truncated boxes, in order.
    public var boxes: [Entry] = []
    /// Where the walk stopped on bytes that do not form a box header (too short, or a size below
    /// the header's own), if it did, with the type when the bytes hold one.
    public var brokenHeader: (start: Int, type: FourCC?)?

    public init(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset >= 8 else { brokenHeader = (offset, nil); return }
            let size32 = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = FourCC(rawValue: bytes[offset + 4..<offset + 8].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            var size = size32, headerSize = 8
            if size32 == 1 {
                guard bytes.count - offset >= 16 else { brokenHeader = (offset, type); return }
                let size64 = bytes[offset + 8..<offset + 16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                guard size64 <= UInt64(Int.max) else { brokenHeader = (offset, type); return }
                size = Int(size64)
                headerSize = 16
            } else if size32 == 0 {
                size = bytes.count - offset
            }
            guard size >= headerSize else { brokenHeader = (offset, type); return }
            let (end, overflow) = offset.addingReportingOverflow(size)
            boxes.append(Entry(type: type, start: offset, end: overflow ? .max : end))
            if overflow || end >= bytes.count { return }
            offset = end
        }
    }
}

/// Checks that an error from reading `bytes` says where the problem is: its offset lies within
/// the input, and its box path either starts with a top-level box that holds that offset (or
/// whose broken header starts there), or is empty (`(file)`) for a problem with the file as a
/// whole (offset 0) or with bytes where a top-level header should start but does not.
public func expectLocated(_ error: BoxError, in bytes: [UInt8], _ label: String,
                          sourceLocation: SourceLocation = #_sourceLocation) {
    // No location: a problem with the file as a whole, which is where offset 0 and no path point.
    let location = error.location ?? BoxLocation(path: "", offset: 0)
    let offset = Int(clamping: location.offset)
    #expect(offset <= bytes.count, "\(label): \(error) lies past the end of the \(bytes.count) bytes",
            sourceLocation: sourceLocation)
    let walk = TopLevelWalk(bytes)
    let path = location.path
    if path.isEmpty {
        let headerStarts = Set(walk.boxes.map(\.start) + [walk.brokenHeader?.start, 0].compactMap { $0 })
        #expect(headerStarts.contains(offset),
                "\(label): \(error) names no box, but \(offset) is not where a top-level header starts (\(headerStarts.sorted()))",
                sourceLocation: sourceLocation)
        return
    }
    var holders = walk.boxes.filter { $0.start <= offset && offset <= $0.end }.map(\.type)
    if let broken = walk.brokenHeader, broken.start == offset, let type = broken.type { holders.append(type) }
    let startsWithHolder = holders.contains { type in
        let name = type.description
        let rest = path.dropFirst(name.count)
        return path.hasPrefix(name) && (rest.isEmpty || rest.first == "/" || rest.first == "[")
    }
    #expect(startsWithHolder, "\(label): \(error) does not start with a top-level box at \(offset) (\(holders))",
            sourceLocation: sourceLocation)
}
