extension BoxFile {
    /// For a file read from a ``ConcatenatedByteSource``: the part that `location` falls in, and
    /// the location as that part read alone would give it — the offset from the part's start, and
    /// the top-level box numbered among the part's own boxes (`moof[1]` for the first `moof` of
    /// a media segment, whatever came before it). Nil when the file is not read from parts or the
    /// offset is past its end.
    public func partLocation(of location: BoxLocation) -> (part: Int, location: BoxLocation)? {
        guard let concatenation = source as? ConcatenatedByteSource,
              let (part, offset) = concatenation.part(containing: location.offset) else { return nil }
        let start = concatenation.starts[part]
        let end = start + concatenation.parts[part].size
        let topLevel = location.path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        var counts = SiblingOrdinals()
        var path = location.path
        for box in boxes {
            guard let boxOffset = box.location?.offset, boxOffset >= start, boxOffset < end, boxOffset <= location.offset else { continue }
            let name = BoxTreeParser.childPath(parent: "", type: box.type, counts: &counts)
            if box.location?.path == topLevel.first.map(String.init) {
                path = ([name] + topLevel.dropFirst().map(String.init)).joined(separator: "/")
            }
        }
        return (part, BoxLocation(path: path, offset: offset))
    }
}
