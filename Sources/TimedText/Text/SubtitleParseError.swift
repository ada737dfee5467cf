/// A problem that makes a subtitle file unreadable.
public struct SubtitleParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public var reason: Reason
    /// The 1-based input line where it went wrong, when there is one.
    public var line: Int?

    /// Creates an error.
    public init(_ reason: Reason, line: Int? = nil) {
        self.reason = reason
        self.line = line
    }

    /// Why a file could not be read.
    public enum Reason: Sendable, Equatable {
        /// The input is larger than ``SubtitleParseLimits/maxInputBytes``.
        case inputTooLarge(limit: Int)
        /// The input has more cues than ``SubtitleParseLimits/maxCues``.
        case tooManyCues(limit: Int)
        /// The first line of a WebVTT file is not `WEBVTT` (optionally followed by text).
        case missingWebVTTSignature
        /// The file has text but not a single cue could be recognised in it.
        case noCues
        /// The XML is not well-formed.
        case malformedXML(String)
        /// The XML is not a TTML document.
        case notTTML(String)
        /// A TTML document's timing splits its paragraphs into so many intervals of constant
        /// content that presenting each would cost more than `limit` element visits.
        case timingTooComplex(limit: Int)
    }

    public var description: String {
        let text: String
        switch reason {
        case .inputTooLarge(let limit): text = "input is larger than \(limit) bytes"
        case .tooManyCues(let limit): text = "more than \(limit) cues: more than one movie's subtitles (split the file)"
        case .missingWebVTTSignature: text = "the file does not start with WEBVTT"
        case .noCues: text = "no subtitle cue found"
        case .malformedXML(let detail): text = "malformed XML: \(detail)"
        case .notTTML(let detail): text = "not a TTML document: \(detail)"
        case .timingTooComplex(let limit):
            text = "the timing changes the paragraphs too often: presenting every change would visit more than \(limit) elements"
        }
        return line.map { "line \($0): \(text)" } ?? text
    }
}
