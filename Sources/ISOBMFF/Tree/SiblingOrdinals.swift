/// How many children of each type a container has had so far, for the ordinals in their paths
/// (`trak[2]`). A container holds boxes of a few types, so they are kept in a short list
/// searched in order; past ``listedTypes`` types (only a strange file has so many) in a
/// dictionary. A parse makes one of these per container: a `moof` is a dozen boxes in four
/// containers, and hashing each type was a tenth of its parse.
struct SiblingOrdinals {
    /// The most types kept in the list.
    static let listedTypes = 16
    private var types: [FourCC] = []
    private var counts: [Int] = []
    private var more: [FourCC: Int] = [:]

    /// Counts one more child of `type` and returns its ordinal, from 1.
    mutating func next(_ type: FourCC) -> Int {
        if let index = types.firstIndex(of: type) {
            counts[index] += 1
            return counts[index]
        }
        guard types.count < Self.listedTypes else {
            let ordinal = (more[type] ?? 0) + 1
            more[type] = ordinal
            return ordinal
        }
        types.append(type)
        counts.append(1)
        return 1
    }

    /// The children of `type` counted so far.
    func count(of type: FourCC) -> Int {
        if let index = types.firstIndex(of: type) { return counts[index] }
        return more[type] ?? 0
    }
}
