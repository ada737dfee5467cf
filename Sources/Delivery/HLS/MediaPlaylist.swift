import ISOBMFF
import TimedText

/// A VOD media playlist (RFC 8216 §4.3.3) listing a rendition's segments.
public struct MediaPlaylist: Sendable, Equatable {
    /// One `#EXTINF` entry.
    public struct Entry: Sendable, Equatable {
        /// The segment's URI, relative to the playlist.
        public var uri: String
        /// How long the segment lasts (its `EXTINF`).
        public var duration: SubtitleTime

        /// Creates an entry.
        public init(uri: String, duration: SubtitleTime) {
            self.uri = uri
            self.duration = duration
        }
    }

    /// The segments, in play order.
    public var entries: [Entry]
    /// The media initialization section of fragmented MP4 segments (`EXT-X-MAP`, RFC 8216
    /// §4.3.2.5), relative to the playlist; nil for WebVTT segments.
    public var initializationSection: String?

    /// Creates a playlist of `entries`; `initializationSection` is the URI of the segments'
    /// initialization section (`EXT-X-MAP`), for fMP4 segments.
    public init(entries: [Entry], initializationSection: String? = nil) {
        self.entries = entries
        self.initializationSection = initializationSection
    }

    /// Decimal-floating-point EXTINF durations need protocol version 3 (RFC 8216 §7); EXT-X-MAP
    /// in a playlist that is not I-frames only needs 6 (§4.3.2.5), and fragmented MP4 segments 7
    /// (§3.3).
    public var version: Int { initializationSection == nil ? 3 : 7 }

    /// `EXT-X-TARGETDURATION`: "The EXTINF duration of each Media Segment in the Playlist file,
    /// when rounded to the nearest integer, MUST be less than or equal to the target duration"
    /// (RFC 8216 §4.3.3.1). The durations are rounded as written (to the millisecond), and a
    /// half rounds up (6.5 s → 7), which satisfies the rule however a reader breaks the tie.
    /// At least 1: a target of 0 would tell a live client to reload without pause.
    public var targetDuration: Int64 {
        let longest = entries.map { (Self.milliseconds($0.duration) + 500) / 1000 }.max() ?? 0
        return max(1, longest)
    }

    /// The playlist text: EXTM3U, the version, the target duration, VOD type, media sequence 0,
    /// one EXTINF (decimal seconds, RFC 8216 §4.3.2.1) and URI per segment, and EXT-X-ENDLIST
    /// (§4.3.3.4), since the playlist will never change.
    public var text: String {
        var lines = ["#EXTM3U", "#EXT-X-VERSION:\(version)", "#EXT-X-TARGETDURATION:\(targetDuration)",
                     "#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-MEDIA-SEQUENCE:0"]
        if let initializationSection {
            lines += ["#EXT-X-INDEPENDENT-SEGMENTS", "#EXT-X-MAP:URI=" + SubtitleMediaTag.quoted(initializationSection)]
        }
        for entry in entries {
            lines.append("#EXTINF:\(Self.decimalSeconds(entry.duration)),")
            lines.append(entry.uri)
        }
        lines.append("#EXT-X-ENDLIST")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whole milliseconds, never negative.
    static func milliseconds(_ time: SubtitleTime) -> Int64 { max(0, time.roundedMilliseconds) }

    /// `6.000`, `0.480`: seconds with three decimals.
    static func decimalSeconds(_ time: SubtitleTime) -> String {
        let total = milliseconds(time)
        let fraction = String(total % 1000)
        return "\(total / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
