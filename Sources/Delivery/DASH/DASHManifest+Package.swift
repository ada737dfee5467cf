import ISOBMFF
import Movie

extension DASHManifest {
    /// The manifest of what `legible package` wrote: an AdaptationSet per content type,
    /// language and signals (``add(_:contentType:mimeType:language:label:signalling:)``) for the
    /// CMAF `videos` and `audios`, and the side-loaded WebVTT files of `texts` (each file's URL
    /// relative to the MPD, and its size in bytes).
    ///
    /// Every Representation's `presentationTimeOffset` is the packaged time of movie time 0
    /// (``CMAFTimeline/movieStart``) on its timescale, so the Period starts where the movie does
    /// and the WebVTT cues, on the movie timeline, line up with the media (what an edit list
    /// hid, such as AAC priming, falls before the Period's start).
    init(duration: MediaTime, movieStart: Double, videos: [PackagedTrack], audios: [PackagedTrack],
         texts: [(track: DeliveryTrack, url: String, size: Int)]) {
        self.init(duration: duration, adaptationSets: [])
        func segments(_ packaged: PackagedTrack) -> Segments {
            let files = packaged.files
            return .template(initialization: files.initializationName, media: packaged.stem + ".$Number$.m4s", timescale: files.timescale,
                             presentationTimeOffset: UInt64((movieStart * Double(files.timescale)).rounded()),
                             timeline: SegmentTimeline(segments: files.segments.map { ($0.start, $0.duration) }))
        }
        func language(_ tag: String) -> String? { tag == "und" ? nil : tag }
        for video in videos {
            let representation = Representation(id: Self.representationID(video), bandwidth: video.bitRates.peak, codecs: video.codecs,
                                                width: Int(video.track.header.width >> 16), height: Int(video.track.header.height >> 16),
                                                frameRate: video.frameRate?.ratio, segments: segments(video))
            add(representation, contentType: .video, mimeType: "video/mp4", language: nil, label: nil,
                signalling: Self.signalling(video))
        }
        for audio in audios {
            let representation = Representation(id: Self.representationID(audio), bandwidth: audio.bitRates.peak, codecs: audio.codecs,
                                                audioSamplingRate: audio.sampleRate, channels: audio.channels, segments: segments(audio))
            add(representation, contentType: .audio, mimeType: "audio/mp4", language: language(audio.language), label: audio.label,
                signalling: Self.signalling(audio))
        }
        let seconds = Double(duration.units(inTimescale: 1_000_000)) / 1_000_000
        for text in texts {
            let bandwidth = seconds > 0 ? Int64((Double(text.size) * 8 / seconds).rounded(.up)) : Int64(text.size) * 8
            let representation = Representation(id: Self.representationID(text: text.track), bandwidth: max(1, bandwidth),
                                                segments: .file(text.url))
            add(representation, contentType: .text, mimeType: "text/vtt", language: language(text.track.language),
                label: text.track.name, signalling: DASHSignalling(text: text.track))
        }
    }

    /// The signals of a packaged video or audio track.
    static func signalling(_ packaged: PackagedTrack) -> DASHSignalling {
        DASHSignalling(contentType: packaged.track.mediaType == .video ? .video : .audio, isMain: packaged.isDefault,
                       characteristics: packaged.characteristics)
    }

    /// `video.1`, `audio.2.en`: the stem of the track's files.
    static func representationID(_ packaged: PackagedTrack) -> String { packaged.stem }

    /// `text.4.es`.
    static func representationID(text track: DeliveryTrack) -> String { "text.\(track.trackID).\(track.language)" }
}
