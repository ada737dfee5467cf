import Movie
import TimedText

/// The multivariant playlist `legible package` writes, `master.m3u8` (RFC 8216 §4.3.4): an
/// `EXT-X-MEDIA TYPE=AUDIO` per audio track (NAME as `legible info` labels it, LANGUAGE,
/// DEFAULT for the default option of the movie's audio group, AUTOSELECT, CHANNELS,
/// CHARACTERISTICS from `tagc`), the subtitle renditions' tags, and an `EXT-X-STREAM-INF` per
/// video track with its measured BANDWIDTH and AVERAGE-BANDWIDTH (plus the highest audio
/// rendition's), CODECS, RESOLUTION, FRAME-RATE and its AUDIO and SUBTITLES groups.
struct MultivariantPlaylist {
    /// The GROUP-ID of the audio renditions.
    static let audioGroupID = "audio"

    /// The playlist's text.
    var text: String

    /// The playlist offering `videos` and `audios` (their media playlists named by
    /// ``mediaPlaylistName(_:)``) and the subtitle renditions' `subtitleTags` in `subtitleGroupID`,
    /// with `sessionDataTags` (`EXT-X-SESSION-DATA`, RFC 8216 §4.3.4.4) before them.
    init(videos: [PackagedTrack], audios: [PackagedTrack], subtitleTags: [String], subtitleGroupID: String, sessionDataTags: [String] = []) {
        var audioTags: [String] = []
        var audioAverage: Int64 = 0
        var audioCodecs: [String] = []
        for audio in audios {
            var attributes = ["TYPE=AUDIO", "GROUP-ID=\"\(Self.audioGroupID)\"",
                              "NAME=" + SubtitleMediaTag.quoted(audio.label + " (track \(audio.track.id))")]
            if audio.language != "und" { attributes.append("LANGUAGE=" + SubtitleMediaTag.quoted(audio.language)) }
            attributes += ["DEFAULT=" + SubtitleMediaTag.yesNo(audio.isDefault), "AUTOSELECT=YES"]
            if let channels = audio.channels { attributes.append("CHANNELS=\"\(channels)\"") }
            let tagged = audio.track.userData.characteristics.filter(SubtitleMediaTag.isWritableCharacteristic)
            if !tagged.isEmpty { attributes.append("CHARACTERISTICS=" + SubtitleMediaTag.quoted(tagged.joined(separator: ","))) }
            attributes.append("URI=" + SubtitleMediaTag.quoted(Self.mediaPlaylistName(audio)))
            audioTags.append("#EXT-X-MEDIA:" + attributes.joined(separator: ","))
            audioAverage = max(audioAverage, audio.bitRates.average)
            if let codecs = audio.codecs, !audioCodecs.contains(codecs) { audioCodecs.append(codecs) }
        }
        var variants: [String] = []
        for video in videos {
            var attributes = ["BANDWIDTH=\(Self.variantBandwidth(video, audios: audios))", "AVERAGE-BANDWIDTH=\(video.bitRates.average + audioAverage)"]
            let allCodecs = ([video.codecs].compactMap { $0 } + audioCodecs).joined(separator: ",")
            if !allCodecs.isEmpty { attributes.append("CODECS=" + SubtitleMediaTag.quoted(allCodecs)) }
            attributes.append("RESOLUTION=\(video.track.header.width >> 16)x\(video.track.header.height >> 16)")
            if let rate = video.frameRate?.value { attributes.append("FRAME-RATE=" + String(Double((rate * 1000).rounded()) / 1000)) }
            if !audioTags.isEmpty { attributes.append("AUDIO=\"\(Self.audioGroupID)\"") }
            if !subtitleTags.isEmpty { attributes.append("SUBTITLES=" + SubtitleMediaTag.quoted(subtitleGroupID)) }
            variants += ["#EXT-X-STREAM-INF:" + attributes.joined(separator: ","), Self.mediaPlaylistName(video)]
        }
        let lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"] + sessionDataTags + audioTags + subtitleTags + variants
        text = lines.joined(separator: "\n") + "\n"
    }

    /// The peak bandwidth a variant of `video` announces: its own and the highest audio's.
    static func variantBandwidth(_ video: PackagedTrack, audios: [PackagedTrack]) -> Int64 {
        video.bitRates.peak + (audios.map(\.bitRates.peak).max() ?? 0)
    }

    /// `video.1.m3u8`: the media playlist of a packaged track.
    static func mediaPlaylistName(_ packaged: PackagedTrack) -> String { packaged.stem + ".m3u8" }

    /// The media playlist of a packaged track: its segments with `EXT-X-MAP` naming its header.
    static func mediaPlaylist(_ packaged: PackagedTrack) -> DeliveryFile {
        let files = packaged.files
        let playlist = MediaPlaylist(entries: files.segments.map { segment in
            MediaPlaylist.Entry(uri: segment.name, duration: SubtitleTime(units: Int64(clamping: segment.duration),
                                                                          timescale: files.timescale) ?? .zero)
        }, initializationSection: files.initializationName)
        return DeliveryFile(name: mediaPlaylistName(packaged), text: playlist.text)
    }
}
