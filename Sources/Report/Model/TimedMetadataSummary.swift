import ISOBMFF
import Metadata
import Movie

/// A timed metadata track (`mebx`) as the report shows it: its keys, the tracks it describes,
/// and the locations it carries as a route.
public struct TimedMetadataSummary: Sendable {
    /// One timed location.
    public struct Point: Sendable, Equatable {
        /// Media time of the sample, in seconds.
        public var time: Double
        /// The location.
        public var location: ISO6709Point
    }

    /// The metadata track.
    public var trackID: UInt32
    /// Its keys.
    public var keys: [TimedMetadataKey]
    /// The tracks it describes (`cdsc`).
    public var describedTrackIDs: [UInt32]
    /// How many samples it has.
    public var sampleCount: Int
    /// The samples' `com.apple.quicktime.location.ISO6709` values, in time order.
    public var route: [Point]

    /// Summarises `track`, reading its samples.
    public init(_ track: TimedMetadataTrack) {
        trackID = track.trackID
        keys = track.keys
        describedTrackIDs = track.describedTrackIDs
        sampleCount = track.groups.count
        route = track.groups.compactMap { group -> Point? in
            let text = group.items.lazy.compactMap { item -> String? in
                guard item.identifier == TimedMetadataDocument.locationIdentifier, case .text(let value) = item.value else { return nil }
                return value
            }.first
            return text.flatMap(ISO6709Point.init(parsing:)).map { Point(time: group.start, location: $0) }
        }
    }
}
