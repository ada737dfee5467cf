/// A set of file bytes as sorted, merged, non-empty ranges: the media some tracks use, what an
/// edit erases, what a strip leaves out.
struct ByteRangeSet: Equatable {
    /// Sorted by start; no two touch or overlap.
    private(set) var ranges: [Range<UInt64>]

    /// Sorted (unless they already are) and merged in one buffer: a set of a range per fragment
    /// is built without a second copy.
    init<S: Sequence>(_ ranges: S) where S.Element == Range<UInt64> {
        var merged = Array(ranges)
        if zip(merged, merged.dropFirst()).contains(where: { $0.lowerBound > $1.lowerBound }) {
            merged.sort { $0.lowerBound < $1.lowerBound }
        }
        var count = 0
        for index in merged.indices where !merged[index].isEmpty {
            let range = merged[index]
            if count > 0, range.lowerBound <= merged[count - 1].upperBound {
                merged[count - 1] = merged[count - 1].lowerBound..<max(merged[count - 1].upperBound, range.upperBound)
            } else {
                merged[count] = range
                count += 1
            }
        }
        merged.removeLast(merged.count - count)
        self.ranges = merged
    }

    var isEmpty: Bool { ranges.isEmpty }

    /// The bytes of this set that are not in `other`, in one pass over both from where they
    /// meet: a set of one range is taken from a set of a range per fragment with a lookup.
    func subtracting(_ other: ByteRangeSet) -> ByteRangeSet {
        var result: [Range<UInt64>] = []
        var next = ranges.first.map { first in other.ranges.partitioningIndex { $0.upperBound > first.lowerBound } } ?? 0
        for range in ranges {
            var start = range.lowerBound
            while next < other.ranges.count, other.ranges[next].upperBound <= start { next += 1 }
            var index = next
            while index < other.ranges.count, other.ranges[index].lowerBound < range.upperBound {
                if other.ranges[index].lowerBound > start { result.append(start..<other.ranges[index].lowerBound) }
                start = max(start, other.ranges[index].upperBound)
                index += 1
            }
            if start < range.upperBound { result.append(start..<range.upperBound) }
        }
        return ByteRangeSet(sortedAndMerged: result)
    }

    /// The bytes of this set inside `bounds`. Logarithmic in the set plus what it returns: a
    /// fragmented movie asks once per box, of a set of a range per fragment.
    func clamped(to bounds: Range<UInt64>) -> ByteRangeSet {
        var result: [Range<UInt64>] = []
        var index = ranges.partitioningIndex { $0.upperBound > bounds.lowerBound }
        while index < ranges.count, ranges[index].lowerBound < bounds.upperBound {
            let clamped = ranges[index].clamped(to: bounds)
            if !clamped.isEmpty { result.append(clamped) }
            index += 1
        }
        return ByteRangeSet(sortedAndMerged: result)
    }

    /// Whether any byte of `range` is in the set.
    func intersects(_ range: Range<UInt64>) -> Bool {
        let index = ranges.partitioningIndex { $0.upperBound > range.lowerBound }
        return !range.isEmpty && index < ranges.count && ranges[index].lowerBound < range.upperBound
    }

    private init(sortedAndMerged: [Range<UInt64>]) { ranges = sortedAndMerged }
}
