/// `X-TIMESTAMP-MAP=LOCAL:<cue time>,MPEGTS:<90 kHz timestamp>`: which cue time corresponds to
/// which MPEG-2 presentation timestamp in an HLS stream.
public struct WebVTTTimestampMap: Sendable, Equatable, Codable {
    /// The cue time.
    public var local: SubtitleTime
    /// The MPEG-2 timestamp (90 kHz units).
    public var mpegTimestamp: Int64

    /// Creates a timestamp map.
    public init(local: SubtitleTime, mpegTimestamp: Int64) {
        self.local = local
        self.mpegTimestamp = mpegTimestamp
    }
}
