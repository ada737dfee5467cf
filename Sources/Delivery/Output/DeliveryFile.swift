/// A file of delivery output: its name within the output folder and its text.
public struct DeliveryFile: Sendable, Equatable {
    /// A plain file name (no folders).
    public var name: String
    /// The file's contents.
    public var text: String

    /// Creates a file named `name` (a path relative to the output folder) holding `text`.
    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}
