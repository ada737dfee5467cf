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
        let chapters = movie.chapterTrackIDs
        let videoTracks = movie.tracks.filter { $0.mediaType == .video && $0.header.width > 0 && !chapters.contains($0.id) }
        let audioTracks = movie.tracks.filter { $0.mediaType == .audio }
        guard let main = movie.mainVideoTrack ?? audioTracks.first else {
            throw .invalidParameter("the movie has no video or audio track to package")
        }
        guard let duration = movie.exactDuration else { throw .noDuration }
        var warnings: [String] = []
        let timeline = CMAFTimeline(tracks: videoTracks + audioTracks, movie: movie)
        warnings += timeline.warnings
        // The main track's samples are read again when it is written: holding them meanwhile
        // would double what a two-hour movie's tables cost in memory.
        let segmentation = try { () throws(DeliveryError) -> CMAFSegmentation in
            let mainSamples: [SampleTable.Sample]
            do throws(BoxError) {
                mainSamples = try movie.samples(of: main, maxSamples: CMAFTrackWriter.maximumSamples)
            } catch {
                throw .output(error)
            }
            return try CMAFSegmentation(video: mainSamples, timescale: main.mediaHeader.timescale,
                                        placement: timeline.placement(of: main), target: options.segmentDuration)
        }()
        // The default of each group: its enabled option (SelectionGroup.defaultOption) unless
        // that is audio description (DeliveryDefault); where no group has one, the first track
        // that is not, and a warning says so. --default-track names an audio or a subtitle track.
        let groups = MediaSelection(movie: movie).groups
        let namedAudio = options.defaultTrack.flatMap { movie.track(id: $0)?.mediaType == .audio ? $0 : nil }
        if let named = options.defaultTrack, namedAudio == nil, movie.track(id: named)?.mediaType.isLegible != true {
            throw .defaultTrackNotOffered(trackID: named)
        }
        let describesVideo = { (id: UInt32) in
            movie.track(id: id).map { SelectionOption.characteristics(of: $0).contains(MediaCharacteristic.describesVideo) } ?? false
        }
        func defaultTrack(_ characteristic: SelectionGroup.Characteristic, _ tracks: [Track], kind: String, named: UInt32? = nil) -> UInt32? {
            if let option = groups.filter({ $0.characteristic == characteristic }).compactMap(\.defaultOption).first {
                let chosen = DeliveryDefault.choose(enabled: option.trackID, named: named, kind: kind, accessibility: "audio description",
                                                    isAccessibilityOption: describesVideo)
                warnings += [chosen.note].compactMap { $0 }
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
        let defaultAudio = defaultTrack(.audible, audioTracks, kind: "audio", named: namedAudio), defaultVideo = defaultTrack(.visual, videoTracks, kind: "video")
        // Every header and segment, committed in a pipeline and all in place (the folder
        // synced) before a playlist or manifest names them.
        let segmentFiles = ReplacementFileBatch()
        let copied = try progress.map { report throws(DeliveryError) in
            do throws(BoxError) {
                return try PackageProgress(tracks: audioTracks + videoTracks, movie: movie, maxSamples: CMAFTrackWriter.maximumSamples, report: report)
            } catch {
                throw .output(error)
            }
        }
        var audios: [PackagedTrack] = []
        for track in audioTracks {
            let language = DeliveryLanguage.tag(for: track.displayLanguage)
            let packaged = try PackagedTrack(track: track, movie: movie, stem: "audio.\(track.id).\(language)", isDefault: track.id == defaultAudio,
                                             segmentation: segmentation, timeline: timeline, folder: folder, batch: segmentFiles, naming: options.naming,
                                             progress: copied)
            if language == "und" { warnings.append("track \(track.id): the audio track has no language (mdhd und, no elng); LANGUAGE and @lang are left out") }
            warnings += [packaged.codecsWarning].compactMap { $0 }
            audios.append(packaged)
        }
        var videos: [PackagedTrack] = []
        for track in videoTracks {
            let packaged = try PackagedTrack(track: track, movie: movie, stem: "video.\(track.id)", isDefault: track.id == defaultVideo,
                                             segmentation: segmentation, timeline: timeline, folder: folder, batch: segmentFiles, naming: options.naming,
                                             progress: copied)
            warnings += [packaged.codecsWarning].compactMap { $0 }
            videos.append(packaged)
        }
        copied?.finish()
        if videos.isEmpty { warnings.append("the movie has no video track: no variant stream or video AdaptationSet is offered") }

        var files: [DeliveryFile] = []
        var renditions = audios.map { audio in
            Rendition(type: "audio", trackID: audio.track.id, name: audio.label, language: audio.language, codecs: audio.codecs,
                      bandwidth: audio.bitRates.peak)
        }
        var subtitles: [Rendition] = []
        func subtitle(_ track: DeliveryTrack) -> Int {
            if let index = subtitles.firstIndex(where: { $0.trackID == track.trackID }) { return index }
            subtitles.append(Rendition(type: "subtitles", trackID: track.trackID, name: track.name, language: track.language, codecs: "wvtt"))
            return subtitles.count - 1
        }
        var noText = false
        var chaptersFile: String?
        if formats.contains(.hls) {
            files += (audios + videos).map(MultivariantPlaylist.mediaPlaylist)
            for index in audios.indices { renditions[index].playlist = MultivariantPlaylist.mediaPlaylistName(audios[index]) }
            // The renditions `legible hls` writes, movie time 0 mapped to time 0 of the segments.
            var hlsOptions = options
            hlsOptions.mpegtsOffset = 0
            if namedAudio != nil { hlsOptions.defaultTrack = nil }
            var subtitleTags: [String] = []
            do {
                let package = try HLSPackage(movie: movie, movieName: movieName, options: hlsOptions)
                files += package.files.filter { $0.name != HLSPackage.mediaTagsFileName }
                subtitleTags = package.renditions.map(\.mediaTag.line)
                warnings += package.warnings
                for rendition in package.renditions { subtitles[subtitle(rendition.track)].playlist = rendition.playlistName }
            } catch .noLegibleTracks {
                noText = true
            }
            var sessionData: [String] = []
            if let chapters = HLSChapters(movie: movie) {
                files.append(DeliveryFile(name: HLSChapters.fileName, text: chapters.json))
                sessionData.append(HLSChapters.sessionDataTag)
                warnings += chapters.warnings
                chaptersFile = HLSChapters.fileName
            }
            let master = MultivariantPlaylist(videos: videos, audios: audios, subtitleTags: subtitleTags, subtitleGroupID: options.groupID,
                                              sessionDataTags: sessionData)
            files.append(DeliveryFile(name: Self.multivariantName, text: master.text))
        }
        var videoRenditions = videos.map { video in
            Rendition(type: "video", trackID: video.track.id, playlist: formats.contains(.hls) ? MultivariantPlaylist.mediaPlaylistName(video) : nil,
                      codecs: video.codecs, bandwidth: MultivariantPlaylist.variantBandwidth(video, audios: audios))
        }
        if formats.contains(.dash) {
            var texts: [(track: DeliveryTrack, media: DASHManifest.TextMedia)] = []
            do {
                let package = try HTMLPackage(movie: movie, movieName: movieName, naming: options.naming, defaultTrack: namedAudio == nil ? options.defaultTrack : nil)
                // With HLS, HLSPackage has reported the same notes.
                if !formats.contains(.hls) { warnings += package.warnings }
                for (index, track) in package.tracks.enumerated() {
                    if track.language == "und" { warnings.append("track \(track.trackID): the text track has no language (mdhd und, no elng); @lang is left out") }
                    if let format = text.cmafFormat {
                        guard let source = movie.track(id: track.trackID) else { continue }
                        let stem = DASHManifest.representationID(text: track)
                        let written = try CMAFTextTrack.write(track, format: format, source: source, movieDuration: duration,
                                                              segmentation: segmentation, folder: folder, batch: segmentFiles, stem: stem)
                        texts.append((track, .segments(written.files, stem: stem, codecs: format.codecs)))
                        warnings += written.losses.map { "track \(track.trackID): \($0.summary)" }
                    } else {
                        files.append(package.files[index])
                        texts.append((track, .file(url: package.elements[index].source, size: package.files[index].text.utf8.count)))
                    }
                    let rendition = subtitle(track)
                    subtitles[rendition].representation = DASHManifest.representationID(text: track)
                    subtitles[rendition].signalling = DASHSignalling(text: track)
                }
            } catch .noLegibleTracks {
                noText = true
            }
            let manifest = DASHManifest(duration: duration, videos: videos, audios: audios, texts: texts)
            for index in audios.indices {
                renditions[index].representation = DASHManifest.representationID(audios[index])
                renditions[index].signalling = DASHManifest.signalling(audios[index])
            }
            for index in videos.indices {
                videoRenditions[index].representation = DASHManifest.representationID(videos[index])
                videoRenditions[index].signalling = DASHManifest.signalling(videos[index])
            }
            files.append(DeliveryFile(name: Self.manifestName, text: manifest.xml))
        }
        if noText { warnings.append("the movie has no subtitle or caption track: no subtitle renditions") }
        do throws(BoxError) {
            try segmentFiles.commitAll()
        } catch {
            throw .output(error)
        }
        try DeliveryFolder.write(files, into: folder, existing: .overwrite)
        self.renditions = renditions + subtitles + videoRenditions
        self.warnings = warnings
        self.chaptersFile = chaptersFile
    }
}
