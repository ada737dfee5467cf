import ISOBMFF
/// One subtitle cue: text shown from ``start`` until ``end``.
///
/// A cue is format-neutral: SubRip, WebVTT and TTML parsers all produce it and the writers and
/// sample codecs consume it. Fields a format cannot carry are left at their defaults.
public struct Cue: Sendable, Equatable, Codable {
    /// The cue identifier (WebVTT cue id, TTML `xml:id`); SubRip sequence numbers are not kept.
    public var identifier: String?
    /// When the cue appears.
    public var start: SubtitleTime
    /// When the cue disappears. Parsers keep cues whose end is not after their start and report
    /// them as warnings; ``CueTimeline`` drops them.
    public var end: SubtitleTime
    /// The styled text.
    public var text: CueText
    /// WebVTT cue settings (position, line, size, alignment, region, writing direction).
    public var settings: CueSettings
    /// Whether the cue belongs at the top or the bottom of the picture.
    public var placement: CuePlacement
    /// Whether the cue is a forced subtitle (shown even when subtitles are off).
    public var isForced: Bool

    /// Creates a cue.
    public init(
        identifier: String? = nil,
        start: SubtitleTime,
        end: SubtitleTime,
        text: CueText,
        settings: CueSettings = CueSettings(),
        placement: CuePlacement = .bottom,
        isForced: Bool = false
    ) {
        self.identifier = identifier
        self.start = start
        self.end = end
        self.text = text
        self.settings = settings
        self.placement = placement
        self.isForced = isForced
    }

    /// The end of a cue whose source gives none, such as TTML content with no end anywhere
    /// (TTML1 3rd Ed. §10.4: it shows until the document ends): the latest time there is. The
    /// caller holds it to the movie's end (``hasOpenEnd``).
    public static let openEnd = SubtitleTime.maximum

    /// Whether the cue shows until whatever it is shown over ends (``openEnd``).
    public var hasOpenEnd: Bool { end == Self.openEnd }

    /// `end - start`; zero or negative for degenerate cues.
    public var duration: SubtitleTime { end - start }
}
