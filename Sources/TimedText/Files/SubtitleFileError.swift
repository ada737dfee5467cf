import ISOBMFF

/// Why a subtitle or caption file could not be read (``SubtitleFile``, ``CaptionFile``): the
/// file, and what stopped the reading.
public struct SubtitleFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What stopped the reading.
    public enum Reason: Sendable, Equatable {
        /// The file could not be opened or read (the operating system's reason).
        case unreadable(BoxError)
        /// The file holds `size` bytes, more than the parse limit
        /// (``SubtitleParseLimits/maxInputBytes``); nothing of it was read.
        case tooLarge(size: UInt64, limit: UInt64)
        /// The SubRip, WebVTT or TTML parser refused the text.
        case malformed(SubtitleParseError)
        /// The SCC parser refused the text.
        case malformedSCC(SCCParseError)
    }

    /// The path as it was given.
    public var path: String
    /// What stopped the reading.
    public var reason: Reason
    /// Whether the file was read as Scenarist SCC rather than as SubRip, WebVTT or TTML.
    public var isSCC: Bool

    /// Creates an error.
    public init(path: String, reason: Reason, isSCC: Bool = false) {
        self.path = path
        self.reason = reason
        self.isSCC = isSCC
    }

    /// `PATH: reason`, with the parser's line number where it has one.
    public var description: String {
        let detail: String
        switch reason {
        case .unreadable(let error): detail = error.description
        case .tooLarge(_, let limit):
            detail = "limit exceeded: '\(path)' is larger than \(limit) bytes, too large for \(isSCC ? "an SCC file" : "a subtitle file")"
        case .malformed(let error): detail = error.description
        case .malformedSCC(let error): detail = error.description
        }
        return "\(path): \(detail)"
    }
}
