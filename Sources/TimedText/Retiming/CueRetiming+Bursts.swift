import Conversion
import ISOBMFF

/// Retiming CEA-608 byte pairs (an SCC file's lines), which stay on their frame grid.
extension CueRetiming {
    /// Bursts retimed, with those that landed before the start.
    public struct RetimedBursts: Sendable, Equatable {
        /// The bursts from frame 0 on, frames strictly increasing.
        public var bursts: [CEA608Burst]
        /// The bursts left out for landing before frame 0.
        public var losses: [ConversionLoss]
    }

    /// Moves each burst to the frame of `frameRate`'s grid nearest its retimed start; the pairs
    /// themselves are carried unchanged (a caption keeps its commands and text). A burst that
    /// lands before frame 0 is left out and named (its commands go with it, so a caption it
    /// began may not show); one that lands on or before the frame of the burst before it (a
    /// slow-down squeezing lines together) goes to the next frame, keeping the order.
    public func retimed(_ bursts: [CEA608Burst], frameRate: CEA608FrameRate) -> RetimedBursts {
        guard !isIdentity else { return RetimedBursts(bursts: bursts, losses: []) }
        var kept: [CEA608Burst] = []
        var leftOut: [Int] = []
        for (index, burst) in bursts.enumerated() {
            var frame = frameRate.frame(nearest: time(frameRate.time(ofFrame: burst.frame)))
            guard frame >= 0 else {
                leftOut.append(index + 1)
                continue
            }
            if let previous = kept.last { frame = max(frame, previous.frame + 1) }
            kept.append(CEA608Burst(frame: frame, pairs: burst.pairs))
        }
        return RetimedBursts(bursts: kept, losses: ConversionLoss.beforeStart(.captionBurst, leftOut: leftOut, cut: []))
    }
}
