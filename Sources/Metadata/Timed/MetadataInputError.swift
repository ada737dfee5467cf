/// Why a timed metadata input (a JSON document, a GPX file) cannot be turned into a track: one
/// line naming where — an input line, or a JSON path such as `groups[2].items`.
public struct MetadataInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based input line, for text formats.
    public var line: Int?
    /// The place in a JSON document (`keys[0].dataType`).
    public var path: String?
    /// What is wrong.
    public var message: String

    /// Creates an error saying `message`, at an input line or a JSON path when known.
    public init(_ message: String, line: Int? = nil, path: String? = nil) {
        self.message = message
        self.line = line
        self.path = path
    }

    public var description: String {
        if let line { return "line \(line): \(message)" }
        if let path { return "\(path): \(message)" }
        return message
    }
}
