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

    /// Creates a playlist of `entries`.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Decimal-floating-point EXTINF durations need protocol version 3 (RFC 8216 §7); nothing
    /// here needs more.
    public static let version = 3

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
        var lines = ["#EXTM3U", "#EXT-X-VERSION:\(Self.version)", "#EXT-X-TARGETDURATION:\(targetDuration)",
                     "#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-MEDIA-SEQUENCE:0"]
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
