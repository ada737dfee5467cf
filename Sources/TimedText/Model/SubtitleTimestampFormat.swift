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
        time.clockText(fractionSeparator: self == .subRip ? "," : ".")
    }
}
