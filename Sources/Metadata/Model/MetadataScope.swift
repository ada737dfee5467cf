/// Where an item applies: the whole movie, one track, or one track's media (`mdia/meta` or
/// `mdia/udta`, QuickTime only).
public enum MetadataScope: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The whole movie (`moov/udta`, `moov/meta`).
    case movie
    /// The track with this ID (`trak/udta`, `trak/meta`).
    case track(UInt32)
    /// The media of the track with this ID (`mdia/udta`, `mdia/meta`).
    case media(UInt32)

    /// The track the item belongs to, if any.
    public var trackID: UInt32? {
        switch self {
        case .movie: nil
        case let .track(id), let .media(id): id
        }
    }

    public var description: String {
        switch self {
        case .movie: "movie"
        case let .track(id): "track \(id)"
        case let .media(id): "track \(id) media"
        }
    }

    private var order: (UInt32, Int) {
        switch self {
        case .movie: (0, 0)
        case let .track(id): (id, 1)
        case let .media(id): (id, 2)
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }
}
