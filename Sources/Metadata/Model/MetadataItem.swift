import ISOBMFF

/// One metadata item: an identifier with a typed value, its language and where it lives.
/// A multilingual item (a `©nam` with several records, a `data` atom per locale) is one item per
/// language.
public struct MetadataItem: Hashable, Sendable {
    /// What the item is.
    public var identifier: MetadataIdentifier
    /// The item's decoded value.
    public var value: MetadataValue
    /// The well-known type the carrier recorded; nil where the carrier has none (QuickTime
    /// user-data text, 3GPP items).
    public var dataType: MetadataDataType?
    /// ISO 639-2/T code (`eng`) or BCP 47 tag; nil when the item applies to every language.
    public var language: String?
    /// ISO 3166-1 alpha-2 country of a `data` atom's locale; nil for any.
    public var country: String?
    /// Where the item applies: the movie, a track or a track's media.
    public var scope: MetadataScope
    /// The box in the source file the item was read from; nil for an item not read from a file.
    public var origin: MetadataOrigin?

    /// Creates an item; by default a language-neutral movie item with no recorded type or origin.
    public init(identifier: MetadataIdentifier, value: MetadataValue, dataType: MetadataDataType? = nil,
                language: String? = nil, country: String? = nil, scope: MetadataScope = .movie,
                origin: MetadataOrigin? = nil) {
        self.identifier = identifier
        self.value = value
        self.dataType = dataType
        self.language = language
        self.country = country
        self.scope = scope
        self.origin = origin
    }
}

/// The box an item was read from: for a `udta` item the item box itself, for `ilst` the item
/// box (whose `data` atoms hold each language), so removing an item knows exactly which bytes go.
public struct MetadataOrigin: Hashable, Sendable {
    /// Path and file offset of the box (its header's first byte).
    public var location: BoxLocation
    /// The box's total size in bytes.
    public var size: UInt64
    /// For QuickTime metadata, the item's 1-based index in `keys`.
    public var keyIndex: UInt32?

    /// Creates the origin of an item read from the box at `location` of `size` bytes.
    public init(location: BoxLocation, size: UInt64, keyIndex: UInt32? = nil) {
        self.location = location
        self.size = size
        self.keyIndex = keyIndex
    }

    /// The box's bytes in the source file.
    public var byteRange: Range<UInt64> { location.offset..<(location.offset + size) }
}
