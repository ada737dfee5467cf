import ISOBMFF

/// The sample defaults a `trex` box gives a track's fragments (ISO/IEC 14496-12 §8.8.3
/// TrackExtendsBox): what a `tfhd` or `trun` does not say itself.
public struct TrackFragmentDefaults: Sendable, Equatable {
    /// The track the defaults are for.
    public var trackID: UInt32
    /// 1-based index into the track's `stsd`.
    public var descriptionIndex: UInt32
    /// Default sample duration, in the track's media timescale.
    public var duration: UInt32
    /// Default sample size in bytes.
    public var size: UInt32
    /// Sample flags (§8.8.3.1): dependency bits, padding, non-sync bit, degradation priority.
    public var flags: UInt32

    /// Creates the defaults of track `trackID`.
    public init(trackID: UInt32, descriptionIndex: UInt32 = 1, duration: UInt32 = 0, size: UInt32 = 0, flags: UInt32 = 0) {
        self.trackID = trackID
        self.descriptionIndex = descriptionIndex
        self.duration = duration
        self.size = size
        self.flags = flags
    }

    /// Decodes a `trex` box (loaded from the file when the parser left it there).
    public init(_ trex: Box, limits: Limits = .standard) throws(BoxError) {
        var reader = try trex.loaded(limits: limits).payloadReader()
        _ = try reader.readVersionAndFlags()
        trackID = try reader.readUInt32()
        descriptionIndex = try reader.readUInt32()
        duration = try reader.readUInt32()
        size = try reader.readUInt32()
        flags = try reader.readUInt32()
    }

    /// Every `trex` of `mvex`, by track ID (the first of a track when it repeats).
    public static func all(in movieExtends: Box?, limits: Limits = .standard) throws(BoxError) -> [UInt32: TrackFragmentDefaults] {
        var result: [UInt32: TrackFragmentDefaults] = [:]
        for trex in movieExtends?.children("trex") ?? [] {
            let defaults = try TrackFragmentDefaults(trex, limits: limits)
            if result[defaults.trackID] == nil { result[defaults.trackID] = defaults }
        }
        return result
    }

    /// Whether sample `flags` mark a sample that is not a sync sample (`sample_is_non_sync_sample`,
    /// bit 16).
    public static func isNonSync(_ flags: UInt32) -> Bool { flags & 0x0001_0000 != 0 }
}
