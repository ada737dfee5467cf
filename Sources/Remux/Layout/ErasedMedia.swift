import ISOBMFF
import Movie

/// The source bytes a removal takes out of the media: the chunks of removed tracks, less any
/// bytes a kept track's chunk also covers (a crafted file may share them), sorted and merged.
struct ErasedMedia {
    let ranges: [Range<UInt64>]

    init(removedTrackIDs: Set<UInt32>, chunks: ChunkOffsetPlan) {
        guard !removedTrackIDs.isEmpty else {
            ranges = []
            return
        }
        let removed = Self.merged(chunks.ranges { removedTrackIDs.contains($0) })
        let kept = Self.merged(chunks.ranges { !removedTrackIDs.contains($0) })
        ranges = Self.subtracting(kept, from: removed)
    }

    private static func merged(_ ranges: [Range<UInt64>]) -> [Range<UInt64>] {
        var result: [Range<UInt64>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// `removed` minus `kept`; both sorted and merged.
    private static func subtracting(_ kept: [Range<UInt64>], from removed: [Range<UInt64>]) -> [Range<UInt64>] {
        var result: [Range<UInt64>] = []
        var keptIndex = 0
        for range in removed {
            var start = range.lowerBound
            while keptIndex < kept.count, kept[keptIndex].upperBound <= start { keptIndex += 1 }
            var index = keptIndex
            while index < kept.count, kept[index].lowerBound < range.upperBound {
                if kept[index].lowerBound > start { result.append(start..<kept[index].lowerBound) }
                start = max(start, kept[index].upperBound)
                index += 1
            }
            if start < range.upperBound { result.append(start..<range.upperBound) }
        }
        return result
    }
}
