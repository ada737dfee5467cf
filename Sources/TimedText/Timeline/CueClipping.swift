/// Cues held against an end time, the movie's: which start at or after it (left out) and which
/// run past it (cut there). Cue numbers count from 1 in input order, as messages name them.
public struct CueClipping: Sendable, Equatable {
    /// The cues that remain, in input order, those running past the end cut at it.
    public let cues: [Cue]
    /// Numbers of the cues that start at or after the end.
    public let leftOut: [Int]
    /// Numbers of the cues that start before the end and end after it.
    public let cut: [Int]

    public init(_ cues: [Cue], end: SubtitleTime) {
        var kept: [Cue] = []
        var leftOut: [Int] = []
        var cut: [Int] = []
        kept.reserveCapacity(cues.count)
        for (index, cue) in cues.enumerated() {
            if cue.start >= end {
                leftOut.append(index + 1)
                continue
            }
            var cue = cue
            if cue.end > end {
                cut.append(index + 1)
                cue.end = end
            }
            kept.append(cue)
        }
        self.cues = kept
        self.leftOut = leftOut
        self.cut = cut
    }

    /// The first cue past the end, by number: what a refusal names.
    public var firstPastEnd: Int? { [leftOut.first, cut.first].compactMap { $0 }.min() }
}
