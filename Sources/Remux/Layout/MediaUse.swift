import ISOBMFF
import Movie

/// Which source bytes hold media and which tracks use them: the chunks of the tracks an edit
/// keeps, and the bytes only removed tracks used (less any a kept track's chunk also covers, as
/// a crafted file may share them).
struct MediaUse {
    /// Every byte a kept track's chunk covers.
    let kept: ByteRangeSet
    /// Bytes only removed tracks' chunks cover: what a removal erases.
    let removed: ByteRangeSet

    init(chunks: SourceChunks, removedTrackIDs: Set<UInt32>) {
        kept = ByteRangeSet(chunks.ranges { !removedTrackIDs.contains($0) })
        removed = removedTrackIDs.isEmpty ? ByteRangeSet([])
            : ByteRangeSet(chunks.ranges { removedTrackIDs.contains($0) }).subtracting(kept)
    }

    /// The bytes of `payload` that no kept track uses: a strip leaves them out.
    func unused(in payload: Range<UInt64>) -> ByteRangeSet {
        ByteRangeSet([payload]).subtracting(kept)
    }
}
