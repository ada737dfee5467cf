import ISOBMFF

/// Sample counts and durations of a fragmented file's tracks, added up from the `trun`s of its
/// `moof`s with the defaults of `tfhd` and `mvex/trex` (ISO/IEC 14496-12 §8.8): what `info`
/// shows, from the fragments' headers alone (no sample is read, no offset followed).
public struct FragmentSummary: Sendable, Equatable {
    /// Per track ID: samples and total duration in media timescale units.
    public var tracks: [UInt32: (samples: UInt64, duration: UInt64)]
    /// How many `moof` boxes the file holds.
    public var fragmentCount: Int
    /// The `trex` defaults, by track ID.
    public var defaults: [UInt32: TrackExtendsBox]
    /// The offsets of the `moof`s that hold more than the structure of a fragment: a box that
    /// no registry row places where it is (free space, unknown boxes, boxes out of place), or
    /// user data or metadata. The others need not be read again to find what a file holds
    /// besides samples.
    public var fragmentsWithOtherBoxes: [UInt64] = []

    public static func == (lhs: FragmentSummary, rhs: FragmentSummary) -> Bool {
        lhs.fragmentCount == rhs.fragmentCount && lhs.fragmentsWithOtherBoxes == rhs.fragmentsWithOtherBoxes && lhs.tracks.count == rhs.tracks.count && lhs.defaults == rhs.defaults
            && lhs.tracks.allSatisfy { rhs.tracks[$0.key]?.samples == $0.value.samples && rhs.tracks[$0.key]?.duration == $0.value.duration }
    }

    /// A summary of the given totals.
    public init(tracks: [UInt32: (samples: UInt64, duration: UInt64)], fragmentCount: Int, defaults: [UInt32: TrackExtendsBox]) {
        self.tracks = tracks
        self.fragmentCount = fragmentCount
        self.defaults = defaults
    }

    /// Adds up the `moof`s (``FragmentTally``), each parsed as it is reached; `trun`s left in
    /// the file by the parser are read from the file.
    public init(fragments: some Sequence<Box>, movieExtends: Box?, limits: Limits = .standard) throws(BoxError) {
        self = try FragmentTally(fragments: fragments, limits: limits).summary(movieExtends: movieExtends, limits: limits)
    }
}
