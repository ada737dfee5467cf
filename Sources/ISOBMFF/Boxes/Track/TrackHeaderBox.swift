/// `tkhd` — track header. ISO/IEC 14496-12 §8.3.2; QTFF "Track header atom". In `trak`, exactly one.
///
/// Holds the track ID, the enabled/in-movie/in-preview flags, the alternate group players use to
/// build their media-selection menus, layer, volume, matrix and display size.
public struct TrackHeaderBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["tkhd"]
    public var boxType: FourCC { "tkhd" }

    /// Flag bits of `tkhd`.
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The track is enabled: it plays.
        public static let enabled = Flags(rawValue: 0x1)
        /// The track is used in the presentation.
        public static let inMovie = Flags(rawValue: 0x2)
        /// The track is used when previewing the presentation.
        public static let inPreview = Flags(rawValue: 0x4)
        /// QuickTime "in poster"; newer ISO editions: "size is aspect ratio". Never written by us.
        public static let inPosterOrAspectRatio = Flags(rawValue: 0x8)
    }

    /// The full box version.
    public var version: UInt8
    /// The track's flags: enabled, in movie, in preview.
    public var flags: Flags
    /// When the track was created, in seconds since 1904-01-01 UTC; 0 for unknown.
    public var creationTime: UInt64
    /// When it was last modified, in seconds since 1904-01-01 UTC; 0 for unknown.
    public var modificationTime: UInt64
    /// The track ID: unique in the movie, never 0.
    public var trackID: UInt32
    /// Reserved.
    public var reserved1: UInt32
    /// In movie timescale units.
    public var duration: UInt64
    /// Reserved.
    public var reserved2: UInt64
    /// The front-to-back order of visual tracks: lower is closer to the viewer.
    public var layer: Int16
    /// 0 = in no group; tracks sharing a non-zero value are alternatives to each other.
    public var alternateGroup: Int16
    /// 8.8
    public var volume: Int16
    /// Reserved.
    public var reserved3: UInt16
    /// The transformation of the track's display.
    public var matrix: TransformationMatrix
    /// 16.16
    public var width: UInt32
    /// 16.16
    public var height: UInt32
    /// Bytes after the fields this type reads, kept so that the box is written back as it was.
    public var trailing: [UInt8]

    /// A new track header; version 1 only when the duration needs 64 bits. `width` and `height`
    /// are 16.16 fixed point.
    public init(trackID: UInt32, flags: Flags, duration: UInt64, layer: Int16 = 0, alternateGroup: Int16 = 0,
                volume: Int16 = 0, matrix: TransformationMatrix = .identity, width: UInt32 = 0, height: UInt32 = 0) {
        version = duration > UInt64(UInt32.max) ? 1 : 0
        self.flags = flags
        creationTime = 0
        modificationTime = 0
        self.trackID = trackID
        reserved1 = 0
        self.duration = duration
        reserved2 = 0
        self.layer = layer
        self.alternateGroup = alternateGroup
        self.volume = volume
        reserved3 = 0
        self.matrix = matrix
        self.width = width
        self.height = height
        trailing = []
    }

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        let header = try reader.readVersionAndFlags()
        version = header.version
        flags = Flags(rawValue: header.flags)
        let wide = version == 1
        creationTime = try reader.readUInt(wide: wide)
        modificationTime = try reader.readUInt(wide: wide)
        trackID = try reader.readUInt32()
        reserved1 = try reader.readUInt32()
        duration = try reader.readUInt(wide: wide)
        reserved2 = try reader.readUInt64()
        layer = try reader.readInt16()
        alternateGroup = try reader.readInt16()
        volume = try reader.readInt16()
        reserved3 = try reader.readUInt16()
        matrix = try TransformationMatrix(parsing: &reader)
        width = try reader.readUInt32()
        height = try reader.readUInt32()
        trailing = Array(reader.readRemaining())
    }

    /// Written as version 1 when a time or the duration no longer fits version 0's 32 bits, so
    /// a value is never cut short.
    public func encode(into writer: inout ByteWriter) {
        let wide = version == 1 || max(creationTime, modificationTime, duration) > UInt64(UInt32.max)
        writer.writeVersionAndFlags(version: wide ? max(version, 1) : version, flags: flags.rawValue)
        writer.write(creationTime, wide: wide)
        writer.write(modificationTime, wide: wide)
        writer.write(trackID)
        writer.write(reserved1)
        writer.write(duration, wide: wide)
        writer.write(reserved2)
        writer.write(layer)
        writer.write(alternateGroup)
        writer.write(volume)
        writer.write(reserved3)
        matrix.encode(into: &writer)
        writer.write(width)
        writer.write(height)
        writer.write(bytes: trailing)
    }

    /// Whether the enabled flag is set.
    public var isEnabled: Bool { flags.contains(.enabled) }

    public var fields: [BoxField] {
        [BoxField("version", .int(version)), BoxField("flags", .hex(UInt64(flags.rawValue), digits: 6)),
         BoxField("enabled", .flag(flags.contains(.enabled))), BoxField("inMovie", .flag(flags.contains(.inMovie))),
         BoxField("inPreview", .flag(flags.contains(.inPreview))),
         BoxField("creationTime", .int(creationTime)), BoxField("modificationTime", .int(modificationTime)),
         BoxField("trackID", .int(trackID)), BoxField("duration", .int(duration)),
         BoxField("layer", .int(layer)), BoxField("alternateGroup", .int(alternateGroup)),
         BoxField("volume", .number(FixedPoint.value(ofFixed8_8: volume))), BoxField("matrix", matrix.fieldValue),
         BoxField("width", .number(FixedPoint.value(ofUnsigned16_16: width))),
         BoxField("height", .number(FixedPoint.value(ofUnsigned16_16: height)))]
    }
}
