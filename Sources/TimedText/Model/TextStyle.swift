import XML
/// The style of a ``StyledRun``.
public struct TextStyle: Sendable, Hashable, Codable {
    /// Bold (`<b>`, `tts:fontWeight="bold"`).
    public var isBold: Bool
    /// Italic (`<i>`, `tts:fontStyle="italic"`).
    public var isItalic: Bool
    /// Underlined (`<u>`, `tts:textDecoration="underline"`).
    public var isUnderlined: Bool
    /// Text colour (SubRip `<font color>`, TTML `tts:color`, WebVTT default colour classes).
    public var color: SubtitleColor?
    /// WebVTT class names (`<c.loud.red>` → `["loud"]` plus a colour), in order.
    public var classes: [String]
    /// The speaker (WebVTT `<v Name>`).
    public var voice: String?
    /// A BCP 47 language tag that differs from the document's (WebVTT `<lang>`, TTML `xml:lang`).
    public var language: String?
    /// The run's role in WebVTT ruby (`<ruby>base<rt>annotation</rt></ruby>`), if any.
    public var ruby: RubyRole?
    /// The font size relative to the track's default size (TTML `tts:fontSize`; a `tx3g` style
    /// record's size over the description's); nil for the default size.
    public var fontScale: Double?
    /// Drawn with an outline (TTML `tts:textOutline`), which no output format here carries.
    public var isOutlined: Bool
    /// Forced, inside a cue that is not (TTML `itts:forcedDisplay` on a `span`); a forced cue
    /// says so itself (``Cue/isForced``).
    public var isForced: Bool
    /// The colour behind the text, when not transparent: TTML `tts:backgroundColor` of the span,
    /// its paragraph or an enclosing element or region (the innermost one that is not
    /// transparent, as the areas are painted one over the other); WebVTT's background colour
    /// classes (`bg_yellow`). (A `tx3g` track's background colour is the track's, not read into
    /// its cues.)
    public var backgroundColor: SubtitleColor?
    /// The font families, most preferred first, as TTML `tts:fontFamily` lists them (quotes
    /// removed, `", "` between them; TTML's generic names such as `proportionalSansSerif` as
    /// written); a `tx3g` style record's font when it is not the track's default. Nil for the
    /// default font.
    public var fontFamily: String?

    /// Creates a style; the default is plain text.
    public init(
        isBold: Bool = false,
        isItalic: Bool = false,
        isUnderlined: Bool = false,
        color: SubtitleColor? = nil,
        classes: [String] = [],
        voice: String? = nil,
        language: String? = nil,
        ruby: RubyRole? = nil,
        fontScale: Double? = nil,
        isOutlined: Bool = false,
        isForced: Bool = false,
        backgroundColor: SubtitleColor? = nil,
        fontFamily: String? = nil
    ) {
        self.isBold = isBold
        self.isItalic = isItalic
        self.isUnderlined = isUnderlined
        self.color = color
        self.classes = classes
        self.voice = voice
        self.language = language
        self.ruby = ruby
        self.fontScale = fontScale
        self.isOutlined = isOutlined
        self.isForced = isForced
        self.backgroundColor = backgroundColor
        self.fontFamily = fontFamily
    }

    /// The families of ``fontFamily``, in order.
    public var fontFamilies: [String] {
        fontFamily?.split(separator: ",").map { $0.trimmingTextWhitespace() }.filter { !$0.isEmpty } ?? []
    }
}
