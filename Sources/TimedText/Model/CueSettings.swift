/// WebVTT cue settings: where and how a cue is laid out.
///
/// Every setting is optional; `nil` means "not given" (the WebVTT default applies), which lets
/// writers reproduce exactly what was read.
public struct CueSettings: Sendable, Equatable, Codable {
    /// `vertical:rl|lr`.
    public var vertical: VerticalDirection?
    /// `line:` — the line number or percentage, with optional alignment.
    public var line: CueLine?
    /// `position:` — a percentage with optional alignment.
    public var position: CuePosition?
    /// `size:` — the cue box size as a percentage.
    public var size: Double?
    /// `align:`.
    public var align: TextAlignment?
    /// `region:` — the id of a ``WebVTTRegion``.
    public var region: String?

    /// Creates settings; the default has nothing set.
    public init(
        vertical: VerticalDirection? = nil,
        line: CueLine? = nil,
        position: CuePosition? = nil,
        size: Double? = nil,
        align: TextAlignment? = nil,
        region: String? = nil
    ) {
        self.vertical = vertical
        self.line = line
        self.position = position
        self.size = size
        self.align = align
        self.region = region
    }

    /// Whether no setting is given.
    public var isEmpty: Bool { self == CueSettings() }

    /// Whether the settings say no more than top or bottom: nothing but `line:0` (the top line)
    /// or `line:-1` (the bottom line, where cues go anyway), which every format can carry.
    public var isPlacementOnly: Bool {
        var rest = self
        rest.line = nil
        guard rest.isEmpty else { return false }
        guard let line else { return true }
        return line.alignment == nil && (line.value == .number(0) || line.value == .number(-1))
    }

    /// The placement these settings put a horizontal cue in: ``CuePlacement/top`` for a
    /// non-negative line number or a line percentage below 50, else ``CuePlacement/bottom``.
    public var impliedPlacement: CuePlacement {
        guard vertical == nil, let line else { return .bottom }
        switch line.value {
        case .number(let number): return number >= 0 ? .top : .bottom
        case .percentage(let percentage): return percentage < 50 ? .top : .bottom
        }
    }

    /// The direction of vertical text.
    public enum VerticalDirection: String, Sendable, Equatable, Codable {
        /// `rl`: lines grow right to left.
        case rightToLeft = "rl"
        /// `lr`: lines grow left to right.
        case leftToRight = "lr"
    }

    /// A `line:` setting.
    public struct CueLine: Sendable, Equatable, Codable {
        /// The line offset.
        public var value: Value
        /// How the cue box aligns to the line (`start`, `center`, `end`), if given.
        public var alignment: Alignment?

        /// Creates a line setting.
        public init(_ value: Value, alignment: Alignment? = nil) {
            self.value = value
            self.alignment = alignment
        }

        /// A line offset: a line number (negative counts from the bottom) or a percentage of
        /// the video height (or width, for vertical text).
        public enum Value: Sendable, Equatable, Codable {
            /// A line number (WebVTT allows decimals); `0` is the first line from the top,
            /// negative numbers count from the bottom.
            case number(Double)
            /// A percentage, 0–100.
            case percentage(Double)
        }

        /// `line:` alignment.
        public enum Alignment: String, Sendable, Equatable, Codable {
            /// The cue box's start edge is at the line.
            case start
            /// The cue box is centred on the line.
            case center
            /// The cue box's end edge is at the line.
            case end
        }
    }

    /// A `position:` setting.
    public struct CuePosition: Sendable, Equatable, Codable {
        /// The position as a percentage, 0–100.
        public var percentage: Double
        /// How the cue box aligns to the position, if given.
        public var alignment: Alignment?

        /// Creates a position setting.
        public init(_ percentage: Double, alignment: Alignment? = nil) {
            self.percentage = percentage
            self.alignment = alignment
        }

        /// `position:` alignment.
        public enum Alignment: String, Sendable, Equatable, Codable {
            /// The box's line-left edge is at the position.
            case lineLeft = "line-left"
            /// The box is centred on the position.
            case center
            /// The box's line-right edge is at the position.
            case lineRight = "line-right"
        }
    }

    /// `align:` — text alignment within the cue box.
    public enum TextAlignment: String, Sendable, Equatable, Codable {
        /// At the start of the line, as the text's direction has it.
        case start
        /// Centred.
        case center
        /// At the end of the line, as the text's direction has it.
        case end
        /// At the left.
        case left
        /// At the right.
        case right
    }
}
