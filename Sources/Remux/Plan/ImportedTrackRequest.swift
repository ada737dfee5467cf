import Movie

/// A track of another movie to add, its samples copied byte for byte from that file: its sample
/// description with every child, its timing, sync and sample-group tables, its edit list and
/// its language, name and characteristics, unless ``properties`` overrides them.
///
/// A sound track joins the movie's audio alternate group (one is made when the sound tracks
/// have none) and is disabled unless ``TrackChanges/makesDefault``. References to tracks of
/// the other file are not copied (those tracks are not), and the report names them.
public struct ImportedTrackRequest: Sendable {
    /// The movie the track is in, opened; a regular (not fragmented) movie.
    public var source: Movie
    /// The ID of the track in ``source``.
    public var trackID: UInt32
    /// Properties to set on the copy; what is left out is the source track's.
    public var properties: TrackChanges
    /// The existing sound track this one is the fallback for: that track gets a `fall`
    /// reference to the new one and is disabled, the new one is enabled and joins its group
    /// (Apple TN2429, "Use a Chain of Fallback Track References": the track in the less widely
    /// supported encoding names the one in the more widely supported encoding, which is the
    /// enabled end of the chain).
    public var fallbackFor: UInt32?

    /// A request to copy track `trackID` of `source` with `properties`.
    public init(source: Movie, trackID: UInt32, properties: TrackChanges = TrackChanges(), fallbackFor: UInt32? = nil) {
        self.source = source
        self.trackID = trackID
        self.properties = properties
        self.fallbackFor = fallbackFor
    }
}
