/// A common name for a metadata item (`title`, `artist`, `location`) and its key in each carrier
/// that has one: QuickTime metadata (QTFF "QuickTime metadata keys", `com.apple.quicktime.*`),
/// iTunes lists (the `ilst` item types iTunes and ffmpeg write) and QuickTime user data (QTFF
/// "User data list": `©xxx` international text items).
public struct MetadataCommonKey: Hashable, Sendable {
    /// The common name, lowercase (`title`, `album-artist`).
    public var name: String
    /// The `mdta` key, nil when QuickTime metadata defines none.
    public var quickTimeMetadataKey: String?
    /// The iTunes item type, nil when iTunes defines none.
    public var iTunesKey: String?
    /// The QuickTime user-data item type, nil when none.
    public var userDataKey: String?

    /// Creates a common key from its name and its key in each carrier (nil where it has none).
    public init(name: String, quickTimeMetadataKey: String?, iTunesKey: String?, userDataKey: String?) {
        self.name = name
        self.quickTimeMetadataKey = quickTimeMetadataKey
        self.iTunesKey = iTunesKey
        self.userDataKey = userDataKey
    }

    /// The identifiers of the item, in the carriers that have it.
    public var identifiers: [MetadataIdentifier] {
        [quickTimeMetadataKey.map { MetadataIdentifier(.quickTimeMetadata, $0) },
         iTunesKey.map { MetadataIdentifier(.iTunes, $0) },
         userDataKey.map { MetadataIdentifier(.quickTimeUserData, $0) }].compactMap { $0 }
    }

    /// The identifier in `keySpace`, if the item has one there.
    public func identifier(in keySpace: MetadataKeySpace) -> MetadataIdentifier? {
        identifiers.first { $0.keySpace == keySpace }
    }

    /// The key named `name` (case-insensitive; `creationdate` is `date`).
    public static func named(_ name: String) -> MetadataCommonKey? {
        let lowered = name.lowercased()
        return all.first { $0.name == lowered } ?? aliases[lowered].flatMap { alias in all.first { $0.name == alias } }
    }

    /// Other spellings accepted for a name.
    static let aliases = ["creationdate": "date", "creation-date": "date", "cover": "artwork", "covr": "artwork",
                          "iso6709": "location", "albumartist": "album-artist"]

    private static let prefix = "com.apple.quicktime."

    /// Every common name. The `mdta` keys are QTFF's (and `make`, `model`, `software`, which
    /// Apple devices write); iTunes and `©xxx` types are those ffmpeg's muxer writes for the
    /// same names (libavformat movenc.c), which AVFoundation maps to the same common keys.
    public static let all: [MetadataCommonKey] = [
        // name, mdta key (after com.apple.quicktime.), iTunes item, udta item
        ("title", "title", "©nam", "©nam"),
        ("artist", "artist", "©ART", "©ART"),
        ("album-artist", nil, "aART", nil),
        ("author", "author", nil, "©aut"),
        ("album", "album", "©alb", "©alb"),
        ("comment", "comment", "©cmt", "©cmt"),
        ("description", "description", "desc", "©des"),
        ("copyright", "copyright", "cprt", "©cpy"),
        ("genre", "genre", "©gen", "©gen"),
        ("date", "creationdate", "©day", "©day"),
        ("year", "year", "©day", "©day"),
        ("keywords", "keywords", "keyw", "©key"),
        ("director", "director", nil, "©dir"),
        ("producer", "producer", nil, "©prd"),
        ("publisher", "publisher", nil, nil),
        ("information", "information", nil, "©inf"),
        ("composer", nil, "©wrt", "©wrt"),
        ("software", "software", "©too", "©swr"),
        ("encoder", nil, "©too", "©swr"),
        ("make", "make", nil, "©mak"),
        ("model", "model", nil, "©mod"),
        ("location", "location.ISO6709", nil, "©xyz"),
        ("artwork", "artwork", "covr", nil),
    ].map { name, metadata, iTunes, userData in
        MetadataCommonKey(name: name, quickTimeMetadataKey: metadata.map { prefix + $0 }, iTunesKey: iTunes, userDataKey: userData)
    }
}
