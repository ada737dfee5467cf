/// A file of delivery output: its name within the output folder and its text.
public struct DeliveryFile: Sendable, Equatable {
    /// A plain file name (no folders).
    public var name: String
    public var text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}
