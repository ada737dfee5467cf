import Conversion
import Movie
import TimedText

/// A closed-caption track to add (QTFF "Closed captioning media"): CEA-608 byte pairs of one
/// field on a frame grid, from an SCC file (carried exactly) or from cues encoded by
/// `CEA608Encoder`.
public struct CaptionTrackRequest: Sendable {
    /// The pairs, in frame order on ``frameRate``'s grid; each burst becomes one sample, or
    /// consecutive ones when too long for the largest sample readers accept.
    public var bursts: [CEA608Burst]
    /// Field 1 (`cdat`: CC1, CC2) or field 2 (`cdt2`: CC3, CC4).
    public var field: CEA608Field
    /// The grid: the track's media timescale and the duration of one frame.
    public var frameRate: CEA608FrameRate
    /// Language, name, group, default and characteristics of the new track.
    public var properties: TrackChanges
    /// What encoding the cues could not carry, or not on time (`CEA608Encoder`): the engine
    /// reports the losses among its others (so `--strict` refuses them) and lateness as a warning.
    public var encodingWarnings: [CEA608EncodingWarning] = []
    /// What was lost before the pairs were made (captions retimed to before the start), reported
    /// with the track's other losses.
    public var losses: [ConversionLoss] = []

    /// A request for bursts of one field on a grid.
    public init(bursts: [CEA608Burst], field: CEA608Field = .one, frameRate: CEA608FrameRate = .ntsc,
                properties: TrackChanges = TrackChanges()) {
        self.bursts = bursts
        self.field = field
        self.frameRate = frameRate
        self.properties = properties
    }

    /// An SCC file's lines, each a sample at its timecode on the 29.97 grid, in field 1.
    public init(scc: SCCDocument, properties: TrackChanges = TrackChanges()) {
        self.init(bursts: scc.bursts, field: .one, frameRate: .ntsc, properties: properties)
    }

    /// Encoded cues, in their channel's field.
    public init(encoding: CEA608Encoding, properties: TrackChanges = TrackChanges()) {
        self.init(bursts: encoding.bursts, field: encoding.channel.field, frameRate: encoding.frameRate, properties: properties)
        encodingWarnings = encoding.warnings
    }

    /// The grid captions for `movie` are encoded on: its main video's frame rate (one pair per
    /// video frame, QTFF "Closed captioning sample data"), else 29.97 frames a second.
    public static func frameRate(for movie: Movie) -> CEA608FrameRate {
        guard let video = movie.mainVideoTrack, let duration = video.nominalSampleDuration,
              let rate = CEA608FrameRate(timescale: video.mediaHeader.timescale, frameDuration: duration) else { return .ntsc }
        return rate
    }
}
