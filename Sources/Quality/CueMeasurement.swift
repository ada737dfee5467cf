import ISOBMFF
import TimedText

/// What a viewer has to read in one cue, measured the way the guidelines count: the visible
/// lines of its plain text (styling and ruby annotations left out, blank lines dropped, each
/// line without leading and trailing spaces), characters per line with spaces and punctuation
/// (Netflix: "Spaces and punctuation are counted"), words as runs of text between spaces.
public struct CueMeasurement: Sendable, Equatable {
    /// The visible lines, top to bottom.
    public var lines: [String]
    /// Characters (grapheme clusters) of each line.
    public var lineLengths: [Int]
    /// All lines' characters; line breaks are not characters.
    public var characters: Int
    /// Words in the cue's text.
    public var words: Int
    /// End minus start.
    public var duration: SubtitleTime

    /// Measures `cue`.
    public init(_ cue: Cue) {
        lines = cue.text.plainText.split(whereSeparator: \.isNewline).compactMap { line in
            var trimmed = line
            while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
            while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
            return trimmed.isEmpty ? nil : String(trimmed)
        }
        lineLengths = lines.map(\.count)
        characters = lineLengths.reduce(0, +)
        words = lines.reduce(0) { $0 + $1.split(whereSeparator: \.isWhitespace).count }
        duration = cue.duration
    }

    /// Whether the cue shows no text at all.
    public var isEmpty: Bool { lines.isEmpty }

    /// The reading speed in the unit of `speed` (characters per second or words per minute);
    /// nil for a cue that lasts no time.
    public func rate(in speed: ReadingSpeed) -> Double? {
        guard duration.microseconds > 0 else { return nil }
        let seconds = Double(duration.microseconds) / 1_000_000
        switch speed {
        case .charactersPerSecond: return Double(characters) / seconds
        case .wordsPerMinute: return Double(words) * 60 / seconds
        }
    }
}
