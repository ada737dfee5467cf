import ISOBMFF

/// A SampleGroupDescriptionBox (`sgpd`, ISO/IEC 14496-12 §8.9.3) read for its entries, each
/// kept as its bytes: a sample group's descriptions move between boxes (a track fragment's into
/// its track's) without being understood.
struct SampleGroupDescriptions: Equatable {
    /// The grouping type the entries describe (`roll`, `seig`, `sync`…).
    var groupingType: FourCC
    /// Version 2's `default_group_description_index` (§8.9.3.3); 0 for none or an older version.
    var defaultIndex: UInt32
    /// The entries' bytes, in order: group description index 1 is the first.
    var entries: [[UInt8]]

    /// Entry sizes of grouping types whose `sgpd` of version 0 (which does not give them) the
    /// clauses fix: `roll` and `prol` (§10.1: an int(16) roll_distance), `rap ` (§10.4) and
    /// `sap ` (§10.6), a byte each.
    private static let version0EntrySizes: [FourCC: Int] = ["roll": 2, "prol": 2, "rap ": 1, "sap ": 1]

    /// The descriptions of `box`, an `sgpd`; throws naming the box when its entries cannot be
    /// told apart (version 0 of a grouping type of no fixed size) or overrun it.
    init(_ box: Box) throws(BoxError) {
        var reader = try box.payloadReader()
        let version = try reader.readUInt8()
        try reader.skip(3)
        groupingType = try reader.readFourCC()
        var defaultLength: UInt32?
        if version >= 1 { defaultLength = try reader.readUInt32() }
        defaultIndex = version >= 2 ? try reader.readUInt32() : 0
        if version == 0 {
            guard let size = Self.version0EntrySizes[groupingType] else {
                throw reader.error(.unsupported("sample group descriptions of version 0 for grouping type '\(groupingType)', whose entries' size is not known"))
            }
            defaultLength = UInt32(size)
        }
        let count = try reader.checkedCount(try reader.readUInt32(), entrySize: defaultLength == 0 ? 4 : Int(defaultLength ?? 1),
                                            what: "sample group descriptions")
        entries = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            var length = defaultLength ?? 0
            if length == 0 { length = try reader.readUInt32() }
            entries.append(Array(try reader.readBytes(try reader.checkedCount(length, entrySize: 1, what: "description bytes"))))
        }
    }

    /// Descriptions of `groupingType`: `entries`, with `defaultIndex` (version 2 when not 0).
    init(groupingType: FourCC, defaultIndex: UInt32, entries: [[UInt8]]) {
        self.groupingType = groupingType
        self.defaultIndex = defaultIndex
        self.entries = entries
    }

    /// The `sgpd`: version 1 (every entry's length given), or 2 with a default index; one
    /// `default_length` when the entries share it, else each length before its entry.
    func makeBox() -> Box {
        let lengths = Set(entries.map(\.count))
        let defaultLength = lengths.count == 1 ? UInt32(clamping: lengths.first ?? 0) : 0
        var writer = ByteWriter()
        writer.write(UInt32(defaultIndex == 0 ? 1 : 2) << 24)
        writer.write(groupingType.rawValue)
        writer.write(defaultLength)
        if defaultIndex != 0 { writer.write(defaultIndex) }
        writer.write(UInt32(clamping: entries.count))
        for entry in entries {
            if defaultLength == 0 { writer.write(UInt32(clamping: entry.count)) }
            writer.write(bytes: entry)
        }
        return Box(type: "sgpd", payload: writer.bytes)
    }
}
