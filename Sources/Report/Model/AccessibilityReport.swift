import Delivery
import ISOBMFF
import Lint
import Metadata
import Movie
import Quality
import TextTracks
import TimedText

/// Everything `legible report` shows of a movie's accessibility, gathered once: the tracks, the
/// menus Apple's players build for a few viewers, `check`'s findings, each text track's cues
/// with `qc`'s findings, chapters, timed metadata, and the WebVTT tracks a web page offers.
/// ``html(fixCommand:suggestion:)`` writes it as one self-contained page.
public struct AccessibilityReport: Sendable {
    /// What to show and how.
    public struct Options: Sendable {
        /// The viewers whose menus are shown; nil: ``ViewerProfile/defaults(for:)``.
        public var viewers: [ViewerProfile]?
        /// The guideline the timelines' findings and reading-speed colours come from.
        public var profile: QualityProfile
        /// The URL of the video the page plays, relative to the page (the movie itself, or a
        /// proxy a browser can decode); nil: no player.
        public var videoSource: String?
        /// How much text the page draws one by one before it summarises.
        public var bounds: PageBounds

        /// Creates options; each default is what `legible report` uses.
        public init(viewers: [ViewerProfile]? = nil, profile: QualityProfile = .standard, videoSource: String? = nil,
                    bounds: PageBounds = PageBounds()) {
            self.viewers = viewers
            self.profile = profile
            self.videoSource = videoSource
            self.bounds = bounds
        }
    }

    /// What automatic selection picks for one viewer.
    public struct ViewerMenu: Sendable {
        /// The viewer.
        public var viewer: ViewerProfile
        /// What a player picks for them.
        public var selection: AutomaticSelection
    }

    /// The movie reported on.
    public let movie: Movie
    /// The movie's file name, as the page titles it.
    public let fileName: String
    /// What was asked for.
    public let options: Options
    /// The menus of each viewer.
    public let menus: [ViewerMenu]
    /// `legible check`'s findings.
    public let findings: [Finding]
    /// Each text track's cues with its quality findings.
    public let timelines: [TextTrackTimeline]
    /// The text tracks drawn cue by cue; the others are summarised per minute (``PageBounds``).
    public let drawnTrackIDs: Set<UInt32>
    /// The movie's chapters.
    public let chapters: MovieChapters
    /// The timed metadata tracks.
    public let metadataTracks: [TimedMetadataSummary]
    /// The `<track>` elements and their WebVTT, as `legible html` writes them; nil when the
    /// movie offers none (``problems`` says why).
    public let webTracks: HTMLPackage?
    /// What could not be shown, and why: a text track that does not decode, a timed metadata
    /// track that does not read, web tracks that cannot be made.
    public let problems: [String]

    /// Gathers the report on `movie`, named `fileName` on the page.
    public init(movie: Movie, fileName: String, options: Options = Options()) {
        self.movie = movie
        self.fileName = fileName
        self.options = options
        menus = (options.viewers ?? ViewerProfile.defaults(for: movie)).map {
            ViewerMenu(viewer: $0, selection: AutomaticSelection(movie: movie, preferences: $0.preferences))
        }
        findings = MovieCheck(movie: movie).findings
        chapters = ChapterReader.chapters(in: movie)
        var problems: [String] = []
        let chapterTracks = movie.chapterTrackIDs
        var timelines: [TextTrackTimeline] = []
        for track in movie.tracks where track.mediaType.isLegible && !chapterTracks.contains(track.id) {
            do throws(TextTrackReadError) {
                timelines.append(try TextTrackTimeline(track: track, in: movie, profile: options.profile))
            } catch {
                problems.append("track \(track.id) has no timeline: \(error)")
            }
        }
        self.timelines = timelines
        drawnTrackIDs = Set(zip(timelines, options.bounds.drawsCueByCue(timelines.map(\.cues.count))).filter(\.1).map(\.0.trackID))
        var metadata: [TimedMetadataSummary] = []
        for track in movie.tracks where TimedMetadataTrack.isTimedMetadata(track) {
            do throws(BoxError) {
                metadata.append(TimedMetadataSummary(try TimedMetadataTrack.read(track, in: movie)))
            } catch {
                problems.append("timed metadata track \(track.id) cannot be read: \(error)")
            }
        }
        metadataTracks = metadata
        do throws(DeliveryError) {
            let package = try HTMLPackage(movie: movie, movieName: "movie")
            webTracks = package
            problems += package.warnings.map { "web tracks: \($0)" }
        } catch {
            webTracks = nil
            if case .noLegibleTracks = error {} else { problems.append("no web tracks: \(error)") }
        }
        self.problems = problems + chapters.problems.map { "chapters: \($0)" }
    }
}
