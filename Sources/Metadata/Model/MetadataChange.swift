/// One change to a movie's static metadata: set an item's value for a language, or remove it.
public struct MetadataChange: Hashable, Sendable {
    /// What a change does to the item.
    public enum Action: Hashable, Sendable {
        /// Sets the value; the data type defaults to the value's (``MetadataValue/defaultDataType``).
        case set(MetadataValue, dataType: MetadataDataType? = nil)
        /// Removes every language of the item.
        case remove
    }

    /// An identifier (`mdta/com.apple.quicktime.title`, `itsk/©nam`, `udta/©nam`) or a common
    /// name (`title`, `artist`, `comment`, …) that the editor maps to the carrier it writes.
    public var key: String
    /// ISO 639-2/T code or BCP 47 tag of the value; nil for the language-neutral value.
    public var language: String?
    /// Where the item is changed: the movie, a track or a track's media.
    public var scope: MetadataScope
    /// Whether the item is set or removed.
    public var action: Action

    /// Creates a change of `key` (an identifier or common name) at `scope`.
    public init(key: String, language: String? = nil, scope: MetadataScope = .movie, action: Action) {
        self.key = key
        self.language = language
        self.scope = scope
        self.action = action
    }
}
