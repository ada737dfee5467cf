/// Why a chapter list cannot be used, and where in its file.
public struct ChapterInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is: `line 4`, `chapters[2]`; nil for the list as a whole.
    public var place: String?
    /// What is wrong.
    public var message: String

    /// An error saying `message`, found at `place` (a line, a JSON path).
    public init(_ message: String, at place: String? = nil) {
        self.place = place
        self.message = message
    }

    public var description: String { place.map { "\($0): \(message)" } ?? message }
}
