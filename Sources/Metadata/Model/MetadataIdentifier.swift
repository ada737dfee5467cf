/// What an item is: a key within a key space, printed as AVFoundation prints identifiers
/// (`udta/©xyz`, `mdta/com.apple.quicktime.location.ISO6709`, `itsk/©nam`), so a user can match
/// what a Mac shows.
public struct MetadataIdentifier: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    /// The key space: the carrier and namespace the key belongs to (`mdta`, `udta`, `itsk`, …).
    public var keySpace: MetadataKeySpace
    /// The key: a reverse-DNS string (`mdta`, `itlk`) or a four-character code (`udta`, `uiso`,
    /// `itsk`) with `©` for 0xA9.
    public var key: String

    /// Creates the identifier of `key` in `keySpace`.
    public init(_ keySpace: MetadataKeySpace, _ key: String) {
        self.keySpace = keySpace
        self.key = key
    }

    /// Parses `space/key`; nil when the space is unknown or the key empty.
    public init?(parsing text: String) {
        guard let slash = text.firstIndex(of: "/"),
              let space = MetadataKeySpace(rawValue: String(text[..<slash])) else { return nil }
        let key = String(text[text.index(after: slash)...])
        guard !key.isEmpty else { return nil }
        self.init(space, key)
    }

    public var description: String { "\(keySpace.rawValue)/\(key)" }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let identifier = MetadataIdentifier(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "'\(text)' is not a metadata identifier (space/key)"))
        }
        self = identifier
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
