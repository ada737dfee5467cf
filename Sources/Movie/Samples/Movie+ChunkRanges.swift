import ISOBMFF

extension Movie {
    /// The file bytes the chunks of the tracks `include` selects cover (``ChunkIndex``): which
    /// media a set of tracks uses, for a strip that keeps a box holding kept samples, or an edit
    /// that erases what only removed tracks used. A track without chunk offsets covers nothing.
    public func chunkRanges(ofTracks include: (Track) -> Bool) throws(BoxError) -> [Range<UInt64>] {
        var ranges: [Range<UInt64>] = []
        for track in tracks where include(track) {
            let stbl = track.box.descendant(["mdia", "minf", "stbl"])
            guard stbl?.child("stco") ?? stbl?.child("co64") != nil else { continue }
            ranges += ChunkIndex(try track.sampleTable()).chunks.map { $0.offset..<$0.offset.saturatingAdd($0.length) }
        }
        return ranges
    }
}
