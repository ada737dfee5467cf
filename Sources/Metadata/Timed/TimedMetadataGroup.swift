import ISOBMFF

/// The metadata of one interval of a timed metadata track: the items of one sample, and when
/// the sample plays, in media time (edit lists are not applied). A group without items is an
/// explicit "no metadata" interval.
public struct TimedMetadataGroup: Hashable, Sendable {
    /// Start in units of ``timescale``.
    public var mediaStart: UInt64
    /// Duration in units of ``timescale``.
    public var mediaDuration: UInt64
    /// Units per second.
    public var timescale: UInt32
    /// Identifier, value and data type from the key table; scope the metadata track.
    public var items: [MetadataItem]

    /// Creates a group timed in units of `timescale`.
    public init(mediaStart: UInt64, mediaDuration: UInt64, timescale: UInt32, items: [MetadataItem]) {
        self.mediaStart = mediaStart
        self.mediaDuration = mediaDuration
        self.timescale = timescale
        self.items = items
    }

    /// A group timed in seconds, rounded to `timescale` (default milliseconds).
    public init(start: Double, duration: Double, timescale: UInt32 = 1000, items: [MetadataItem]) {
        self.init(mediaStart: Self.units(start, timescale), mediaDuration: Self.units(duration, timescale),
                  timescale: timescale, items: items)
    }

    /// Start in seconds.
    public var start: Double { timescale == 0 ? 0 : Double(mediaStart) / Double(timescale) }
    /// Duration in seconds.
    public var duration: Double { timescale == 0 ? 0 : Double(mediaDuration) / Double(timescale) }
    /// Whether this is an explicit gap.
    public var isGap: Bool { items.isEmpty }

    /// The group in another timescale, each end rounded to the nearest unit (so consecutive
    /// groups stay back to back).
    public func rescaled(to newScale: UInt32) -> TimedMetadataGroup {
        guard newScale != timescale, timescale > 0 else { return self }
        let start = Self.rescale(mediaStart, from: timescale, to: newScale)
        let end = Self.rescale(mediaStart.saturatingAdd(mediaDuration), from: timescale, to: newScale)
        return TimedMetadataGroup(mediaStart: start, mediaDuration: end - start, timescale: newScale, items: items)
    }

    /// Seconds in units of `timescale`, rounded; negative or not-a-number times are 0.
    static func units(_ seconds: Double, _ timescale: UInt32) -> UInt64 {
        let value = (seconds * Double(timescale)).rounded()
        return value > 0 ? UInt64(min(value, Double(UInt64.max >> 1))) : 0
    }

    private static func rescale(_ value: UInt64, from old: UInt32, to new: UInt32) -> UInt64 {
        roundedMultiplyDivide(value, by: UInt64(new), over: UInt64(old)) ?? UInt64.max
    }
}
