import Conversion
import TimedText
import Metadata
import Movie

/// Everything one write changes in a movie: tracks to add, properties of existing tracks to
/// change, and the brand of the output. Every writing command is a plan for the same engine
/// (``MovieEditor``), which copies all that the plan does not mention unchanged.
public struct EditPlan: Sendable {
    /// Subtitle tracks to append, in order; each gets the next free track ID.
    public var subtitleTracks: [SubtitleTrackRequest]
    /// Closed-caption tracks to append after the subtitle tracks.
    public var captionTracks: [CaptionTrackRequest]
    /// Timed metadata tracks to append after the subtitle and caption tracks.
    public var metadataTracks: [MetadataTrackRequest]
    /// Changes to existing tracks, applied before the new tracks are added.
    public var trackChanges: [TrackChangeRequest]
    /// The file type of the output; nil keeps the source's `ftyp`.
    public var brand: OutputBrand?
    /// Static metadata to set or remove, in order, before any track is changed or added.
    public var metadataChanges: [MetadataChange]
    /// What a privacy strip removes; nil removes nothing.
    public var removal: MetadataRemoval?
    /// A chapter list that replaces the movie's chapters; nil leaves them as they are.
    public var chapters: ChapterTrackRequest?
    /// Tracks of other movies to add, after the subtitle, caption and metadata tracks; their
    /// samples are copied from their files.
    public var importedTracks: [ImportedTrackRequest] = []
    /// Subtitle tracks whose cues are replaced (rebuilt under new IDs, after the added tracks).
    public var cueReplacements: [CueReplacementRequest] = []
    /// What added tracks do with cues, groups or chapters past the movie's end; every
    /// change is reported in ``EditReport/diagnostics``.
    public var pastEnd: PastEndPolicy
    /// Refuses to write anything when a conversion would lose what it read (`ConversionLoss`):
    /// cue features the new track's format cannot carry, cues or chapters past the movie's end
    /// that `clip` would leave out, metadata the output brand has no place for. Off, such losses
    /// are written anyway and listed in ``EditReport/losses``.
    public var refusesLosses = false

    /// Creates a plan; whatever is left out is not changed.
    public init(subtitleTracks: [SubtitleTrackRequest] = [], metadataTracks: [MetadataTrackRequest] = [],
                trackChanges: [TrackChangeRequest] = [], brand: OutputBrand? = nil,
                metadataChanges: [MetadataChange] = [], removal: MetadataRemoval? = nil,
                chapters: ChapterTrackRequest? = nil, captionTracks: [CaptionTrackRequest] = [], pastEnd: PastEndPolicy = .clip,
                importedTracks: [ImportedTrackRequest] = []) {
        self.subtitleTracks = subtitleTracks
        self.metadataTracks = metadataTracks
        self.trackChanges = trackChanges
        self.brand = brand
        self.metadataChanges = metadataChanges
        self.removal = removal
        self.chapters = chapters
        self.captionTracks = captionTracks
        self.pastEnd = pastEnd
        self.importedTracks = importedTracks
    }

    /// Whether the plan changes nothing.
    public var isEmpty: Bool {
        subtitleTracks.isEmpty && captionTracks.isEmpty && metadataTracks.isEmpty && trackChanges.allSatisfy(\.changes.isEmpty) && brand == nil
            && metadataChanges.isEmpty && (removal?.isEmpty ?? true) && chapters == nil && cueReplacements.isEmpty
            && importedTracks.isEmpty
    }
}

