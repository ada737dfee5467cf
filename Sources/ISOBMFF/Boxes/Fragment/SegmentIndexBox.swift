/// `sidx` — segment index. ISO/IEC 14496-12 §8.16.3 SegmentIndexBox. At file level, before the
/// (sub)segments it indexes.
///
/// The time and byte span of each subsegment (or lower `sidx`) that follows: the first starts
/// ``firstOffset`` bytes after the end of this box, each the next after the previous ends.
/// Times are 32 bits in version 0, 64 in version 1; other versions have no defined layout.
public struct SegmentIndexBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["sidx"]
    public var boxType: FourCC { "sidx" }

    /// One referenced subsegment or segment index.
    public struct Reference: Sendable, Equatable {
        /// `reference_type`: the reference is to another `sidx`, not to media.
        public var isSegmentIndex: Bool
        /// `referenced_size`: the bytes from its first byte to the next reference's (31 bits).
        public var referencedSize: UInt32
        /// `subsegment_duration`, in ``SegmentIndexBox/timescale`` units.
        public var subsegmentDuration: UInt32
        /// `starts_with_SAP` (1 bit), `SAP_type` (3 bits) and `SAP_delta_time` (28 bits), as stored.
        public var streamAccessPoint: UInt32

        /// The largest `referenced_size` the field holds.
        public static let maxReferencedSize: UInt32 = 0x7FFF_FFFF
    }

    /// The full box version: 1 for 64-bit times and offset.
    public var version: UInt8
    /// The full box flags (none are defined).
    public var flags: UInt32
    /// `reference_ID`: the stream the index is about (a track ID).
    public var referenceID: UInt32
    /// Units per second of the times and durations.
    public var timescale: UInt32
    /// `earliest_presentation_time` of the first subsegment.
    public var earliestPresentationTime: UInt64
    /// `first_offset`: bytes from the end of this box to the first referenced byte.
    public var firstOffset: UInt64
    /// The 16 reserved bits before the reference count.
    public var reserved: UInt16
    /// The references, in file order.
    public var references: [Reference]
    /// Bytes after the references, kept so that the box is written back as it was.
    public var trailing: [UInt8]

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        guard version <= 1 else { throw reader.error(.unsupportedVersion(box: "sidx", version: version, reads: 0...1)) }
        referenceID = try reader.readUInt32()
        timescale = try reader.readUInt32()
        earliestPresentationTime = try reader.readUInt(wide: version == 1)
        firstOffset = try reader.readUInt(wide: version == 1)
        reserved = try reader.readUInt16()
        let count = try reader.checkedCount(try reader.readUInt16(), entrySize: 12, what: "sidx reference count")
        references = []
        references.reserveCapacity(count)
        for _ in 0..<count {
            let typeAndSize = try reader.readUInt32()
            references.append(Reference(isSegmentIndex: typeAndSize & 0x8000_0000 != 0,
                                        referencedSize: typeAndSize & Reference.maxReferencedSize,
                                        subsegmentDuration: try reader.readUInt32(), streamAccessPoint: try reader.readUInt32()))
        }
        trailing = Array(reader.readRemaining())
    }

    /// Written as version 1 when a time or the offset no longer fits version 0's 32 bits, so a
    /// value is never cut short. Callers keep to what the other fields hold: at most 65,535
    /// references, each size at most ``Reference/maxReferencedSize``.
    public func encode(into writer: inout ByteWriter) {
        let wide = version == 1 || max(earliestPresentationTime, firstOffset) > UInt64(UInt32.max)
        writer.writeVersionAndFlags(version: wide ? 1 : version, flags: flags)
        writer.write(referenceID)
        writer.write(timescale)
        writer.write(earliestPresentationTime, wide: wide)
        writer.write(firstOffset, wide: wide)
        writer.write(reserved)
        writer.write(UInt16(clamping: references.count))
        for reference in references.prefix(Int(UInt16.max)) {
            writer.write((reference.isSegmentIndex ? 0x8000_0000 : 0) | reference.referencedSize & Reference.maxReferencedSize)
            writer.write(reference.subsegmentDuration)
            writer.write(reference.streamAccessPoint)
        }
        writer.write(bytes: trailing)
    }

    public var fields: [BoxField] {
        [BoxField("version", .int(version)), BoxField("flags", .hex(UInt64(flags), digits: 6)),
         BoxField("referenceID", .int(referenceID)), BoxField("timescale", .int(timescale)),
         BoxField("earliestPresentationTime", .int(earliestPresentationTime)), BoxField("firstOffset", .int(firstOffset)),
         BoxField("referenceCount", .int(references.count)),
         // Each reference: type (1 = a segment index), size, duration, starts with SAP, SAP type, SAP delta time.
         BoxField("references", .table(references.count) { index in
             let reference = references[index], sap = reference.streamAccessPoint
             return .list([.int(reference.isSegmentIndex ? 1 : 0), .int(reference.referencedSize), .int(reference.subsegmentDuration),
                           .flag(sap & 0x8000_0000 != 0), .int((sap >> 28) & 0x7), .int(sap & 0x0FFF_FFFF)])
         })]
    }
}
