import ISOBMFF
import Movie

extension DASHManifest {
    /// Where a legible track's text is for DASH.
    enum TextMedia {
        /// A side-loaded WebVTT file: its URL relative to the MPD, and its size in bytes.
        case file(url: String, size: Int)
        /// A CMAF text track (``CMAFTextTrack``), the stem of its files and its `@codecs`
        /// (`wvtt`, `stpp.ttml.im1t`).
        case segments(CMAFTrackFiles, stem: String, codecs: String)
    }

    /// The manifest of what `legible package` wrote: an AdaptationSet per content type,
    /// language and signals (``add(_:contentType:mimeType:language:label:signalling:)``) for the
    /// CMAF `videos` and `audios`, and the legible `texts`.
    ///
    /// Every Representation's `presentationTimeOffset` is 0: the packaged tracks show movie time 0
    /// at presentation time 0 (``CMAFTimeline``), so the Period starts where the movie does and
    /// the WebVTT cues, on the movie timeline, line up with the media.
    init(duration: MediaTime, videos: [PackagedTrack], audios: [PackagedTrack],
         texts: [(track: DeliveryTrack, media: TextMedia)]) {
        self.init(duration: duration, adaptationSets: [])
        func segments(_ files: CMAFTrackFiles, stem: String) -> Segments {
            .template(initialization: files.initializationName, media: stem + ".$Number$.m4s", timescale: files.timescale,
                      presentationTimeOffset: 0,
                      timeline: SegmentTimeline(segments: files.segments.map { ($0.start, $0.duration) }))
        }
        func segments(_ packaged: PackagedTrack) -> Segments { segments(packaged.files, stem: packaged.stem) }
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
            let id = Self.representationID(text: text.track)
            let representation: Representation, mimeType: String
            switch text.media {
            case let .file(url, size):
                let bandwidth = seconds > 0 ? Int64((Double(size) * 8 / seconds).rounded(.up)) : Int64(size) * 8
                representation = Representation(id: id, bandwidth: max(1, bandwidth), segments: .file(url))
                mimeType = "text/vtt"
            case let .segments(files, stem, codecs):
                representation = Representation(id: id, bandwidth: max(1, files.bitRates.peak), codecs: codecs,
                                                segments: segments(files, stem: stem))
                mimeType = "application/mp4"
            }
            add(representation, contentType: .text, mimeType: mimeType, language: language(text.track.language),
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
