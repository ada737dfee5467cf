import Conversion
import Movie
import TimedText

/// Caption bursts held to the movie's end (`PastEndPolicy`): a burst sent at or after the end
/// is left out, one still sending pairs there is cut to the pairs sent before it. CTA-608 sends
/// one pair a frame, so a burst of n pairs from frame f sends until frame f + n.
struct CaptionBurstsPastEnd {
    /// The bursts kept, cut where they cross the end.
    let bursts: [CEA608Burst]
    /// What holding them to the end lost, one entry per kind.
    let losses: [ConversionLoss]
    /// The end in the grid's timescale; nil when nothing is held to it.
    private let endUnits: Int64?

    /// `bursts` on `frameRate`'s grid held to `movieEnd` by `policy`; nil end (a movie without
    /// a duration) or `extend` keeps them all. Padding past the end is dropped silently: it
    /// shows nothing.
    init(_ bursts: [CEA608Burst], frameRate: CEA608FrameRate, movieEnd: SubtitleTime?, policy: PastEndPolicy) throws(EditError) {
        guard let movieEnd, policy != .extend else {
            self.bursts = bursts
            losses = []
            endUnits = nil
            return
        }
        // The first frame starting at or after the end.
        let nearest = max(frameRate.frame(nearest: movieEnd), 0)
        let endFrame = frameRate.time(ofFrame: nearest) < movieEnd ? nearest + 1 : nearest
        var kept: [CEA608Burst] = []
        var leftOut: [Int] = []
        var cut: [Int] = []
        for (index, burst) in bursts.enumerated() {
            let sentBefore = burst.frame >= endFrame ? 0 : min(burst.pairs.count, Int(clamping: endFrame - max(burst.frame, 0)))
            if sentBefore > 0 { kept.append(CEA608Burst(frame: burst.frame, pairs: Array(burst.pairs[..<sentBefore]))) }
            guard !burst.pairs[sentBefore...].allSatisfy(\.isPadding) else { continue }
            if policy == .refuse {
                throw .captionBurstPastEnd(number: index + 1, start: frameRate.time(ofFrame: burst.frame), movieEnd: movieEnd)
            }
            if sentBefore > 0 { cut.append(index + 1) } else { leftOut.append(index + 1) }
        }
        self.bursts = kept
        losses = ConversionLoss.heldToMovieEnd(.captionBurst, leftOut: leftOut, cut: cut, end: movieEnd)
        endUnits = movieEnd.units(inTimescale: frameRate.timescale)
    }

    /// `samples` of the kept bursts with the last one ending at the end: it lasts its pairs'
    /// frames, and the frame of its last pair may end after the movie does.
    func trimmed(_ samples: [TimedTextSample]) -> [TimedTextSample] {
        guard let endUnits, var last = samples.last, last.start < endUnits, last.duration > endUnits - last.start else { return samples }
        last.duration = endUnits - last.start
        var trimmed = samples
        trimmed[trimmed.count - 1] = last
        return trimmed
    }
}
