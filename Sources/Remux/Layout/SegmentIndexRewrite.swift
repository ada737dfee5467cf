import ISOBMFF

/// A `sidx` (ISO/IEC 14496-12 §8.16.3 SegmentIndexBox) with its byte positions moved to where
/// the output puts what it indexes: its first offset, from its own end to its first reference,
/// and each reference's size, from the output positions of the source boxes the references
/// start and end at. Times, reference types and SAP fields stay; so does the box's size (its
/// version is kept), so no other position moves.
enum SegmentIndexRewrite {
    /// `sidx` rewritten; `sourceEnd` and `outputEnd` are where it ends in the source and in the
    /// output; `outputPosition` maps a source top-level box's start (or the end of the file) to
    /// its output position, nil when it is not one. Nil when a reference does not start and end
    /// at such positions, or a new value does not fit the box's version.
    static func rewritten(_ sidx: Box, sourceEnd: UInt64, outputEnd: UInt64, limits: Limits,
                          outputPosition: (UInt64) -> UInt64?) throws(BoxError) -> Box? {
        var reader = try sidx.loaded(limits: limits).payloadReader()
        let (version, flags) = try reader.readVersionAndFlags()
        let referenceID = try reader.readUInt32()
        let timescale = try reader.readUInt32()
        let earliest = try reader.readUInt(wide: version == 1)
        let firstOffset = try reader.readUInt(wide: version == 1)
        _ = try reader.readUInt16()
        let count = try reader.checkedCount(UInt32(try reader.readUInt16()), entrySize: 12, what: "sidx reference count")
        var writer = ByteWriter(capacity: 32 + count * 12)
        writer.writeVersionAndFlags(version: version, flags: flags)
        writer.write(referenceID)
        writer.write(timescale)
        var position = sourceEnd.saturatingAdd(firstOffset)
        guard let firstOutput = outputPosition(position), firstOutput >= outputEnd else { return nil }
        var references = ByteWriter(capacity: count * 12)
        var outputStart = firstOutput
        for _ in 0..<count {
            let typeAndSize = try reader.readUInt32()
            let end = position.saturatingAdd(UInt64(typeAndSize & 0x7FFF_FFFF))
            guard let outputEndOfReference = outputPosition(end), outputEndOfReference >= outputStart,
                  outputEndOfReference - outputStart <= 0x7FFF_FFFF else { return nil }
            references.write(typeAndSize & 0x8000_0000 | UInt32(outputEndOfReference - outputStart))
            references.write(try reader.readUInt32())
            references.write(try reader.readUInt32())
            position = end
            outputStart = outputEndOfReference
        }
        let newFirstOffset = firstOutput - outputEnd
        guard writer.writeUInt(earliest, wide: version == 1), writer.writeUInt(newFirstOffset, wide: version == 1) else { return nil }
        writer.write(UInt16(0))
        writer.write(UInt16(count))
        writer.write(bytes: references.bytes)
        return Box(type: "sidx", payload: writer.bytes)
    }
}
