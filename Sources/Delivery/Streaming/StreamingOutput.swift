import FileOutput
import ISOBMFF
import Movie

/// What `package` has written so far, gathered as it goes: the CMAF video and audio tracks
/// (written first, as the plan says), then what HLS and DASH add (``addHLS(movie:movieName:options:)``,
/// ``addDASH(movie:movieName:options:text:alongsideHLS:folder:batch:)``): the playlist and manifest
/// files, the renditions and the warnings, in the order they arise.
struct StreamingOutput {
    let plan: StreamingPlan
    var audios: [PackagedTrack] = []
    var videos: [PackagedTrack] = []
    /// Playlists, manifests and side files, written once every segment is in place.
    var files: [DeliveryFile] = []
    var audioRenditions: [StreamingPackage.Rendition] = []
    var videoRenditions: [StreamingPackage.Rendition] = []
    var subtitles: [StreamingPackage.Rendition] = []
    var warnings: [String]
    var withheldDefaults: [WithheldDefault]
    var hasNoText = false
    var chaptersFile: String?

    /// Writes the plan's audio, then video tracks as CMAF into `folder` through `batch`;
    /// `progress` hears of the media copied.
    init(plan: StreamingPlan, movie: Movie, options: HLSOptions, folder: String, batch: ReplacementFileBatch,
         progress: (@Sendable (WriteProgress) -> Void)?) throws(DeliveryError) {
        self.plan = plan
        warnings = plan.warnings
        withheldDefaults = plan.withheldDefaults
        let copied = try progress.map { report throws(DeliveryError) in
            do throws(BoxError) {
                return try PackageProgress(tracks: plan.audioTracks + plan.videoTracks, movie: movie, maxSamples: CMAFTrackWriter.maximumSamples,
                                           report: report)
            } catch {
                throw .output(error)
            }
        }
        for track in plan.audioTracks {
            let language = DeliveryLanguage.tag(for: track.displayLanguage)
            let packaged = try PackagedTrack(track: track, movie: movie, stem: "audio.\(track.id).\(language)", isDefault: track.id == plan.defaultAudio,
                                             segmentation: plan.segmentation, timeline: plan.timeline, folder: folder, batch: batch,
                                             naming: options.naming, progress: copied)
            if language == "und" { warnings.append("track \(track.id): the audio track has no language (mdhd und, no elng); LANGUAGE and @lang are left out") }
            warnings += [packaged.codecsWarning].compactMap { $0 }
            audios.append(packaged)
        }
        for track in plan.videoTracks {
            let packaged = try PackagedTrack(track: track, movie: movie, stem: "video.\(track.id)", isDefault: track.id == plan.defaultVideo,
                                             segmentation: plan.segmentation, timeline: plan.timeline, folder: folder, batch: batch,
                                             naming: options.naming, progress: copied)
            warnings += [packaged.codecsWarning].compactMap { $0 }
            videos.append(packaged)
        }
        copied?.finish()
        if videos.isEmpty { warnings.append("the movie has no video track: no variant stream or video AdaptationSet is offered") }
        audioRenditions = audios.map { audio in
            StreamingPackage.Rendition(type: "audio", trackID: audio.track.id, name: audio.label, language: audio.language, codecs: audio.codecs,
                                       bandwidth: audio.bitRates.peak)
        }
        videoRenditions = videos.map { video in
            StreamingPackage.Rendition(type: "video", trackID: video.track.id, codecs: video.codecs,
                                       bandwidth: MultivariantPlaylist.variantBandwidth(video, audios: audios))
        }
    }

    /// The subtitle rendition of `track`, made on first use.
    mutating func subtitle(_ track: DeliveryTrack) -> Int {
        if let index = subtitles.firstIndex(where: { $0.trackID == track.trackID }) { return index }
        subtitles.append(StreamingPackage.Rendition(type: "subtitles", trackID: track.trackID, name: track.name, language: track.language, codecs: "wvtt"))
        return subtitles.count - 1
    }
}
