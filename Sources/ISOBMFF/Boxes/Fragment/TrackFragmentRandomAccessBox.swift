/// `tfra` — track fragment random access. ISO/IEC 14496-12 §8.8.10
/// TrackFragmentRandomAccessBox. In `mfra`, at most one per track.
///
/// Where a track's sync samples are: for each, its time, the `moof` it is in and its place
/// there (`traf`, `trun` and sample numbers, each 1 to 4 bytes wide as the box says). Times and
/// `moof` offsets are 32 bits in version 0, 64 in version 1; other versions have no defined layout.
public struct TrackFragmentRandomAccessBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["tfra"]
    public var boxType: FourCC { "tfra" }

    /// One sync sample.
    public struct Entry: Sendable, Equatable {
        /// The sample's presentation time, in the track's media timescale.
        public var time: UInt64
        /// The file offset of the `moof` the sample is in.
        public var moofOffset: UInt64
        /// The 1-based number of the `traf` in that `moof`.
        public var trafNumber: UInt32
        /// The 1-based number of the `trun` in that `traf`.
        public var trunNumber: UInt32
        /// The 1-based number of the sample in that `trun`.
        public var sampleNumber: UInt32
    }

    /// The full box version: 1 for 64-bit times and offsets.
    public var version: UInt8
    /// The full box flags (none are defined).
    public var flags: UInt32
    /// The track the entries are about.
    public var trackID: UInt32
    /// The 26 reserved bits before the three number widths, as stored.
    public var reserved: UInt32
    /// Bytes per `traf`, `trun` and sample number (1 to 4 each).
    public var trafNumberSize, trunNumberSize, sampleNumberSize: Int
    /// The sync samples.
    public var entries: [Entry]
    /// Bytes after the entries, kept so that the box is written back as it was.
    public var trailing: [UInt8]

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        guard version <= 1 else { throw reader.error(.unsupportedVersion(box: "tfra", version: version, reads: 0...1)) }
        trackID = try reader.readUInt32()
        let sizes = try reader.readUInt32()
        reserved = sizes >> 6
        (trafNumberSize, trunNumberSize, sampleNumberSize) = (Int((sizes >> 4) & 3) + 1, Int((sizes >> 2) & 3) + 1, Int(sizes & 3) + 1)
        let wide = version == 1
        let entrySize = (wide ? 16 : 8) + trafNumberSize + trunNumberSize + sampleNumberSize
        let count = try reader.checkedCount(try reader.readUInt32(), entrySize: entrySize, what: "tfra entry count")
        entries = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            entries.append(Entry(time: try reader.readUInt(wide: wide), moofOffset: try reader.readUInt(wide: wide),
                                 trafNumber: try Self.readNumber(&reader, bytes: trafNumberSize),
                                 trunNumber: try Self.readNumber(&reader, bytes: trunNumberSize),
                                 sampleNumber: try Self.readNumber(&reader, bytes: sampleNumberSize)))
        }
        trailing = Array(reader.readRemaining())
    }

    /// Written as version 1 when a time or offset no longer fits version 0's 32 bits, and with
    /// a number wider than the box says when one no longer fits: a value is never cut short.
    public func encode(into writer: inout ByteWriter) {
        let wide = version == 1 || entries.contains { max($0.time, $0.moofOffset) > UInt64(UInt32.max) }
        let sizes = (traf: Self.width(trafNumberSize, holding: entries.map(\.trafNumber)),
                     trun: Self.width(trunNumberSize, holding: entries.map(\.trunNumber)),
                     sample: Self.width(sampleNumberSize, holding: entries.map(\.sampleNumber)))
        writer.writeVersionAndFlags(version: wide ? 1 : version, flags: flags)
        writer.write(trackID)
        writer.write(reserved << 6 | UInt32(sizes.traf - 1) << 4 | UInt32(sizes.trun - 1) << 2 | UInt32(sizes.sample - 1))
        writer.write(UInt32(entries.count))
        writer.reserve(entries.count * ((wide ? 16 : 8) + sizes.traf + sizes.trun + sizes.sample))
        for entry in entries {
            writer.write(entry.time, wide: wide)
            writer.write(entry.moofOffset, wide: wide)
            Self.writeNumber(entry.trafNumber, bytes: sizes.traf, into: &writer)
            Self.writeNumber(entry.trunNumber, bytes: sizes.trun, into: &writer)
            Self.writeNumber(entry.sampleNumber, bytes: sizes.sample, into: &writer)
        }
        writer.write(bytes: trailing)
    }

    /// `declared` bytes, or as many more (up to 4) as the largest of `values` needs.
    private static func width(_ declared: Int, holding values: [UInt32]) -> Int {
        let largest = values.max() ?? 0
        return max(declared, (32 - largest.leadingZeroBitCount + 7) / 8)
    }

    /// A big-endian number of 1 to 4 bytes.
    private static func readNumber(_ reader: inout ByteReader, bytes: Int) throws(BoxError) -> UInt32 {
        try reader.readBytes(bytes).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    private static func writeNumber(_ value: UInt32, bytes: Int, into writer: inout ByteWriter) {
        for index in (0..<bytes).reversed() { writer.write(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    public var fields: [BoxField] {
        [BoxField("version", .int(version)), BoxField("flags", .hex(UInt64(flags), digits: 6)),
         BoxField("trackID", .int(trackID)), BoxField("lengthSizeOfTrafNumber", .int(trafNumberSize - 1)),
         BoxField("lengthSizeOfTrunNumber", .int(trunNumberSize - 1)),
         BoxField("lengthSizeOfSampleNumber", .int(sampleNumberSize - 1)), BoxField("entryCount", .int(entries.count)),
         // Each entry: time, moof offset, traf number, trun number, sample number.
         BoxField("entries", .table(entries.count) { index in
             let entry = entries[index]
             return .list([.int(entry.time), .int(entry.moofOffset), .int(entry.trafNumber), .int(entry.trunNumber),
                           .int(entry.sampleNumber)])
         })]
    }
}
