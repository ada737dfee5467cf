/// `trun` — track run. ISO/IEC 14496-12 §8.8.8 TrackRunBox. In `traf`, zero or more.
///
/// A run of contiguous samples of one track fragment, each with the fields its flags say it
/// has, the others from the `tfhd` and `trex` defaults. The entries stay packed as read (a
/// fragment may hold tens of thousands of samples); ``entry(_:)`` reads one.
public struct TrackRunBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["trun"]
    public var boxType: FourCC { "trun" }

    /// Flag bits of `trun` (§8.8.8.1).
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// `data-offset-present`: a data offset follows the sample count.
        public static let dataOffsetPresent = Flags(rawValue: 0x000001)
        /// `first-sample-flags-present`: the first sample's flags, instead of the defaults.
        public static let firstSampleFlagsPresent = Flags(rawValue: 0x000004)
        /// `sample-duration-present`: each entry has a duration.
        public static let sampleDurationPresent = Flags(rawValue: 0x000100)
        /// `sample-size-present`: each entry has a size.
        public static let sampleSizePresent = Flags(rawValue: 0x000200)
        /// `sample-flags-present`: each entry has sample flags.
        public static let sampleFlagsPresent = Flags(rawValue: 0x000400)
        /// `sample-composition-time-offsets-present`: each entry has a composition offset.
        public static let sampleCompositionTimeOffsetsPresent = Flags(rawValue: 0x000800)
        /// The bits that give each entry a field, in the order the fields are stored.
        public static let entryFields: [Flags] = [.sampleDurationPresent, .sampleSizePresent, .sampleFlagsPresent,
                                                  .sampleCompositionTimeOffsetsPresent]
        /// The bits this type writes from its fields.
        static let modelled: Flags = [.dataOffsetPresent, .firstSampleFlagsPresent, .sampleDurationPresent,
                                      .sampleSizePresent, .sampleFlagsPresent, .sampleCompositionTimeOffsetsPresent]
    }

    /// One sample's fields, nil where the run leaves them to the defaults.
    public struct Entry: Sendable, Equatable {
        /// The sample's duration, in the media timescale.
        public var duration: UInt32?
        /// The sample's size in bytes.
        public var size: UInt32?
        /// The sample's flags (§8.8.3.1).
        public var flags: UInt32?
        /// Composition time minus decode time, in the media timescale (signed in version 1).
        public var compositionOffset: Int64?

        /// Creates an entry with the fields given.
        public init(duration: UInt32? = nil, size: UInt32? = nil, flags: UInt32? = nil, compositionOffset: Int64? = nil) {
            self.duration = duration
            self.size = size
            self.flags = flags
            self.compositionOffset = compositionOffset
        }
    }

    /// The full box version: 1 makes composition offsets signed.
    public var version: UInt8
    /// Added to the track fragment's base data offset (`dataOffsetPresent`).
    public var dataOffset: Int32?
    /// The first sample's flags, instead of the defaults (`firstSampleFlagsPresent`).
    public var firstSampleFlags: UInt32?
    /// The number of samples in the run.
    public let count: Int
    /// Which fields each entry has (a subset of ``Flags/entryFields``).
    public let entryFields: Flags
    /// Flag bits this type does not interpret, kept so that the box is written back as it was.
    public var otherFlags: Flags = []
    /// Bytes after the entries, kept so that the box is written back as it was.
    public var trailing: [UInt8] = []
    private let entries: ArraySlice<UInt8>

    /// Creates a run of `entries`, each with the fields the first has; version 1 when a
    /// composition offset is negative.
    public init(entries: [Entry], dataOffset: Int32?, firstSampleFlags: UInt32? = nil) {
        version = entries.contains { ($0.compositionOffset ?? 0) < 0 } ? 1 : 0
        self.dataOffset = dataOffset
        self.firstSampleFlags = firstSampleFlags
        count = entries.count
        let first = entries.first
        let present = [first?.duration != nil, first?.size != nil, first?.flags != nil, first?.compositionOffset != nil]
        entryFields = Flags(zip(Flags.entryFields, present).filter(\.1).map(\.0))
        var writer = ByteWriter(capacity: entries.count * entryFields.entrySize)
        for entry in entries {
            if entryFields.contains(.sampleDurationPresent) { writer.write(entry.duration ?? 0) }
            if entryFields.contains(.sampleSizePresent) { writer.write(entry.size ?? 0) }
            if entryFields.contains(.sampleFlagsPresent) { writer.write(entry.flags ?? 0) }
            if entryFields.contains(.sampleCompositionTimeOffsetsPresent) {
                writer.write(UInt32(truncatingIfNeeded: entry.compositionOffset ?? 0))
            }
        }
        self.entries = writer.bytes[...]
    }

    /// Reads the run; the sample count is checked against the box's size before anything is
    /// read or allocated.
    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        let header = try reader.readVersionAndFlags()
        version = header.version
        let flags = Flags(rawValue: header.flags)
        let rawCount = try reader.readUInt32()
        dataOffset = flags.contains(.dataOffsetPresent) ? try reader.readInt32() : nil
        firstSampleFlags = flags.contains(.firstSampleFlagsPresent) ? try reader.readUInt32() : nil
        entryFields = flags.intersection(Flags(Flags.entryFields))
        otherFlags = flags.subtracting(Flags.modelled)
        count = try reader.checkedCount(rawCount, entrySize: entryFields.entrySize, what: "trun sample count")
        entries = try reader.readBytes(count * entryFields.entrySize)
        trailing = Array(reader.readRemaining())
    }

    /// The flags as written: the entry fields, the optional fields that are set and the others.
    public var flags: Flags {
        var flags = entryFields.union(otherFlags)
        if dataOffset != nil { flags.insert(.dataOffsetPresent) }
        if firstSampleFlags != nil { flags.insert(.firstSampleFlagsPresent) }
        return flags
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeVersionAndFlags(version: version, flags: flags.rawValue)
        writer.write(UInt32(count))
        if let dataOffset { writer.write(dataOffset) }
        if let firstSampleFlags { writer.write(firstSampleFlags) }
        writer.write(bytes: entries)
        writer.write(bytes: trailing)
    }

    /// The fields of sample `index` (0-based, below ``count``).
    public func entry(_ index: Int) -> Entry {
        var position = entries.startIndex + index * entryFields.entrySize
        func next() -> UInt32 {
            defer { position += 4 }
            return UInt32(entries[position]) << 24 | UInt32(entries[position + 1]) << 16 | UInt32(entries[position + 2]) << 8
                | UInt32(entries[position + 3])
        }
        var entry = Entry()
        if entryFields.contains(.sampleDurationPresent) { entry.duration = next() }
        if entryFields.contains(.sampleSizePresent) { entry.size = next() }
        if entryFields.contains(.sampleFlagsPresent) { entry.flags = next() }
        if entryFields.contains(.sampleCompositionTimeOffsetsPresent) {
            let raw = next()
            entry.compositionOffset = version == 0 ? Int64(raw) : Int64(Int32(bitPattern: raw))
        }
        return entry
    }

    public var fields: [BoxField] {
        var fields = [BoxField("version", .int(version)), BoxField("flags", .hex(UInt64(flags.rawValue), digits: 6)),
                      BoxField("sampleCount", .int(count))]
        if let dataOffset { fields.append(BoxField("dataOffset", .int(dataOffset))) }
        if let firstSampleFlags { fields.append(BoxField("firstSampleFlags", .hex(UInt64(firstSampleFlags), digits: 8))) }
        // Each entry lists the fields the run has, in the order `entryFields` names them.
        fields.append(BoxField("entryFields", .list(Flags.entryFields.filter(entryFields.contains).map { .text($0.name) })))
        fields.append(BoxField("entries", .table(count) { index in
            let entry = entry(index)
            let values: [BoxFieldValue?] = [entry.duration.map { .int($0) }, entry.size.map { .int($0) },
                                            entry.flags.map { .hex(UInt64($0), digits: 8) }, entry.compositionOffset.map { .int($0) }]
            return .list(values.compactMap { $0 })
        }))
        return fields
    }
}

extension TrackRunBox.Flags {
    /// Bytes per entry for the entry fields these flags give: four a field (asked for each
    /// sample read, so counted from the bits rather than the list).
    var entrySize: Int { (rawValue & Self.entryFieldBits).nonzeroBitCount * 4 }

    /// The bits of ``entryFields``.
    private static let entryFieldBits: UInt32 = entryFields.reduce(0) { $0 | $1.rawValue }

    /// The field an entry bit adds, as dumps name it.
    var name: String {
        switch self {
        case .sampleDurationPresent: "duration"
        case .sampleSizePresent: "size"
        case .sampleFlagsPresent: "flags"
        default: "compositionOffset"
        }
    }
}
