import ElementaryStreams
import ISOBMFF
import Movie

/// A track to add whose samples are copied byte for byte from another file: a track of another
/// movie — its sample description with every child, its timing, sync and sample-group tables,
/// its edit list and its language, name and characteristics, unless ``properties`` overrides
/// them — or a raw audio stream (`ElementaryStream`: ADTS AAC, AC-3, E-AC-3, WAV PCM), made a
/// sound track of its sample entry, in chunks of about a second.
///
/// A sound track joins the movie's audio alternate group (one is made when the sound tracks
/// have none) and is disabled unless `TrackChanges.makesDefault`. References to tracks of
/// the other file are not copied (those tracks are not), and the report names them.
public struct ImportedTrackRequest: Sendable {
    /// Where the samples come from.
    public var source: ImportedTrackSource
    /// Properties to set on the copy; what is left out is the source track's.
    public var properties: TrackChanges
    /// The existing sound track this one is the fallback for: that track gets a `fall`
    /// reference to the new one and is disabled, the new one is enabled and joins its group
    /// (Apple TN2429, "Use a Chain of Fallback Track References": the track in the less widely
    /// supported encoding names the one in the more widely supported encoding, which is the
    /// enabled end of the chain).
    public var fallbackFor: UInt32?
    /// Where the track starts against where its source puts it: later (an empty edit before
    /// it) or, negative, earlier (what would play before the movie's start is left out, through
    /// the edit list; no sample is cut).
    public var offset: MediaTime = .zero

    /// A request to copy track `trackID` of `source` with `properties`.
    public init(source: Movie, trackID: UInt32, properties: TrackChanges = TrackChanges(), fallbackFor: UInt32? = nil) {
        self.init(.track(source, trackID: trackID), properties: properties, fallbackFor: fallbackFor)
    }

    /// A request to add `source` with `properties`.
    public init(_ source: ImportedTrackSource, properties: TrackChanges = TrackChanges(), fallbackFor: UInt32? = nil) {
        self.source = source
        self.properties = properties
        self.fallbackFor = fallbackFor
    }
}

/// What an imported track is made of.
public enum ImportedTrackSource: Sendable {
    /// Track `trackID` of a movie opened from another file, regular or fragmented.
    case track(Movie, trackID: UInt32)
    /// A raw audio stream, read by `ElementaryStreamReader`.
    case stream(ElementaryStream)
}
