import ISOBMFF

/// Moves cue times made for another cut, frame rate or timecode origin onto a movie's clock:
/// `(t − origin) × from/to + offset`, in that order.
///
/// The origin comes off first because it is a label on the source's own clock (a broadcast
/// file's 10:00:00:00); the rate change then scales the source's times (a 24000/1001 → 25 PAL
/// speed-up plays every second in 24000/25025 of one); the offset, being measured on the target,
/// comes last. The scaling is exact rational arithmetic, one rounding to the microsecond
/// (`roundedMultiplyDivide` of ISOBMFF), so no error accumulates over a long file.
public struct CueRetiming: Sendable, Hashable {
    /// The source's timecode origin, subtracted first.
    public var origin: SubtitleTime
    /// The source's frame rate and the target's: times are scaled by `from / to`.
    public var rateChange: FrameRateChange?
    /// Added last, on the target's clock; negative moves cues earlier.
    public var offset: SubtitleTime

    /// A retiming; the defaults change nothing.
    public init(origin: SubtitleTime = .zero, rateChange: FrameRateChange? = nil, offset: SubtitleTime = .zero) {
        self.origin = origin
        self.rateChange = rateChange
        self.offset = offset
    }

    /// Whether the retiming leaves every time as it is.
    public var isIdentity: Bool {
        origin == .zero && offset == .zero && (rateChange.map { $0.from == $0.to } ?? true)
    }

    /// Where `time` lands (it may be negative: before the target's start).
    public func time(_ time: SubtitleTime) -> SubtitleTime {
        var microseconds = time.microseconds - origin.microseconds
        if let (multiplier, divisor) = rateChange?.scale {
            // Both factors are reduced and at most 10^12, and times at most 3.6 × 10^17 µs, so the
            // 128-bit product always fits; a quotient past Int64 is clamped as MediaTime clamps.
            microseconds = roundedMultiplyDivide(microseconds, multiplier, divisor) ?? (microseconds < 0 ? .min / 2 : .max / 2)
        }
        return SubtitleTime(microseconds: microseconds) + offset
    }
}
