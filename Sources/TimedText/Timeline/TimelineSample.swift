/// One sample of a subtitle track: a time slice during which the set of visible cues does not
/// change.
public struct TimelineSample: Sendable, Equatable {
    /// The start, in timescale units.
    public let start: Int64
    /// The duration, in timescale units; always positive.
    public let duration: Int64
    /// The cues shown during the sample, in start order; empty for a gap.
    public let cues: [Cue]
    /// The index of each cue in the array the timeline was built from (parallel to ``cues``):
    /// pieces of one cue split across samples share it (the `wvtt` `vsid`).
    public let cueIndices: [Int]

    /// Creates a sample.
    public init(start: Int64, duration: Int64, cues: [Cue], cueIndices: [Int]) {
        self.start = start
        self.duration = duration
        self.cues = cues
        self.cueIndices = cueIndices
    }

    /// Whether no cue is shown (a gap, written as an empty sample).
    public var isEmpty: Bool { cues.isEmpty }

    /// Whether the sample is a forced subtitle: it has cues and all of them are forced.
    public var isForced: Bool { !cues.isEmpty && cues.allSatisfy(\.isForced) }
}
