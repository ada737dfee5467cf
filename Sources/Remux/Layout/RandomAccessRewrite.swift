import ISOBMFF

/// An `mfra` (ISO/IEC 14496-12 §8.8.9 MovieFragmentRandomAccessBox) with its `tfra`s (§8.8.10)
/// pointing at the output's `moof`s: each entry's `moof_offset` moved to where its `moof` now
/// starts and its `traf_number` counted again among the `traf`s the `moof` keeps; the `tfra` of a
/// removed track is left out. Times, run and sample numbers stay, and so does each `tfra`'s
/// version, so the `mfra` only shrinks by removed tracks' tables and its `mfro` (§8.8.11) says so.
enum RandomAccessRewrite {
    /// `mfra` rewritten; `outputPosition` maps a source `moof`'s start to its output position,
    /// `trafNumber` a source `moof`'s start and a 1-based `traf` number to the number of that
    /// `traf` in the output (nil when it is removed). Nil when an entry points at neither, or
    /// an offset no longer fits a version 0 `tfra`.
    static func rewritten(_ mfra: Box, removedTracks: Set<UInt32>, limits: Limits, outputPosition: (UInt64) -> UInt64?,
                          trafNumber: (UInt64, UInt32) -> UInt32?) throws(BoxError) -> Box? {
        var children: [Box] = []
        for child in mfra.children {
            switch child.type {
            case "tfra":
                guard let table = try table(child, removedTracks: removedTracks, limits: limits, outputPosition: outputPosition,
                                            trafNumber: trafNumber) else { return nil }
                if let table { children.append(table) }
            case "mfro":
                continue
            default:
                children.append(child)
            }
        }
        let size = children.reduce(UInt64(8)) { $0 + $1.totalSize } + 16
        guard let size32 = UInt32(exactly: size) else { return nil }
        var offset = ByteWriter(capacity: 8)
        offset.writeVersionAndFlags(version: 0, flags: 0)
        offset.write(size32)
        return Box(type: "mfra", children: children + [Box(type: "mfro", payload: offset.bytes)])
    }

    /// One `tfra` rewritten: `.some(nil)` for a removed track's, nil when it cannot be.
    private static func table(_ tfra: Box, removedTracks: Set<UInt32>, limits: Limits, outputPosition: (UInt64) -> UInt64?,
                              trafNumber: (UInt64, UInt32) -> UInt32?) throws(BoxError) -> Box?? {
        var reader = try tfra.loaded(limits: limits).payloadReader()
        let (version, flags) = try reader.readVersionAndFlags()
        let trackID = try reader.readUInt32()
        if removedTracks.contains(trackID) { return .some(nil) }
        let sizes = try reader.readUInt32()
        let trafBytes = Int((sizes >> 4) & 3) + 1, trunBytes = Int((sizes >> 2) & 3) + 1, sampleBytes = Int(sizes & 3) + 1
        let wide = version == 1
        let entrySize = (wide ? 16 : 8) + trafBytes + trunBytes + sampleBytes
        let count = try reader.checkedCount(try reader.readUInt32(), entrySize: entrySize, what: "tfra entry count")
        var writer = ByteWriter(capacity: 16 + count * entrySize)
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(trackID)
        writer.write(sizes)
        writer.write(UInt32(count))
        for _ in 0..<count {
            let time = try reader.readUInt(wide: wide)
            let moof = try reader.readUInt(wide: wide)
            let traf = try readNumber(&reader, bytes: trafBytes)
            guard let newMoof = outputPosition(moof), let newTraf = trafNumber(moof, UInt32(traf)),
                  UInt64(newTraf) < UInt64(1) << (8 * trafBytes) else { return nil }
            guard writer.writeUInt(time, wide: wide), writer.writeUInt(newMoof, wide: wide) else { return nil }
            writeNumber(UInt64(newTraf), bytes: trafBytes, into: &writer)
            writeNumber(try readNumber(&reader, bytes: trunBytes), bytes: trunBytes, into: &writer)
            writeNumber(try readNumber(&reader, bytes: sampleBytes), bytes: sampleBytes, into: &writer)
        }
        return .some(Box(type: "tfra", payload: writer.bytes))
    }

    /// A big-endian number of 1 to 4 bytes.
    private static func readNumber(_ reader: inout ByteReader, bytes: Int) throws(BoxError) -> UInt64 {
        var value: UInt64 = 0
        for byte in try reader.readBytes(bytes) { value = value << 8 | UInt64(byte) }
        return value
    }

    private static func writeNumber(_ value: UInt64, bytes: Int, into writer: inout ByteWriter) {
        for index in (0..<bytes).reversed() { writer.write(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
}
