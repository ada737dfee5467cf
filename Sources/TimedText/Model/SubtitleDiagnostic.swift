/// A problem found while reading or timing subtitles that did not stop the work.
public struct SubtitleDiagnostic: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The 1-based line of the input, when the problem has one.
    public var line: Int?
    /// What was wrong and what was done about it.
    public var message: String

    /// Creates a diagnostic.
    public init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }

    /// `line 12: message`, or just the message.
    public var description: String {
        line.map { "line \($0): \(message)" } ?? message
    }
}

extension SubtitleDiagnostic {
    /// The input parsed but holds no cue (empty, only whitespace, only a WebVTT header, a TTML
    /// body without timed text): not an error, but worth saying, as the result shows nothing.
    static let noCues = SubtitleDiagnostic(line: nil, message: "no cues in the file")
}
