/// One sample of a subtitle track: a time slice during which the set of visible cues does not
/// change.
///
/// A sample names its cues by index into the cue list the timeline was built from, which all
/// its samples share: overlapping cues appear in many samples, and copying each cue into each
/// would cost memory as the square of the overlap.
public struct TimelineSample: Sendable, Equatable {
    /// The start, in timescale units.
    public let start: Int64
    /// The duration, in timescale units; always positive.
    public let duration: Int64
    /// The index of each cue shown in the array the timeline was built from, in start order:
    /// pieces of one cue split across samples share it (the `wvtt` `vsid`).
    public let cueIndices: [Int]
    /// The cues the indices point into (for a sample made with ``init(start:duration:cues:cueIndices:)``,
    /// its own cues, at ``positions``).
    private let storage: CueStorage
    /// Where each shown cue is in ``storage``; nil when that is ``cueIndices`` itself.
    private let positions: [Int]?

    /// Creates a sample showing `cues`, whose indices in the caller's cue list are `cueIndices`.
    public init(start: Int64, duration: Int64, cues: [Cue], cueIndices: [Int]) {
        self.start = start
        self.duration = duration
        self.cueIndices = cueIndices
        storage = CueStorage(cues)
        positions = Array(cues.indices)
    }

    /// A sample of a timeline whose cues are all in `storage`.
    init(start: Int64, duration: Int64, storage: CueStorage, cueIndices: [Int]) {
        self.start = start
        self.duration = duration
        self.cueIndices = cueIndices
        self.storage = storage
        positions = nil
    }

    /// The cues shown during the sample, in start order; empty for a gap.
    public var cues: [Cue] { (positions ?? cueIndices).map { storage.cues[$0] } }

    /// Whether no cue is shown (a gap, written as an empty sample).
    public var isEmpty: Bool { cueIndices.isEmpty }

    /// Whether the sample is a forced subtitle: it has cues and all of them are forced.
    public var isForced: Bool { !isEmpty && (positions ?? cueIndices).allSatisfy { storage.cues[$0].isForced } }

    public static func == (lhs: TimelineSample, rhs: TimelineSample) -> Bool {
        lhs.start == rhs.start && lhs.duration == rhs.duration && lhs.cueIndices == rhs.cueIndices && lhs.cues == rhs.cues
    }
}

/// The cue list a timeline's samples share.
final class CueStorage: Sendable {
    let cues: [Cue]
    init(_ cues: [Cue]) { self.cues = cues }
}
