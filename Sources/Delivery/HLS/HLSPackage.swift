import ISOBMFF
import Movie
import TimedText

/// A subtitle rendition ready for HLS: its segments, media playlist and EXT-X-MEDIA tag.
public struct HLSRendition: Sendable {
    /// The track this rendition carries.
    public var track: DeliveryTrack
    /// The media playlist's file name (also the tag's URI).
    public var playlistName: String
    /// Its media playlist, listing the segments.
    public var playlist: MediaPlaylist
    /// Its WebVTT segments, each with an `X-TIMESTAMP-MAP` to the movie's timeline.
    public var segments: [WebVTTSegment]
    /// Its `EXT-X-MEDIA` line in the multivariant playlist.
    public var mediaTag: SubtitleMediaTag
}

/// Everything `legible hls` writes for a movie: per legible track, WebVTT segments covering
/// the whole movie and a VOD media playlist; and the EXT-X-MEDIA tags that offer them, as a
/// file to paste into the multivariant playlist.
///
/// Segment cues keep their movie-timeline times; each segment's `X-TIMESTAMP-MAP` maps cue time
/// 0 to ``HLSOptions/mpegtsOffset`` (RFC 8216 §3.5), so they line up with the video's segments.
public struct HLSPackage: Sendable {
    /// The file of EXT-X-MEDIA tags: comment lines (RFC 8216 §4.1: lines starting `#` but not
    /// `#EXT` are comments) saying how to use them, then one tag per rendition. A fragment, not a
    /// playlist, because a multivariant playlist needs the video's EXT-X-STREAM-INF lines, which
    /// only the video's packager knows (BANDWIDTH is required, RFC 8216 §4.3.4.2).
    public static let mediaTagsFileName = "subtitles.m3u8-media"

    /// One rendition per legible track, in track order.
    public var renditions: [HLSRendition]
    /// Every file to write: each rendition's segments and media playlist, and the file of
    /// EXT-X-MEDIA tags.
    public var files: [DeliveryFile]
    /// Tracks left out, characteristics that could not be written, cue text changed so that it
    /// cannot become WebVTT structure.
    public var warnings: [String]
    /// The movie's default subtitle track left out as an accessibility option; its note is among
    /// ``warnings``.
    public var withheldDefaults: [WithheldDefault]

    /// Prepares the renditions of `movie`, named after `movieName` in the tags file's comment.
    public init(movie: Movie, movieName: String, options: HLSOptions = HLSOptions()) throws(DeliveryError) {
        guard SubtitleMediaTag.isValidGroupID(options.groupID) else {
            throw .invalidParameter("the group ID must be non-empty text without double quotes or line breaks")
        }
        guard (0..<HLSOptions.mpegtsLimit).contains(options.mpegtsOffset) else {
            throw .invalidParameter("the MPEG-TS offset must be from 0 to \(HLSOptions.mpegtsLimit - 1) (a 33-bit 90 kHz timestamp)")
        }
        guard let duration = movie.exactDuration else { throw .noDuration }
        let (tracks, skipped, withheld) = try DeliveryTrack.all(in: movie, naming: options.naming, defaultTrack: options.defaultTrack)
        var warnings = skipped
        var renditions: [HLSRendition] = []
        var files: [DeliveryFile] = []
        for track in tracks {
            let stem = "\(track.trackID).\(track.language)"
            let segments = try WebVTTSegmenter.segments(of: track.cues, movieDuration: duration,
                                                        segmentDuration: options.segmentDuration)
            var header = track.header ?? WebVTTHeader()
            header.timestampMap = WebVTTTimestampMap(local: .zero, mpegTimestamp: options.mpegtsOffset)
            var entries: [MediaPlaylist.Entry] = []
            for segment in segments {
                let name = "\(stem).\(segment.index).vtt"
                // A blank line at the end (WebVTT allows trailing line terminators) keeps the next
                // segment's header a block of its own for readers that join segments into one
                // stream: ffmpeg 5.1's HLS demuxer does, and otherwise reads the next `WEBVTT` and
                // X-TIMESTAMP-MAP lines as text of this segment's last cue.
                files.append(DeliveryFile(name: name, text: WebVTTWriter.write(cues: segment.cues, header: header) + "\n"))
                entries.append(MediaPlaylist.Entry(uri: name, duration: segment.duration))
            }
            let playlist = MediaPlaylist(entries: entries)
            let playlistName = "\(stem).m3u8"
            files.append(DeliveryFile(name: playlistName, text: playlist.text))
            let tag = SubtitleMediaTag(track: track, groupID: options.groupID, uri: playlistName)
            for dropped in track.taggedCharacteristics where !SubtitleMediaTag.isWritableCharacteristic(dropped) {
                warnings.append("track \(track.trackID): characteristic \(DeliveryText.printable(dropped)) has a comma, quote or control character, which CHARACTERISTICS cannot carry; left out")
            }
            warnings += SubtitleTarget.webVTT.structureChanges(of: track.cues).map { "track \(track.trackID): \($0.summary)" }
            let late = track.cues.filter { $0.start >= duration }.count
            if late > 0 {
                warnings.append("track \(track.trackID): \(late) cue\(late == 1 ? " starts" : "s start") at or after the movie's end (\(duration)), so no segment holds \(late == 1 ? "it" : "them")")
            }
            renditions.append(HLSRendition(track: track, playlistName: playlistName, playlist: playlist,
                                           segments: segments, mediaTag: tag))
        }
        var tagsFile = [
            "# EXT-X-MEDIA tags for the subtitles of \(DeliveryText.singleLine(movieName)), written by legible hls.",
            "# Paste them into your multivariant playlist and add SUBTITLES=\"\(options.groupID)\" to each",
            "# EXT-X-STREAM-INF (RFC 8216 4.3.4.2). URIs are relative to this folder.",
        ]
        tagsFile += renditions.map(\.mediaTag.line)
        files.append(DeliveryFile(name: Self.mediaTagsFileName, text: tagsFile.joined(separator: "\n") + "\n"))
        self.renditions = renditions
        self.files = files
        self.warnings = warnings
        withheldDefaults = withheld
    }
}
