import ISOBMFF
import Movie
import TimedText

/// What `legible package` will write for a movie, decided before a byte is written: the video
/// and audio tracks packaged, where their segments start (``CMAFSegmentation``, cut at the main
/// track's sync samples), how each track is placed on the shared timeline (``CMAFTimeline``), the
/// default of each kind, and the warnings these choices bring.
struct StreamingPlan {
    var videoTracks: [Track]
    var audioTracks: [Track]
    var duration: MediaTime
    var timeline: CMAFTimeline
    var segmentation: CMAFSegmentation
    /// The audio track `--default-track` names, when it names one.
    var namedAudio: UInt32?
    var defaultAudio: UInt32?
    var defaultVideo: UInt32?
    var warnings: [String]
    /// Defaults left out as accessibility options; their notes are among ``warnings``.
    var withheldDefaults: [WithheldDefault] = []

    init(movie: Movie, options: HLSOptions) throws(DeliveryError) {
        let chapters = movie.chapterTrackIDs
        videoTracks = movie.tracks.filter { $0.mediaType == .video && $0.header.width > 0 && !chapters.contains($0.id) }
        audioTracks = movie.tracks.filter { $0.mediaType == .audio }
        guard let main = movie.mainVideoTrack ?? audioTracks.first else {
            throw .invalidParameter("the movie has no video or audio track to package")
        }
        guard let duration = movie.exactDuration else { throw .noDuration }
        self.duration = duration
        timeline = CMAFTimeline(tracks: videoTracks + audioTracks, movie: movie)
        warnings = timeline.warnings
        segmentation = try Self.cuts(of: main, in: movie, placement: timeline.placement(of: main), target: options.segmentDuration)
        namedAudio = options.defaultTrack.flatMap { movie.track(id: $0)?.mediaType == .audio ? $0 : nil }
        if let named = options.defaultTrack, namedAudio == nil, movie.track(id: named)?.mediaType.isLegible != true {
            throw .defaultTrackNotOffered(trackID: named)
        }
        let groups = MediaSelection(movie: movie).groups
        defaultAudio = defaultTrack(.audible, audioTracks, kind: "audio", named: namedAudio, groups: groups, movie: movie)
        defaultVideo = defaultTrack(.visual, videoTracks, kind: "video", named: nil, groups: groups, movie: movie)
    }

    /// Segments cut at the sync samples of `main`. Its samples are read again when it is
    /// written: holding them meanwhile would double what a two-hour movie's tables cost.
    private static func cuts(of main: Track, in movie: Movie, placement: CMAFTimeline.Placement,
                                     target: SubtitleTime) throws(DeliveryError) -> CMAFSegmentation {
        let samples: [SampleTable.Sample]
        do throws(BoxError) {
            samples = try movie.samples(of: main, maxSamples: CMAFTrackWriter.maximumSamples)
        } catch {
            throw .output(error)
        }
        return try CMAFSegmentation(video: samples, timescale: main.mediaHeader.timescale, placement: placement, target: target)
    }

    /// The default of a kind: its group's enabled option (`SelectionGroup.defaultOption`) unless
    /// that is audio description (``DeliveryDefault``); where no group has one, the track named,
    /// else the first track that is not audio description, and a warning says so.
    private mutating func defaultTrack(_ characteristic: SelectionGroup.Characteristic, _ tracks: [Track], kind: String,
                                       named: UInt32?, groups: [SelectionGroup], movie: Movie) -> UInt32? {
        let describesVideo = { (id: UInt32) in
            movie.track(id: id).map { SelectionOption.characteristics(of: $0).contains(MediaCharacteristic.describesVideo) } ?? false
        }
        if let option = groups.filter({ $0.characteristic == characteristic }).compactMap(\.defaultOption).first {
            let chosen = DeliveryDefault.choose(enabled: option.trackID, named: named, kind: kind, accessibility: "audio description",
                                                isAccessibilityOption: describesVideo)
            if let withheld = chosen.withheld {
                warnings.append(withheld.note)
                withheldDefaults.append(withheld)
            }
            return chosen.trackID
        }
        if let named { return named }
        guard let first = tracks.first(where: { !describesVideo($0.id) }) else { return nil }
        if tracks.count > 1 {
            let signals = characteristic == .audible ? "DEFAULT=YES and Role main" : "Role main"
            warnings.append("no \(kind) track is the one enabled track of its group, so the movie names no default; track \(first.id), the first, gets \(signals)")
        }
        return first.id
    }
}
