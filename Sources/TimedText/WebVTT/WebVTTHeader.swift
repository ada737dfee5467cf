/// Everything a WebVTT file says before and beside its cues.
///
/// The `wvtt` sample entry's `vttC` box carries this as text (see ``WebVTTWriter/headerText(_:)``).
public struct WebVTTHeader: Sendable, Equatable, Codable {
    /// Text after `WEBVTT` on the signature line (without the separating space), if any.
    public var signatureText: String?
    /// Lines between the signature line and the first blank line, except `X-TIMESTAMP-MAP`.
    public var headerLines: [String]
    /// The HLS `X-TIMESTAMP-MAP` header line, if present. Cue times are *not* shifted by it.
    public var timestampMap: WebVTTTimestampMap?
    /// The CSS text of each `STYLE` block, in order.
    public var styleSheets: [String]
    /// The `REGION` definitions, in order.
    public var regions: [WebVTTRegion]

    /// Creates a header; the default is a bare `WEBVTT`.
    public init(
        signatureText: String? = nil,
        headerLines: [String] = [],
        timestampMap: WebVTTTimestampMap? = nil,
        styleSheets: [String] = [],
        regions: [WebVTTRegion] = []
    ) {
        self.signatureText = signatureText
        self.headerLines = headerLines
        self.timestampMap = timestampMap
        self.styleSheets = styleSheets
        self.regions = regions
    }
}

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

/// A WebVTT `REGION` definition: a rectangle cues can be rendered into and scrolled up in.
public struct WebVTTRegion: Sendable, Equatable, Codable {
    /// The region id cues refer to with `region:`.
    public var id: String
    /// The width as a percentage of the video width (default 100).
    public var width: Double
    /// The height in lines (default 3).
    public var lines: Int
    /// The anchor point inside the region, percentages (default 0%,100%).
    public var regionAnchor: Anchor
    /// Where that anchor sits in the viewport, percentages (default 0%,100%).
    public var viewportAnchor: Anchor
    /// Whether cues scroll up inside the region (`scroll:up`).
    public var scrollsUp: Bool

    /// Creates a region with WebVTT's defaults for everything not given.
    public init(
        id: String,
        width: Double = 100,
        lines: Int = 3,
        regionAnchor: Anchor = Anchor(x: 0, y: 100),
        viewportAnchor: Anchor = Anchor(x: 0, y: 100),
        scrollsUp: Bool = false
    ) {
        self.id = id
        self.width = width
        self.lines = lines
        self.regionAnchor = regionAnchor
        self.viewportAnchor = viewportAnchor
        self.scrollsUp = scrollsUp
    }

    /// A point given as two percentages.
    public struct Anchor: Sendable, Equatable, Codable {
        /// Horizontal percentage, 0–100.
        public var x: Double
        /// Vertical percentage, 0–100.
        public var y: Double

        /// Creates an anchor.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }
}
