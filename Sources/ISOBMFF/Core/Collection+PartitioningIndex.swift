extension RandomAccessCollection {
    /// The index of the first element that satisfies `belongsInSecondPartition`, or `endIndex`,
    /// in a collection where every element that does comes after every element that does not
    /// (a sorted one, asked "at or above this value?"). A binary search: logarithmic, so a
    /// lookup per box or per chunk of a long movie stays cheap.
    @inlinable package func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try belongsInSecondPartition(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
