import ISOBMFF

/// A `tfhd` box (ISO/IEC 14496-12 §8.8.7 TrackFragmentHeaderBox): which track a `traf`
/// describes, where its data offsets count from, and defaults for its runs.
public struct TrackFragmentHeader: Sendable, Equatable {
    /// The track the fragment belongs to.
    public var trackID: UInt32
    /// Flag 0x000001: data offsets count from this file position.
    public var baseDataOffset: UInt64?
    /// Flag 0x000002.
    public var descriptionIndex: UInt32?
    /// Flag 0x000008.
    public var defaultDuration: UInt32?
    /// Flag 0x000010.
    public var defaultSize: UInt32?
    /// Flag 0x000020.
    public var defaultFlags: UInt32?
    /// Flag 0x010000: the fragment has no samples, only a duration.
    public var durationIsEmpty: Bool
    /// Flag 0x020000: without a base data offset, offsets count from the start of the `moof`.
    public var defaultBaseIsMoof: Bool

    /// Creates a header for track `trackID`; each optional field set becomes its flag.
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

    /// Decodes a `tfhd` box.
    public init(_ tfhd: Box, limits: Limits = .standard) throws(BoxError) {
        var reader = try tfhd.loaded(limits: limits).payloadReader()
        let flags = try reader.readVersionAndFlags().flags
        trackID = try reader.readUInt32()
        baseDataOffset = flags & 0x01 != 0 ? try reader.readUInt64() : nil
        descriptionIndex = flags & 0x02 != 0 ? try reader.readUInt32() : nil
        defaultDuration = flags & 0x08 != 0 ? try reader.readUInt32() : nil
        defaultSize = flags & 0x10 != 0 ? try reader.readUInt32() : nil
        defaultFlags = flags & 0x20 != 0 ? try reader.readUInt32() : nil
        durationIsEmpty = flags & 0x01_0000 != 0
        defaultBaseIsMoof = flags & 0x02_0000 != 0
    }

    /// The encoded box: flags say which optional fields follow.
    public func makeBox() -> Box {
        var flags: UInt32 = 0
        var fields = ByteWriter(capacity: 40)
        fields.write(trackID)
        if let baseDataOffset { flags |= 0x01; fields.write(baseDataOffset) }
        if let descriptionIndex { flags |= 0x02; fields.write(descriptionIndex) }
        if let defaultDuration { flags |= 0x08; fields.write(defaultDuration) }
        if let defaultSize { flags |= 0x10; fields.write(defaultSize) }
        if let defaultFlags { flags |= 0x20; fields.write(defaultFlags) }
        if durationIsEmpty { flags |= 0x01_0000 }
        if defaultBaseIsMoof { flags |= 0x02_0000 }
        var writer = ByteWriter(capacity: 44)
        writer.writeVersionAndFlags(version: 0, flags: flags)
        writer.write(bytes: fields.bytes)
        return Box(type: "tfhd", payload: writer.bytes)
    }
}
