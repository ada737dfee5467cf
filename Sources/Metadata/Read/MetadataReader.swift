import ISOBMFF
import Movie

/// Reads a movie's static metadata into items: QuickTime user data (`udta` in `moov`, `trak`
/// and `mdia`: `©xxx` text, 3GPP asset items, names, tags, maker boxes), QuickTime metadata
/// (`meta` with handler `mdta` in `moov`, `trak`, `mdia` or `moov/udta`) and iTunes lists
/// (`udta/meta` with handler `mdir`).
///
/// Only `moov` is read (inflated when stored as `cmov`), never sample data. A damaged item
/// becomes a warning (and, in user data, an item of its bytes); the others are still read.
/// Each item's ``MetadataOrigin`` is the item box (for `ilst`, the item holding the `data`
/// atoms); in a compressed movie its path ends in `{inflated}/moov/…` and its offset counts
/// from the start of the inflated `moov`, as the item has no bytes of its own in the file.
public enum MetadataReader {
    /// Every item of `movie`: the movie's first, then each track's (track level, then media
    /// level), in file order within each.
    public static func items(in movie: Movie, limits: Limits = .standard) -> MetadataReading {
        var reading = MetadataReading()
        read(containersIn: movie.movieBox, scope: .movie, limits: limits, into: &reading)
        for track in movie.tracks {
            read(containersIn: track.box, scope: .track(track.id), limits: limits, into: &reading)
            if let mdia = track.box.child("mdia") {
                read(containersIn: mdia, scope: .media(track.id), limits: limits, into: &reading)
            }
        }
        return reading
    }

    /// The movie-level items of a `moov` box (its `udta` and `meta` children), in file order:
    /// the first items `legible metadata` lists.
    public static func items(inMovieBox moov: Box, limits: Limits = .standard) -> MetadataReading {
        var reading = MetadataReading()
        read(containersIn: moov, scope: .movie, limits: limits, into: &reading)
        return reading
    }

    /// The items of one `udta` box.
    public static func items(inUserData udta: Box, scope: MetadataScope = .movie,
                             limits: Limits = .standard) -> MetadataReading {
        var reading = MetadataReading()
        UserDataReader.read(udta, scope: scope, limits: limits, into: &reading)
        return reading
    }

    /// The items of one `meta` box (handler `mdta` or `mdir`; others hold no items).
    public static func items(inMetadata meta: Box, scope: MetadataScope = .movie,
                             limits: Limits = .standard) -> MetadataReading {
        var reading = MetadataReading()
        MetadataListReader.read(meta, scope: scope, limits: limits, into: &reading)
        return reading
    }

    /// The `udta` and `meta` children of `moov`, `trak` or `mdia`, in file order.
    private static func read(containersIn parent: Box, scope: MetadataScope, limits: Limits,
                             into reading: inout MetadataReading) {
        for child in parent.children {
            switch child.type {
            case "udta": UserDataReader.read(child, scope: scope, limits: limits, into: &reading)
            case "meta": MetadataListReader.read(child, scope: scope, limits: limits, into: &reading)
            default: continue
            }
        }
    }
}
