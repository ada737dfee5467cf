import Metadata

/// What a privacy strip takes out of a movie, decided beforehand (by a `SharingFilter` review
/// or by hand): metadata items, whole tracks (timed metadata), and boxes. Removed bytes are gone
/// from the output: a full rewrite does not copy them (samples of removed tracks inside copied
/// media are written as zeros); an in-place edit overwrites them with zeros once the new `moov`
/// is in place, and erases the retired `moov` too.
public struct MetadataRemoval: Sendable {
    /// Items as read from the movie, with their origins.
    public var items: [MetadataItem]
    /// Tracks to drop, with their samples and every track reference to them.
    public var trackIDs: Set<UInt32>
    /// Source file offsets of boxes to drop whole: top-level boxes (`uuid`, `free`, `emsg`, …),
    /// boxes inside `moov`, or boxes inside a movie fragment (`moof`, `traf`), which a new file
    /// (a regular movie) leaves out with the fragments and an in-place edit turns into `free`
    /// boxes of zeros.
    public var boxOffsets: Set<UInt64>
    /// Sets creation and modification times of `mvhd`, `tkhd` and `mdhd` to 0 (unknown), since
    /// they record when the movie was captured.
    public var clearsHeaderTimes: Bool
    /// Leaves out of `mdat` every byte no kept track uses (a full rewrite does not copy them, an
    /// in-place edit zeroes them): samples of tracks an earlier edit dropped, gaps between
    /// chunks, a whole `mdat` nobody points at. What a privacy strip does, since such bytes may
    /// hold anything.
    public var leavesOutUnusedMedia: Bool
    /// Tracks whose handler names become the conventional ones (`ConventionalHandlerName`).
    public var renamedHandlerTrackIDs: Set<UInt32>
    /// Tracks whose visual sample entries get an empty compressor name.
    public var blankedCompressorTrackIDs: Set<UInt32>
    /// Tracks whose self-contained data references (`dinf/dref`) are written bare: flags and
    /// nothing else, without a location left over.
    public var bareDataReferenceTrackIDs: Set<UInt32>

    /// Creates a removal; whatever is left out is kept.
    public init(items: [MetadataItem] = [], trackIDs: Set<UInt32> = [], boxOffsets: Set<UInt64> = [],
                clearsHeaderTimes: Bool = false, leavesOutUnusedMedia: Bool = false,
                renamedHandlerTrackIDs: Set<UInt32> = [], blankedCompressorTrackIDs: Set<UInt32> = [],
                bareDataReferenceTrackIDs: Set<UInt32> = []) {
        self.items = items
        self.trackIDs = trackIDs
        self.boxOffsets = boxOffsets
        self.clearsHeaderTimes = clearsHeaderTimes
        self.leavesOutUnusedMedia = leavesOutUnusedMedia
        self.renamedHandlerTrackIDs = renamedHandlerTrackIDs
        self.blankedCompressorTrackIDs = blankedCompressorTrackIDs
        self.bareDataReferenceTrackIDs = bareDataReferenceTrackIDs
    }

    /// Whether nothing is removed.
    public var isEmpty: Bool {
        items.isEmpty && trackIDs.isEmpty && boxOffsets.isEmpty && !clearsHeaderTimes && !leavesOutUnusedMedia
            && renamedHandlerTrackIDs.isEmpty && blankedCompressorTrackIDs.isEmpty && bareDataReferenceTrackIDs.isEmpty
    }
}

extension MetadataRemoval {
    /// Everything a sharing review decided to remove.
    public init(_ review: SharingReview) {
        self.init(items: review.removedItems, trackIDs: review.removedTrackIDs, boxOffsets: review.removedBoxOffsets,
                  clearsHeaderTimes: review.clearsHeaderTimes, leavesOutUnusedMedia: true,
                  renamedHandlerTrackIDs: review.renamedHandlerTrackIDs, blankedCompressorTrackIDs: review.blankedCompressorTrackIDs,
                  bareDataReferenceTrackIDs: review.bareDataReferenceTrackIDs)
    }
}
