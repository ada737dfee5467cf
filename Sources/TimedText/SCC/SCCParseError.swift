/// Why an SCC file cannot be read: what is wrong and on which line.
public struct SCCParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Sendable, Equatable {
        /// The first line is not `Scenarist_SCC V1.0`.
        case missingHeader
        /// A line does not start with a timecode `HH:MM:SS:FF` or `HH:MM:SS;FF`.
        case badTimecode(String)
        /// A word is not four hexadecimal digits.
        case badHexWord(String)
        /// A timecode is not after the one before it.
        case timecodeNotIncreasing(String, previous: String)
        /// A line has a timecode and no words.
        case noWords
        /// The input is larger than the parse limit.
        case inputTooLarge(limit: Int)
    }

    /// What is wrong.
    public var reason: Reason
    /// The 1-based line.
    public var line: Int?

    /// Creates an error.
    public init(_ reason: Reason, line: Int?) {
        self.reason = reason
        self.line = line
    }

    public var description: String {
        let text: String
        switch reason {
        case .missingHeader: text = "not an SCC file: the first line must be 'Scenarist_SCC V1.0'"
        case .badTimecode(let found): text = "'\(found)' is not a timecode (HH:MM:SS:FF or HH:MM:SS;FF)"
        case .badHexWord(let found): text = "'\(found)' is not a byte pair (four hexadecimal digits)"
        case let .timecodeNotIncreasing(found, previous): text = "timecode \(found) is not after the previous line's \(previous)"
        case .noWords: text = "a timecode without byte pairs"
        case .inputTooLarge(let limit): text = "input is larger than \(limit) bytes"
        }
        return line.map { "line \($0): \(text)" } ?? text
    }
}
