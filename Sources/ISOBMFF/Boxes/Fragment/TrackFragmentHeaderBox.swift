/// `tfhd` — track fragment header. ISO/IEC 14496-12 §8.8.7 TrackFragmentHeaderBox. In `traf`,
/// exactly one.
///
/// Which track a `traf` describes, where its data offsets count from (§8.8.7.1), and defaults
/// for its runs; each optional field is present when its flag is set.
public struct TrackFragmentHeaderBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["tfhd"]
    public var boxType: FourCC { "tfhd" }

    /// Flag bits of `tfhd` (§8.8.7.1).
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// `base-data-offset-present`: data offsets count from an explicit file position.
        public static let baseDataOffsetPresent = Flags(rawValue: 0x000001)
        /// `sample-description-index-present`.
        public static let sampleDescriptionIndexPresent = Flags(rawValue: 0x000002)
        /// `default-sample-duration-present`.
        public static let defaultSampleDurationPresent = Flags(rawValue: 0x000008)
        /// `default-sample-size-present`.
        public static let defaultSampleSizePresent = Flags(rawValue: 0x000010)
        /// `default-sample-flags-present`.
        public static let defaultSampleFlagsPresent = Flags(rawValue: 0x000020)
        /// `duration-is-empty`: the fragment has no samples, only a duration.
        public static let durationIsEmpty = Flags(rawValue: 0x010000)
        /// `default-base-is-moof`: without a base data offset, offsets count from the `moof`.
        public static let defaultBaseIsMoof = Flags(rawValue: 0x020000)
        /// The bits this type writes from its fields.
        static let modelled: Flags = [.baseDataOffsetPresent, .sampleDescriptionIndexPresent, .defaultSampleDurationPresent,
                                      .defaultSampleSizePresent, .defaultSampleFlagsPresent, .durationIsEmpty, .defaultBaseIsMoof]
    }

    /// The full box version (only 0 is defined).
    public var version: UInt8 = 0
    /// The track the fragment belongs to.
    public var trackID: UInt32
    /// Data offsets count from this file position (`baseDataOffsetPresent`).
    public var baseDataOffset: UInt64?
    /// 1-based index into the track's `stsd` (`sampleDescriptionIndexPresent`).
    public var descriptionIndex: UInt32?
    /// The fragment's default sample duration (`defaultSampleDurationPresent`).
    public var defaultDuration: UInt32?
    /// The fragment's default sample size (`defaultSampleSizePresent`).
    public var defaultSize: UInt32?
    /// The fragment's default sample flags, §8.8.3.1 (`defaultSampleFlagsPresent`).
    public var defaultFlags: UInt32?
    /// The fragment has no samples, only a duration.
    public var durationIsEmpty: Bool
    /// Without a base data offset, offsets count from the start of the `moof`.
    public var defaultBaseIsMoof: Bool
    /// Flag bits this type does not interpret, kept so that the box is written back as it was.
    public var otherFlags: Flags = []
    /// Bytes after the fields this type reads, kept so that the box is written back as it was.
    public var trailing: [UInt8] = []

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        let header = try reader.readVersionAndFlags()
        version = header.version
        let flags = Flags(rawValue: header.flags)
        trackID = try reader.readUInt32()
        baseDataOffset = flags.contains(.baseDataOffsetPresent) ? try reader.readUInt64() : nil
        descriptionIndex = flags.contains(.sampleDescriptionIndexPresent) ? try reader.readUInt32() : nil
        defaultDuration = flags.contains(.defaultSampleDurationPresent) ? try reader.readUInt32() : nil
        defaultSize = flags.contains(.defaultSampleSizePresent) ? try reader.readUInt32() : nil
        defaultFlags = flags.contains(.defaultSampleFlagsPresent) ? try reader.readUInt32() : nil
        durationIsEmpty = flags.contains(.durationIsEmpty)
        defaultBaseIsMoof = flags.contains(.defaultBaseIsMoof)
        otherFlags = flags.subtracting(Flags.modelled)
        trailing = Array(reader.readRemaining())
    }

    /// Creates a version 0 header for track `trackID`; each optional field set becomes its flag.
    public init(trackID: UInt32, baseDataOffset: UInt64? = nil, descriptionIndex: UInt32? = nil, defaultDuration: UInt32? = nil,
                defaultSize: UInt32? = nil, defaultFlags: UInt32? = nil, durationIsEmpty: Bool = false, defaultBaseIsMoof: Bool = false) {
        self.trackID = trackID
        self.baseDataOffset = baseDataOffset
        self.descriptionIndex = descriptionIndex
        self.defaultDuration = defaultDuration
        self.defaultSize = defaultSize
        self.defaultFlags = defaultFlags
        self.durationIsEmpty = durationIsEmpty
        self.defaultBaseIsMoof = defaultBaseIsMoof
    }

    /// The flags as written: one for each optional field that is set, and the others.
    public var flags: Flags {
        var flags = otherFlags
        let present: [(Bool, Flags)] = [
            (baseDataOffset != nil, .baseDataOffsetPresent), (descriptionIndex != nil, .sampleDescriptionIndexPresent),
            (defaultDuration != nil, .defaultSampleDurationPresent), (defaultSize != nil, .defaultSampleSizePresent),
            (defaultFlags != nil, .defaultSampleFlagsPresent), (durationIsEmpty, .durationIsEmpty), (defaultBaseIsMoof, .defaultBaseIsMoof),
        ]
        for (isSet, flag) in present where isSet { flags.insert(flag) }
        return flags
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeVersionAndFlags(version: version, flags: flags.rawValue)
        writer.write(trackID)
        if let baseDataOffset { writer.write(baseDataOffset) }
        for value in [descriptionIndex, defaultDuration, defaultSize, defaultFlags] {
            if let value { writer.write(value) }
        }
        writer.write(bytes: trailing)
    }

    public var fields: [BoxField] {
        var fields = [BoxField("version", .int(version)), BoxField("flags", .hex(UInt64(flags.rawValue), digits: 6)),
                      BoxField("trackID", .int(trackID))]
        if let baseDataOffset { fields.append(BoxField("baseDataOffset", .int(baseDataOffset))) }
        if let descriptionIndex { fields.append(BoxField("sampleDescriptionIndex", .int(descriptionIndex))) }
        if let defaultDuration { fields.append(BoxField("defaultSampleDuration", .int(defaultDuration))) }
        if let defaultSize { fields.append(BoxField("defaultSampleSize", .int(defaultSize))) }
        if let defaultFlags { fields.append(BoxField("defaultSampleFlags", .hex(UInt64(defaultFlags), digits: 8))) }
        fields.append(BoxField("durationIsEmpty", .flag(durationIsEmpty)))
        fields.append(BoxField("defaultBaseIsMoof", .flag(defaultBaseIsMoof)))
        return fields
    }
}
