/// `trex` — track extends. ISO/IEC 14496-12 §8.8.3 TrackExtendsBox. In `mvex`, one per track.
///
/// The sample defaults a track's fragments use where a `tfhd` or `trun` does not say otherwise.
public struct TrackExtendsBox: BoxPayload {
    public static let boxTypes: Set<FourCC> = ["trex"]
    public var boxType: FourCC { "trex" }

    /// The full box version (only 0 is defined) and flags (none are).
    public var version: UInt8 = 0, flags: UInt32 = 0
    /// The track the defaults are for.
    public var trackID: UInt32
    /// 1-based index into the track's `stsd`.
    public var descriptionIndex: UInt32
    /// Default sample duration, in the track's media timescale.
    public var duration: UInt32
    /// Default sample size in bytes.
    public var size: UInt32
    /// Default sample flags (§8.8.3.1): dependency bits, padding, non-sync bit, degradation priority.
    public var sampleFlags: UInt32
    /// Bytes after the fields this type reads, kept so that the box is written back as it was.
    public var trailing: [UInt8] = []

    public init(parsing reader: inout ByteReader, type: FourCC) throws(BoxError) {
        (version, flags) = try reader.readVersionAndFlags()
        trackID = try reader.readUInt32()
        descriptionIndex = try reader.readUInt32()
        duration = try reader.readUInt32()
        size = try reader.readUInt32()
        sampleFlags = try reader.readUInt32()
        trailing = Array(reader.readRemaining())
    }

    /// The version 0 defaults of track `trackID`.
    public init(trackID: UInt32, descriptionIndex: UInt32 = 1, duration: UInt32 = 0, size: UInt32 = 0, sampleFlags: UInt32 = 0) {
        self.trackID = trackID
        self.descriptionIndex = descriptionIndex
        self.duration = duration
        self.size = size
        self.sampleFlags = sampleFlags
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writeVersionAndFlags(version: version, flags: flags)
        for value in [trackID, descriptionIndex, duration, size, sampleFlags] { writer.write(value) }
        writer.write(bytes: trailing)
    }

    /// Every `trex` of `mvex`, by track ID (the first of a track when it repeats); a `trex` the
    /// parser left in the file is read within `limits`.
    public static func all(in movieExtends: Box?, limits: Limits = .standard) throws(BoxError) -> [UInt32: TrackExtendsBox] {
        var result: [UInt32: TrackExtendsBox] = [:]
        for trex in movieExtends?.children("trex") ?? [] {
            let defaults = try TrackExtendsBox(trex.loaded(limits: limits))
            if result[defaults.trackID] == nil { result[defaults.trackID] = defaults }
        }
        return result
    }

    /// Whether sample `flags` (§8.8.3.1) mark a sample that is not a sync sample
    /// (`sample_is_non_sync_sample`, bit 16).
    public static func isNonSync(_ flags: UInt32) -> Bool { flags & 0x0001_0000 != 0 }

    public var fields: [BoxField] {
        [BoxField("version", .int(version)), BoxField("flags", .hex(UInt64(flags), digits: 6)),
         BoxField("trackID", .int(trackID)), BoxField("defaultSampleDescriptionIndex", .int(descriptionIndex)),
         BoxField("defaultSampleDuration", .int(duration)), BoxField("defaultSampleSize", .int(size)),
         BoxField("defaultSampleFlags", .hex(UInt64(sampleFlags), digits: 8))]
    }
}
