/// A problem in XML text, with the 1-based line where it was found: an error the tokenizer
/// stops at (malformed markup), or a warning it reads past (an unknown entity).
public struct XMLDiagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the problem.
    public var line: Int
    /// What is wrong, for people.
    public var message: String

    /// Creates a diagnostic saying `message` about `line`.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `line 12: message`.
    public var description: String { "line \(line): \(message)" }
}
