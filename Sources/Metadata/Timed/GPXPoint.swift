/// A point of a GPX file (`trkpt`, `rtept` or `wpt`, GPX 1.1 `wptType`).
public struct GPXPoint: Hashable, Sendable {
    /// Degrees, WGS 84.
    public var latitude: Double
    /// Degrees, WGS 84; east positive.
    public var longitude: Double
    /// Metres (`ele`).
    public var elevation: Double?
    /// Seconds since 1970 UTC (`time`).
    public var time: Double?
    /// The 1-based line of the point's start tag.
    public var line: Int

    /// Creates a point from degrees and, when known, its elevation, time and source line.
    public init(latitude: Double, longitude: Double, elevation: Double? = nil, time: Double? = nil, line: Int = 0) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.time = time
        self.line = line
    }
}
