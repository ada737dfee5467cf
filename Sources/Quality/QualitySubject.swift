import ISOBMFF
import Movie
import TextTracks
import TimedText

/// The cues `qc` checks and what it knows around them: where the movie ends, how long a video
/// frame lasts, and which cues the movie never shows.
public struct QualitySubject: Sendable {
    /// A cue with its number in the input and its measurement.
    public struct NumberedCue: Sendable, Equatable {
        /// 1-based, in input order.
        public var number: Int
        /// The cue.
        public var cue: Cue
        /// Its measurements.
        public var measurement: CueMeasurement

        /// Cue number `number` (from 1), measured.
        public init(number: Int, cue: Cue) {
            self.number = number
            self.cue = cue
            measurement = CueMeasurement(cue)
        }
    }

    /// Every cue the viewer can be shown, in time order (start, then number).
    public var cues: [NumberedCue]
    /// Cues of a track that its edit list does not show at all (ISO/IEC 14496-12 §8.6.6), with
    /// their media times.
    public var cuesOutsideEdits: [NumberedCue]
    /// Where the program ends, for the past-movie-end rule; nil for a subtitle file on its own.
    public var movieEnd: SubtitleTime?
    /// One frame of the movie's video, for gaps counted in frames; nil when unknown.
    public var frameDuration: SubtitleTime?
    /// The movie and track the cues come from, for rules that compare a track with the movie's
    /// other tracks; nil for a subtitle file.
    public var movie: Movie?
    /// The text track the cues come from; nil for a subtitle file.
    public var trackID: UInt32?

    /// Cues of a subtitle file, numbered in file order.
    public init(cues: [Cue], movieEnd: SubtitleTime? = nil, frameDuration: SubtitleTime? = nil) {
        self.init(numbered: cues.enumerated().map { NumberedCue(number: $0.offset + 1, cue: $0.element) },
                  outsideEdits: [], movieEnd: movieEnd, frameDuration: frameDuration, movie: nil, trackID: nil)
    }

    init(numbered: [NumberedCue], outsideEdits: [NumberedCue], movieEnd: SubtitleTime?, frameDuration: SubtitleTime?,
         movie: Movie?, trackID: UInt32?) {
        cues = numbered.sorted { ($0.cue.start, $0.number) < ($1.cue.start, $1.number) }
        cuesOutsideEdits = outsideEdits
        self.movieEnd = movieEnd
        self.frameDuration = frameDuration
        self.movie = movie
        self.trackID = trackID
    }

    /// A text track's cues (tx3g, wvtt or QuickTime text) on the movie timeline, numbered as
    /// `legible extract` writes them; where the program ends and its main video's frame duration
    /// come along.
    public init(track: Track, in movie: Movie) throws(TextTrackReadError) {
        let content = try TextTrackReader.content(of: track, in: movie)
        let timeline = EditListTimeline(track: track, in: movie)
        var shown: [NumberedCue] = []
        var hidden: [NumberedCue] = []
        for (index, cue) in content.cues.enumerated() {
            guard let span = timeline.movieSpan(start: cue.start, end: cue.end) else {
                hidden.append(NumberedCue(number: index + 1, cue: cue))
                continue
            }
            var moved = cue
            moved.start = span.start
            moved.end = span.end
            shown.append(NumberedCue(number: index + 1, cue: moved))
        }
        self.init(numbered: shown, outsideEdits: hidden, movieEnd: Self.programEnd(of: movie),
                  frameDuration: movie.mainVideoTrack?.frameDuration, movie: movie, trackID: track.id)
    }

    /// Where the picture and sound end: the longest video or audio track on the movie timeline
    /// (`tkhd` duration, the sum of its edits, in the movie timescale; ISO/IEC 14496-12 §8.3.2),
    /// chapter images left out; else the movie's duration. A subtitle track that outlasts them
    /// lengthens `mvhd` (writers set it to the longest track), so `mvhd` alone would hide cues
    /// shown over nothing.
    static func programEnd(of movie: Movie) -> SubtitleTime? {
        let chapters = movie.chapterTrackIDs
        let timescale = movie.header?.timescale ?? 0
        let ends = movie.tracks.filter { ($0.mediaType == .video || $0.mediaType == .audio) && !chapters.contains($0.id) }
            .compactMap { SubtitleTime(units: Int64(clamping: $0.header.duration), timescale: timescale) }
            .filter { $0 > .zero }
        return ends.max() ?? movie.exactDuration
    }
}
