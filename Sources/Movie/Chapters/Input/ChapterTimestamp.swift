import ISOBMFF

/// Clock times in chapter lists: `[[H:]M:]S` with an optional fraction after `.` or `,` —
/// `0:00`, `1:02:03`, `00:01:30.250`, `00:01:30,250` (SubRip's comma). Minutes and seconds
/// below 60 when a larger unit precedes them; the fraction is kept to the microsecond.
public enum ChapterTimestamp {
    /// The time `text` writes, or nil when it is not such a time.
    public static func parse(_ text: Substring) -> MediaTime? {
        var fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count), let last = fields.popLast() else { return nil }
        let secondsParts = last.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "," }
        guard (1...2).contains(secondsParts.count), let seconds = wholeNumber(secondsParts[0], maxDigits: 9) else { return nil }
        var microseconds: Int64 = 0
        if secondsParts.count == 2 {
            let digits = secondsParts[1]
            guard let value = wholeNumber(digits, maxDigits: 9) else { return nil }
            // Digits past the sixth round to the microsecond.
            microseconds = digits.count <= 6 ? value * pow10(6 - digits.count)
                : (value + pow10(digits.count - 6) / 2) / pow10(digits.count - 6)
        }
        let units = fields.compactMap { wholeNumber($0, maxDigits: 6) }
        guard units.count == fields.count else { return nil }
        if !units.isEmpty, seconds >= 60 { return nil }
        if units.count == 2, units[1] >= 60 { return nil }
        let hours = units.count == 2 ? units[0] : 0
        let minutes = units.last ?? 0
        return MediaTime(hours: hours, minutes: minutes, seconds: seconds, microseconds: microseconds)
    }

    /// `HH:MM:SS.mmm`, rounded to the millisecond.
    public static func format(_ time: MediaTime) -> String {
        let milliseconds = max(0, time.roundedMilliseconds)
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)).\(millis)"
    }

    private static func wholeNumber(_ text: Substring, maxDigits: Int) -> Int64? {
        guard !text.isEmpty, text.count <= maxDigits, text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int64(text)
    }

    private static func pow10(_ exponent: Int) -> Int64 {
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
