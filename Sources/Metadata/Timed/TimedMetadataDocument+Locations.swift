extension TimedMetadataDocument {
    /// The key of a timed location: ISO 6709 text, as iPhone writes its static location.
    public static let locationIdentifier = MetadataIdentifier(.quickTimeMetadata, "com.apple.quicktime.location.ISO6709")

    /// A document of locations from GPX points: one group per point, holding the point as
    /// `mdta/com.apple.quicktime.location.ISO6709` (`+48.8584+002.2945+035.000/`, UTF-8), lasting
    /// until the next point.
    ///
    /// Times: with `start` (seconds since 1970 UTC, e.g. the moment recording began), a point's
    /// group starts at its time minus `start`, and points before `start` are left out; without
    /// it, the first point (in time order) is at 0. Every point must have a time; points with
    /// the same time as an earlier one are left out.
    public init(locations points: [GPXPoint], start: Double? = nil) throws(MetadataInputError) {
        if let untimed = points.first(where: { $0.time == nil }) {
            throw MetadataInputError("a point has no <time>: a timed track needs the time of every point", line: untimed.line)
        }
        let timed = points.compactMap { point in point.time.map { (time: $0, point: point) } }
            .enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        guard let first = timed.first else { throw MetadataInputError("the GPX file has no points") }
        let origin = start ?? first.time
        var groups: [Group] = []
        var lastTime: Double?
        for (time, point) in timed where time >= origin && time != lastTime {
            let location = ISO6709Point(latitude: point.latitude, longitude: point.longitude, altitude: point.elevation)
            groups.append(Group(start: time - origin, items: [Self.locationIdentifier.description: .text(location.description)]))
            lastTime = time
        }
        guard !groups.isEmpty else { throw MetadataInputError("every point of the GPX file is before the start time") }
        self.init(keys: [Key(identifier: Self.locationIdentifier, dataType: MetadataDataType.utf8.description)], groups: groups)
    }
}
