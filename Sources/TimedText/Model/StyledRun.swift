/// A stretch of cue text with one style.
public struct StyledRun: Sendable, Equatable, Codable {
    /// The characters; `"\n"` separates lines.
    public var text: String
    /// How the characters look and what they mean (voice, language, ruby).
    public var style: TextStyle
    /// A WebVTT inner timestamp (`<00:00:01.500>`) placed just before this run: the run is
    /// "future" text until then (karaoke). Kept so the `wvtt` codec can write `ctim`.
    public var timestamp: SubtitleTime?

    /// Creates a run.
    public init(_ text: String, style: TextStyle = TextStyle(), timestamp: SubtitleTime? = nil) {
        self.text = text
        self.style = style
        self.timestamp = timestamp
    }
}
