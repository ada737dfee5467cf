import ISOBMFF
import Language
import Movie
import TimedText

/// How `legible hls` cuts and labels the subtitle renditions.
public struct HLSOptions: Sendable, Equatable {
    /// The length of each segment but the last.
    public var segmentDuration: SubtitleTime
    /// The GROUP-ID of every rendition: what EXT-X-STREAM-INF's SUBTITLES attribute names.
    public var groupID: String
    /// The MPEG-2 timestamp (90 kHz) of movie time 0 in the video segments, written in every
    /// segment's `X-TIMESTAMP-MAP=LOCAL:00:00:00.000,MPEGTS:n` (RFC 8216 §3.5).
    public var mpegtsOffset: Int64
    /// Whether NAME gives the language in English ("Spanish") or in itself ("Español").
    public var naming: LanguageNaming
    /// The track whose rendition is DEFAULT=YES, whatever it is; nil: the movie's default
    /// subtitle track unless it is SDH or captions (see ``DeliveryTrack/all(in:naming:defaultTrack:)``).
    public var defaultTrack: UInt32?

    /// The default offset: ffmpeg's MPEG-TS muxer, which the `hls` muxer uses for its segments,
    /// starts timestamps at twice its `-muxdelay` (0.7 s by default), 1.4 s = 126000 ticks; with
    /// ffmpeg 5.1, `ffmpeg -i movie.mov -c copy -f hls v.m3u8` gives a first video PTS of exactly
    /// 1.400000 (ffprobe `stream=start_time`). Without a map, RFC 8216 §3.5 has clients take cue
    /// time 0 as MPEG-2 time 0, so cues would show 1.4 s early against such video.
    public static let ffmpegMPEGTSOffset: Int64 = 126_000
    /// MPEG-2 timestamps are 33-bit (ISO/IEC 13818-1 §2.4.3.7).
    public static let mpegtsLimit: Int64 = 1 << 33

    /// Creates options; each default is what `legible hls` uses.
    public init(segmentDuration: SubtitleTime = .seconds(6), groupID: String = "subs",
                mpegtsOffset: Int64 = ffmpegMPEGTSOffset, naming: LanguageNaming = .english, defaultTrack: UInt32? = nil) {
        self.segmentDuration = segmentDuration
        self.groupID = groupID
        self.mpegtsOffset = mpegtsOffset
        self.naming = naming
        self.defaultTrack = defaultTrack
    }
}
