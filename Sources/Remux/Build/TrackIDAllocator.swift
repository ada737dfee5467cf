import ISOBMFF

/// Hands out track IDs for new tracks, following `mvhd`'s `next_track_ID` (ISO/IEC 14496-12
/// §8.2.2.3): the value, when it is above every ID in use, else the next ID after the largest;
/// and when that is all ones (or taken), "a search must be made in the file for an unused
/// track identifier" — the smallest free ID from 1. Never wraps around, whatever the file says.
struct TrackIDAllocator {
    private var used: Set<UInt32>
    private var next: UInt32?

    init(usedIDs: [UInt32], nextTrackID: UInt32?) {
        used = Set(usedIDs)
        let afterLargest = usedIDs.max().map { $0 == .max ? nil : $0 + 1 } ?? 1
        if let nextTrackID, nextTrackID != 0, nextTrackID != .max, usedIDs.allSatisfy({ $0 < nextTrackID }) {
            next = nextTrackID
        } else {
            next = afterLargest
        }
    }

    /// A free track ID, now taken.
    mutating func take() throws(EditError) -> UInt32 {
        if let candidate = next, candidate != .max, !used.contains(candidate) {
            used.insert(candidate)
            next = candidate + 1
            return candidate
        }
        // 0 is not a track ID; all ones means "search" in next_track_ID, so it is never handed out.
        var candidate: UInt32 = 1
        while used.contains(candidate) {
            guard candidate < .max - 1 else { throw .noFreeTrackID }
            candidate += 1
        }
        used.insert(candidate)
        next = nil
        return candidate
    }

    /// What `mvhd`'s `next_track_ID` becomes: one more than the largest ID in use, or all ones
    /// (search) when that does not fit.
    var nextTrackID: UInt32 {
        guard let largest = used.max() else { return 1 }
        return largest >= .max - 1 ? .max : largest + 1
    }
}
