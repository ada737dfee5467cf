/// The result of parsing a subtitle file: its cues, what the format says about the whole file,
/// and the problems that were tolerated on the way.
public struct SubtitleDocument: Sendable, Equatable, Codable {
    /// The format that was parsed.
    public var format: SubtitleFormat
    /// The cues in file order (not sorted; overlapping and degenerate cues are kept).
    public var cues: [Cue]
    /// The WebVTT header (signature text, header lines, `STYLE` and `REGION` blocks,
    /// `X-TIMESTAMP-MAP`); `nil` for other formats.
    public var webVTTHeader: WebVTTHeader?
    /// The document language (TTML `xml:lang` on `tt`), if declared.
    public var language: String?
    /// Problems that did not stop parsing, in input order.
    public var warnings: [SubtitleDiagnostic]
    /// The lines of image subtitles (SMPTE-TT `smpte:backgroundImage`, `smpte:image`), which
    /// are not read: a conversion refuses the document unless told to leave them out.
    public var imageLines: [Int]
    /// The TTML `ttp:timeBase` when it is not `media` (`smpte`, `clock`): the times were read
    /// as media times, which a `smpte` file's timecode labels are not (TTML1 §7.2.11).
    public var timeBase: String?

    /// Creates a document.
    public init(
        format: SubtitleFormat,
        cues: [Cue],
        webVTTHeader: WebVTTHeader? = nil,
        language: String? = nil,
        warnings: [SubtitleDiagnostic] = [],
        imageLines: [Int] = [],
        timeBase: String? = nil
    ) {
        self.format = format
        self.cues = cues
        self.webVTTHeader = webVTTHeader
        self.language = language
        self.warnings = warnings
        self.imageLines = imageLines
        self.timeBase = timeBase
    }
}
