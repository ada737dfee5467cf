import ISOBMFF

/// A decoded `tx3g` sample: the styled text and what the modifier boxes say about it.
public struct Tx3gSample: Sendable, Equatable {
    /// The text with `styl` runs applied (bold, italic, underline, colours other than white).
    public var text: CueText
    /// ``CuePlacement/top`` when the description has `Tx3gDisplayFlags/verticalPlacement`
    /// and the sample's `tbox` starts in the upper half of the default text box (Apple uses only
    /// a `tbox`'s top, and only with that flag).
    public var placement: CuePlacement
    /// Whether the sample carries `frcd`, or the description says every sample is forced.
    public var isForced: Bool
    /// The sample's `tbox`, if any.
    public var textBox: Tx3gTextBox?
    /// The `twrp` wrap flag (0 none, 1 automatic soft wrap), if present.
    public var wrapFlag: UInt8?
    /// Where the sample's `tbox` puts it when that is more than top or bottom (`line`,
    /// `position`, `size`), and the description's justification (`align`).
    public var settings: CueSettings
    /// Modifier boxes the cue model has no place for (`hlit`, `hclr`, `blnk`, `dlay`, `href`).
    public var unreadModifiers: [FourCC]

    /// Creates a sample.
    public init(text: CueText, placement: CuePlacement = .bottom, isForced: Bool = false,
                textBox: Tx3gTextBox? = nil, wrapFlag: UInt8? = nil, settings: CueSettings = CueSettings(),
                unreadModifiers: [FourCC] = []) {
        self.text = text
        self.placement = placement
        self.isForced = isForced
        self.textBox = textBox
        self.wrapFlag = wrapFlag
        self.settings = settings
        self.unreadModifiers = unreadModifiers
    }

    /// Whether the sample shows nothing (a gap).
    public var isEmpty: Bool { text.isEmpty }
}
