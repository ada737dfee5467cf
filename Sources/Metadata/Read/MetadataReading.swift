import ISOBMFF

/// What ``MetadataReader`` found: every static metadata item, and the problems it tolerated.
public struct MetadataReading: Hashable, Sendable {
    /// In file order within each scope: the movie's items first, then each track's (track
    /// level, then media level).
    public var items: [MetadataItem]
    /// Items that could not be decoded, with box path and offset. A damaged item never hides
    /// the others.
    public var warnings: [BoxError]
    /// False when the movie has more than ``maxItems`` items and reading stopped there: a
    /// hostile file can pack a hundred thousand tiny items into a few kilobytes of `cmov`.
    /// What removes metadata must refuse such a reading, as it cannot see every item.
    public private(set) var isComplete = true

    /// The most items read: real movies have tens.
    public static let maxItems = 10_000

    /// Creates a complete reading of `items` with `warnings`.
    public init(items: [MetadataItem] = [], warnings: [BoxError] = []) {
        self.items = items
        self.warnings = warnings
    }

    /// Runs `read`, keeping what it returns, or its error as a warning and `fallback`'s items
    /// (a damaged item reported as its bytes, so it can still be found and removed).
    mutating func collect(_ read: () throws(BoxError) -> [MetadataItem],
                          orElse fallback: () -> [MetadataItem] = { [] }) {
        guard items.count < Self.maxItems else {
            if isComplete {
                isComplete = false
                warnings.append(BoxError(.limitExceeded("more than \(Self.maxItems) metadata items; the rest were not read"), at: nil))
            }
            return
        }
        do throws(BoxError) {
            items += try read()
        } catch {
            warnings.append(error)
            items += fallback()
        }
    }
}
