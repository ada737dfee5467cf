import FileOutput
import ISOBMFF
import Movie
import TimedText

/// What `legible package` writes for a movie: every video and audio track as CMAF (a header and
/// segments cut at the video's sync samples, ``CMAFSegmentation``), offered as HLS, DASH or both
/// (``StreamingFormats``) from the same segments.
///
/// HLS: a media playlist per track, the legible tracks as the WebVTT renditions `legible hls`
/// writes (``HLSPackage``, sharing its code), and the multivariant playlist `master.m3u8`.
/// DASH: each legible track as one WebVTT file on the movie timeline (the files `legible html`
/// writes, ``HTMLPackage``) and the static MPD `manifest.mpd` (``DASHManifest``) with Role and
/// Accessibility descriptors (``DASHSignalling``). Both take their signals from one reading of
/// the movie: `SelectionOption` (languages, labels, characteristics, the enabled option of
/// each group) for video and audio, ``DeliveryTrack`` for text.
public struct StreamingPackage: Sendable {
    /// A rendition written, with the movie track it came from.
    public struct Rendition: Sendable {
        /// `video`, `audio` or `subtitles`.
        public var type: String
        /// The movie track it came from.
        public var trackID: UInt32
        /// The HLS media playlist; nil without HLS.
        public var playlist: String?
        /// The DASH `Representation@id`; nil without DASH.
        public var representation: String?
        /// Its label in a menu (NAME, `Label`); nil for video.
        public var name: String?
        /// BCP 47; nil for video.
        public var language: String?
        /// RFC 6381 codecs, when known.
        public var codecs: String?
        /// Measured peak bit rate (HLS: a variant's, with the highest audio's).
        public var bandwidth: Int64?
        /// The DASH Role and Accessibility descriptors; nil without DASH.
        public var signalling: DASHSignalling?
    }

    /// The HLS multivariant playlist's name.
    public static let multivariantName = "master.m3u8"
    /// The DASH MPD's name.
    public static let manifestName = "manifest.mpd"

    /// Audio, then subtitles, then video, each in track order.
    public var renditions: [Rendition]
    /// Facts the movie lacks and what was done about them, as `check` words them.
    public var warnings: [String]
    /// Defaults left out as accessibility options; their notes are among ``warnings``.
    public var withheldDefaults: [WithheldDefault]
    /// The HLS chapter data (`chapters.json`, `com.apple.hls.chapters`) when the movie has
    /// chapters and HLS was written.
    public var chaptersFile: String?

    /// Packages `movie` into `folder`, which must be empty or not exist (its parent must), as
    /// `formats`, with DASH text as `text`; with `replacingFiles`, a folder that holds files is
    /// written into, files of the same name replaced and others left alone. `progress` hears how
    /// much of the video and audio has been copied into segments.
    public init(movie: Movie, movieName: String, folder: String, options: HLSOptions,
                formats: StreamingFormats = [.hls, .dash], text: StreamingText = .webVTT,
                replacingFiles: Bool = false, progress: (@Sendable (WriteProgress) -> Void)? = nil) throws(DeliveryError) {
        guard !formats.isEmpty else { throw .invalidParameter("no format to write: ask for HLS, DASH or both") }
        try DeliveryFolder.write([], into: folder, existing: replacingFiles ? .overwrite : .refuseNonEmptyFolder)
        let plan = try StreamingPlan(movie: movie, options: options)
        // Every header and segment, committed in a pipeline and all in place (the folder
        // synced) before a playlist or manifest names them.
        let segmentFiles = ReplacementFileBatch()
        var written = try StreamingOutput(plan: plan, movie: movie, options: options, folder: folder, batch: segmentFiles, progress: progress)
        if formats.contains(.hls) { try written.addHLS(movie: movie, movieName: movieName, options: options) }
        if formats.contains(.dash) {
            try written.addDASH(movie: movie, movieName: movieName, options: options, text: text, alongsideHLS: formats.contains(.hls),
                                folder: folder, batch: segmentFiles)
        }
        if written.hasNoText { written.warnings.append("the movie has no subtitle or caption track: no subtitle renditions") }
        do throws(BoxError) {
            try segmentFiles.commitAll()
        } catch {
            throw .output(error)
        }
        try DeliveryFolder.write(written.files, into: folder, existing: .overwrite)
        renditions = written.audioRenditions + written.subtitles + written.videoRenditions
        warnings = written.warnings
        withheldDefaults = written.withheldDefaults
        chaptersFile = written.chaptersFile
    }
}
