import ISOBMFF

/// What ``MetadataReader`` found: every static metadata item, and the problems it tolerated.
public struct MetadataReading: Hashable, Sendable {
    /// In file order within each scope: the movie's items first, then each track's (track
    /// level, then media level).
    public var items: [MetadataItem]
    /// Items that could not be decoded, with box path and offset. A damaged item never hides
    /// the others.
    public var warnings: [BoxError]

    public init(items: [MetadataItem] = [], warnings: [BoxError] = []) {
        self.items = items
        self.warnings = warnings
    }

    /// Runs `read`, keeping what it returns, or its error as a warning and `fallback`'s items
    /// (a damaged item reported as its bytes, so it can still be found and removed).
    mutating func collect(_ read: () throws(BoxError) -> [MetadataItem],
                          orElse fallback: () -> [MetadataItem] = { [] }) {
        do throws(BoxError) {
            items += try read()
        } catch {
            warnings.append(error)
            items += fallback()
        }
    }
}
