import ISOBMFF
import Movie
import TimedText

/// What `legible package` writes for a movie: every video and audio track as CMAF (a header and
/// segments cut at the video's sync samples, ``CMAFSegmentation``), HLS media playlists for them,
/// the legible tracks as the WebVTT renditions `legible hls` writes (``HLSPackage``, sharing its
/// code), and a multivariant playlist `master.m3u8` (RFC 8216 §4.3.4) offering them: one
/// EXT-X-STREAM-INF per video track with its measured BANDWIDTH and AVERAGE-BANDWIDTH, CODECS,
/// RESOLUTION and FRAME-RATE, an EXT-X-MEDIA per audio track (LANGUAGE, NAME, DEFAULT and
/// AUTOSELECT from the movie's group, CHANNELS, CHARACTERISTICS from `tagc`), and the subtitle
/// renditions.
public struct StreamingPackage: Sendable {
    /// A rendition written, with the movie track it came from.
    public struct Rendition: Sendable {
        /// `video`, `audio` or `subtitles`.
        public var type: String
        public var trackID: UInt32
        public var playlist: String
        public var name: String?
        public var language: String?
        public var codecs: String?
        public var bandwidth: Int64?
    }

    public static let multivariantName = "master.m3u8"
    public static let audioGroupID = "audio"

    public var renditions: [Rendition]
    /// Facts the movie lacks and what was done about them, as `check` words them.
    public var warnings: [String]

