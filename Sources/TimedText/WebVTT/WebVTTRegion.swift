/// A WebVTT `REGION` definition: a rectangle cues can be rendered into and scrolled up in.
public struct WebVTTRegion: Sendable, Equatable, Codable {
    /// The region id cues refer to with `region:`.
    public var id: String
    /// The width as a percentage of the video width (default 100).
    public var width: Double
    /// The height in lines (default 3): a whole number, held as a `Double` so that any number
    /// of digits reads as the specification's "interpret as an integer" does (W3C WebVTT §6.4,
    /// "collect WebVTT region settings": `lines:18446744073709552000` is kept, not wrapped).
    public var lines: Double
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
        lines: Double = 3,
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
