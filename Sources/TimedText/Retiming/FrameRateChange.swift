/// Cues timed to one frame rate played at another: a PAL speed-up (24000/1001 → 25) plays every
/// second of the source in 24000/25025 of one, so cue times scale by `from / to`.
public struct FrameRateChange: Sendable, Hashable, CustomStringConvertible {
    /// The rate the cues were timed to.
    public var from: FrameRateRatio
    /// The rate they are played at.
    public var to: FrameRateRatio

    /// A change from `from` to `to`.
    public init(from: FrameRateRatio, to: FrameRateRatio) {
        self.from = from
        self.to = to
    }

    /// Reads `FROM:TO`, each as ``FrameRateRatio/init(parsing:)`` reads a rate (`25:24000/1001`).
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let from = FrameRateRatio(parsing: String(parts[0])), let to = FrameRateRatio(parsing: String(parts[1])) else {
            return nil
        }
        self.init(from: from, to: to)
    }

    /// `from / to` as a reduced fraction; both terms are at most 10^12 (rates' terms are at
    /// most 10^6).
    public var scale: (multiplier: Int64, divisor: Int64) {
        let multiplier = from.numerator * to.denominator
        let divisor = from.denominator * to.numerator
        let common = FrameRateRatio.greatestCommonDivisor(multiplier, divisor)
        return (multiplier / common, divisor / common)
    }

    /// `25:24000/1001`.
    public var description: String { "\(from):\(to)" }
}
