/// The canonical text form of a timestamp in a subtitle format: `HH:MM:SS,mmm` for SubRip and
/// `HH:MM:SS.mmm` for WebVTT.
///
/// Hours always have at least two digits; times are rounded to the nearest millisecond and
/// negative times are written as zero (neither format can express them).
public enum SubtitleTimestampFormat: Sendable {
    /// `HH:MM:SS,mmm`.
    case subRip
    /// `HH:MM:SS.mmm`.
    case webVTT

    /// The timestamp text for `time`.
    public func string(for time: SubtitleTime) -> String {
        let totalMilliseconds = max(0, time.roundedMilliseconds)
        let milliseconds = totalMilliseconds % 1_000
        let totalSeconds = totalMilliseconds / 1_000
        let separator = self == .subRip ? "," : "."
        return Self.padded(totalSeconds / 3_600, 2) + ":" + Self.padded(totalSeconds / 60 % 60, 2) + ":"
            + Self.padded(totalSeconds % 60, 2) + separator + Self.padded(milliseconds, 3)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