    /// Packages `movie` into `folder`, which must be empty or not exist (its parent must).
    public init(movie: Movie, movieName: String, folder: String, options: HLSOptions) throws(DeliveryError) {
        try DeliveryFolder.write([], into: folder, existing: .refuseNonEmptyFolder)
        let chapters = movie.chapterTrackIDs
        let videos = movie.tracks.filter { $0.mediaType == .video && $0.header.width > 0 && !chapters.contains($0.id) }
        let audios = movie.tracks.filter { $0.mediaType == .audio }
        guard let main = movie.mainVideoTrack ?? audios.first else {
            throw .invalidParameter("the movie has no video or audio track to package")
        }
        var warnings: [String] = []
        let mainSamples: [SampleTable.Sample]
        do throws(BoxError) {
            mainSamples = try movie.samples(of: main, maxSamples: CMAFTrackWriter.maximumSamples)
        } catch {
            throw .output(error)
        }
        let timeline = CMAFTimeline(tracks: videos + audios, movie: movie)
        warnings += timeline.warnings
        let segmentation = try CMAFSegmentation(video: mainSamples, timescale: main.mediaHeader.timescale,
                                                offset: timeline.offset(of: main), target: options.segmentDuration)
        var files: [DeliveryFile] = []
        var renditions: [Rendition] = []
        func playlist(for written: CMAFTrackFiles) -> String {
            MediaPlaylist(entries: written.segments.map { segment in
                MediaPlaylist.Entry(uri: segment.name, duration: SubtitleTime(units: Int64(clamping: segment.duration),
                                                                              timescale: written.timescale) ?? .zero)
            }, initializationSection: written.initializationName).text
        }
        // Audio renditions: one group, the default the enabled option of the movie's audible group.
        let audible = MediaSelection(movie: movie).groups.filter { $0.characteristic == .audible }
        let defaultAudio = audible.compactMap(\.defaultOption).first?.trackID ?? audios.first?.id
        var audioTags: [String] = []
        var audioPeak: Int64 = 0, audioAverage: Int64 = 0
        var audioCodecs: [String] = []
        for track in audios {
            let language = DeliveryLanguage.tag(for: track.displayLanguage)
            let written = try CMAFTrackWriter.write(track: track, movie: movie, segmentation: segmentation,
                                                    offset: timeline.offset(of: track), folder: folder, stem: "audio.\(track.id).\(language)")
            let name = "audio.\(track.id).\(language).m3u8"
            files.append(DeliveryFile(name: name, text: playlist(for: written)))
            let characteristics = SelectionOption.characteristics(of: track)
            let label = SelectionOption.displayName(language: track.displayLanguage, mediaType: .audio,
                                                    characteristics: characteristics, naming: options.naming)
            if language == "und" { warnings.append("track \(track.id): the audio track has no language (mdhd und, no elng); LANGUAGE is left out") }
            var attributes = ["TYPE=AUDIO", "GROUP-ID=\"\(Self.audioGroupID)\"", "NAME=" + SubtitleMediaTag.quoted(label + " (track \(track.id))")]
            if language != "und" { attributes.append("LANGUAGE=" + SubtitleMediaTag.quoted(language)) }
            attributes += ["DEFAULT=" + SubtitleMediaTag.yesNo(track.id == defaultAudio), "AUTOSELECT=YES"]
            if let channels = Self.channelCount(of: track) { attributes.append("CHANNELS=\"\(channels)\"") }
            let tagged = track.userData.characteristics.filter(SubtitleMediaTag.isWritableCharacteristic)
            if !tagged.isEmpty { attributes.append("CHARACTERISTICS=" + SubtitleMediaTag.quoted(tagged.joined(separator: ","))) }
            attributes.append("URI=" + SubtitleMediaTag.quoted(name))
            audioTags.append("#EXT-X-MEDIA:" + attributes.joined(separator: ","))
            let rates = written.bitRates
            audioPeak = max(audioPeak, rates.peak)
            audioAverage = max(audioAverage, rates.average)
            let codecs = CodecsString.value(for: track)
            if let codecs, !audioCodecs.contains(codecs) { audioCodecs.append(codecs) }
            if codecs == nil { warnings.append("track \(track.id): the codec profile of '\(track.codec?.description ?? "?")' cannot be told from its sample entry; CODECS leaves it out") }
            renditions.append(Rendition(type: "audio", trackID: track.id, playlist: name, name: label, language: language,
                                        codecs: codecs, bandwidth: rates.peak))
        }
        // Subtitles: the renditions `legible hls` writes, movie time 0 mapped to the packaged
        // timeline's start.
        var subtitleTags: [String] = []
        var hlsOptions = options
        hlsOptions.mpegtsOffset = timeline.mpegtsStart
        do {
            let subtitles = try HLSPackage(movie: movie, movieName: movieName, options: hlsOptions)
            files += subtitles.files.filter { $0.name != HLSPackage.mediaTagsFileName }
            subtitleTags = subtitles.renditions.map(\.mediaTag.line)
            warnings += subtitles.warnings
            renditions += subtitles.renditions.map { rendition in
                Rendition(type: "subtitles", trackID: rendition.track.trackID, playlist: rendition.playlistName,
                          name: rendition.track.name, language: rendition.track.language, codecs: "wvtt")
            }
        } catch .noLegibleTracks {
            warnings.append("the movie has no subtitle or caption track: no SUBTITLES group")
        }
        // Video variants.
        var variants: [String] = []
        for track in videos {
            let written = try CMAFTrackWriter.write(track: track, movie: movie, segmentation: segmentation,
                                                    offset: timeline.offset(of: track), folder: folder, stem: "video.\(track.id)")
            let name = "video.\(track.id).m3u8"
            files.append(DeliveryFile(name: name, text: playlist(for: written)))
            let rates = written.bitRates
            let codecs = CodecsString.value(for: track)
            if codecs == nil { warnings.append("track \(track.id): the codec profile of '\(track.codec?.description ?? "?")' cannot be told from its sample entry; CODECS leaves it out") }
            var attributes = ["BANDWIDTH=\(rates.peak + audioPeak)", "AVERAGE-BANDWIDTH=\(rates.average + audioAverage)"]
            let allCodecs = ([codecs].compactMap { $0 } + audioCodecs).joined(separator: ",")
            if !allCodecs.isEmpty { attributes.append("CODECS=" + SubtitleMediaTag.quoted(allCodecs)) }
            attributes.append("RESOLUTION=\(track.header.width >> 16)x\(track.header.height >> 16)")
            if let duration = track.nominalSampleDuration, duration > 0 {
                let rate = Double(track.mediaHeader.timescale) / Double(duration)
                attributes.append("FRAME-RATE=" + String(Double((rate * 1000).rounded()) / 1000))
            }
            if !audioTags.isEmpty { attributes.append("AUDIO=\"\(Self.audioGroupID)\"") }
            if !subtitleTags.isEmpty { attributes.append("SUBTITLES=" + SubtitleMediaTag.quoted(options.groupID)) }
            variants += ["#EXT-X-STREAM-INF:" + attributes.joined(separator: ","), name]
            renditions.append(Rendition(type: "video", trackID: track.id, playlist: name, codecs: codecs, bandwidth: rates.peak + audioPeak))
        }
        if videos.isEmpty { warnings.append("the movie has no video track: no variant stream is offered") }
        let master = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"] + audioTags + subtitleTags + variants
        files.append(DeliveryFile(name: Self.multivariantName, text: master.joined(separator: "\n") + "\n"))
        try DeliveryFolder.write(files, into: folder, existing: .overwrite)
        self.renditions = renditions
        self.warnings = warnings
    }

    /// The sound sample entry's channel count (ISO/IEC 14496-12 §12.2.3: after the 8 SampleEntry
    /// bytes and 8 reserved, a 16-bit count), as HLS CHANNELS says it.
    static func channelCount(of track: Track) -> Int? {
        guard let entry = try? track.box.descendant(["mdia", "minf", "stbl", "stsd"])?.children.first?.loaded() else { return nil }
        let fields: ArraySlice<UInt8>
        switch entry.content {
        case .data(let bytes): fields = bytes
        case .container(let container): fields = container.prefix
        case .fileRange: return nil
        }
        guard fields.count >= 18 else { return nil }
        let count = Int(fields[fields.startIndex + 16]) << 8 | Int(fields[fields.startIndex + 17])
        return count > 0 ? count : nil
    }
}
