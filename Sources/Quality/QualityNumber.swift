import ISOBMFF
import TimedText

/// How qc (and the report) write numbers: at most one decimal for rates, milliseconds for times.
public enum QualityNumber {
    /// `20`, `23.4`.
    public static func text(_ value: Double) -> String {
        guard value.isFinite else { return "∞" }
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int64(tenths / 10)) : String(tenths / 10)
    }

    /// `0.833 s`, `7 s`.
    public static func seconds(_ time: SubtitleTime) -> String {
        let milliseconds = time.roundedMilliseconds
        let sign = milliseconds < 0 ? "-" : ""
        let magnitude = milliseconds.magnitude
        let fraction = magnitude % 1000
        guard fraction != 0 else { return "\(sign)\(magnitude / 1000) s" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(magnitude / 1000).\(digits) s"
    }
}
