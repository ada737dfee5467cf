import XML
/// WebVTT timestamps: `[hh+:]mm:ss.ttt`, parsed with the specification's strict rules.
enum WebVTTTimestamp {
    /// Parses a timestamp at the scanner; on failure the scanner position is unspecified.
    static func parse(_ scanner: inout ScalarScanner) -> SubtitleTime? {
        let first = scanner.digits()
        guard first.count > 0 else { return nil }
        let firstIsHours = first.count != 2 || first.value > 59
        guard scanner.consume(":") else { return nil }
        let second = scanner.digits()
        guard second.count == 2 else { return nil }
        var hours: Int64 = 0, minutes = first.value, seconds = second.value
        if firstIsHours || scanner.current == ":" {
            guard scanner.consume(":"), first.count <= 10 else { return nil }
            let third = scanner.digits()
            guard third.count == 2 else { return nil }
            (hours, minutes, seconds) = (first.value, second.value, third.value)
        }
        guard scanner.consume(".") else { return nil }
        let fraction = scanner.digits()
        guard fraction.count == 3, minutes <= 59, seconds <= 59 else { return nil }
        return SubtitleTime(hours: hours, minutes: minutes, seconds: seconds, microseconds: fraction.value * 1_000)
    }

    /// Parses a string that must be exactly one timestamp.
    static func parse(_ text: some StringProtocol) -> SubtitleTime? {
        var scanner = ScalarScanner(text)
        guard let time = parse(&scanner), scanner.isAtEnd else { return nil }
        return time
    }
}
