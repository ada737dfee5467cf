/// An exact point in (or span of) media time, stored as whole microseconds: the clock of the
/// movie model, of chapters and (as `SubtitleTime`) of subtitle cues.
///
/// Microseconds are fine enough that every millisecond timestamp (SubRip, WebVTT) is exact and
/// TTML frame and tick times are within half a microsecond; being an integer, sums and
/// differences never drift. Values are clamped to ±``maximum`` (about 100,000 hours) so that
/// conversion to any 32-bit track timescale fits in 64 bits.
public struct MediaTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The time in microseconds.
    public let microseconds: Int64

    /// The largest magnitude a time may have: 100,000 hours.
    public static let maximum = MediaTime(clamping: 100_000 * 3_600 * 1_000_000)

    /// Time zero.
    public static let zero = MediaTime(clamping: 0)

    /// Creates a time from microseconds, clamped to ±``maximum``.
    public init(microseconds: Int64) {
        self.init(clamping: microseconds)
    }

    private init(clamping value: Int64) {
        let limit: Int64 = 100_000 * 3_600 * 1_000_000
        microseconds = min(max(value, -limit), limit)
    }

    /// Creates a time from milliseconds, clamped to ±``maximum``.
    public static func milliseconds(_ value: Int64) -> MediaTime {
        MediaTime(microseconds: value.clampedComponent * 1_000)
    }

    /// Creates a time from whole seconds, clamped to ±``maximum``.
    public static func seconds(_ value: Int64) -> MediaTime {
        MediaTime(hours: 0, minutes: 0, seconds: value)
    }

    /// Creates a time from clock components; each component is taken as given (no range check).
    public init(hours: Int64, minutes: Int64, seconds: Int64, microseconds: Int64 = 0) {
        // Components come from parsers that bound their digit counts, so this cannot overflow
        // for any input they accept; clamping keeps the result in range anyway.
        let total = (hours.clampedComponent * 60 + minutes.clampedComponent) * 60 + seconds.clampedComponent
        self.init(clamping: total.clampedComponent * 1_000_000 + microseconds.clampedComponent)
    }

    /// The time rounded to the nearest millisecond (halves away from zero).
    public var roundedMilliseconds: Int64 {
        roundedMultiplyDivide(microseconds, 1, 1_000) ?? 0
    }

    /// The time in units of `timescale` per second, rounded to the nearest unit (halves away
    /// from zero), computed exactly with integer arithmetic.
    ///
    /// Returns 0 for a timescale of 0.
    public func units(inTimescale timescale: UInt32) -> Int64 {
        roundedMultiplyDivide(microseconds, Int64(timescale), 1_000_000) ?? 0
    }

    /// Creates the time of `units` ticks of a `timescale`, rounded to the nearest microsecond.
    ///
    /// Returns `nil` for a timescale of 0.
    public init?(units: Int64, timescale: UInt32) {
        guard timescale > 0, let value = roundedMultiplyDivide(units, 1_000_000, Int64(timescale)) else {
            return nil
        }
        self.init(clamping: value)
    }

    public static func < (lhs: MediaTime, rhs: MediaTime) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    /// The sum of two times, clamped to ±``maximum``.
    public static func + (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        MediaTime(clamping: lhs.microseconds + rhs.microseconds)
    }

    /// The difference of two times, clamped to ±``maximum``.
    public static func - (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        MediaTime(clamping: lhs.microseconds - rhs.microseconds)
    }

    /// The WebVTT form, e.g. `00:01:02.500`.
    public var description: String {
        clockText(fractionSeparator: ".")
    }

    /// `HH:MM:SS` and the milliseconds after `fractionSeparator`: hours have at least two digits,
    /// the time is rounded to the nearest millisecond and a negative time is written as zero.
    public func clockText(fractionSeparator: String) -> String {
        let totalMilliseconds = max(0, roundedMilliseconds)
        let totalSeconds = totalMilliseconds / 1_000
        return Self.padded(totalSeconds / 3_600, 2) + ":" + Self.padded(totalSeconds / 60 % 60, 2) + ":"
            + Self.padded(totalSeconds % 60, 2) + fractionSeparator + Self.padded(totalMilliseconds % 1_000, 3)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    public init(from decoder: any Decoder) throws {
        self.init(clamping: try decoder.singleValueContainer().decode(Int64.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(microseconds)
    }
}

extension Int64 {
    /// Bounds a clock component so that the arithmetic in `MediaTime.init(hours:...)`
    /// cannot overflow; anything this large is clamped to ``MediaTime/maximum`` anyway.
    fileprivate var clampedComponent: Int64 {
        let bound: Int64 = 1 << 42
        return Swift.min(Swift.max(self, -bound), bound)
    }
}
