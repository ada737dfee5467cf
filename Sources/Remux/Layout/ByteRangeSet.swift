/// A set of file bytes as sorted, merged, non-empty ranges: the media some tracks use, what an
/// edit erases, what a strip leaves out.
struct ByteRangeSet: Equatable {
    /// Sorted by start; no two touch or overlap.
    private(set) var ranges: [Range<UInt64>]

    init<S: Sequence>(_ ranges: S) where S.Element == Range<UInt64> {
        var merged: [Range<UInt64>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
    }

    var isEmpty: Bool { ranges.isEmpty }

    /// The bytes of this set that are not in `other`, in one pass over both.
    func subtracting(_ other: ByteRangeSet) -> ByteRangeSet {
        var result: [Range<UInt64>] = []
        var next = 0
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
