/// An ISO 8601 date and time (`2023-05-09T11:48:30Z`, `2023-05-09T13:48:30.250+02:00`) as
/// seconds since 1970-01-01 UTC: the form of GPX `<time>` (GPX 1.1, xsd:dateTime) and of
/// `--start`. A time without a zone is taken as UTC, as GPX requires.
public enum ISO8601Timestamp {
    /// Seconds since 1970 UTC; nil when `text` is not a complete date and time.
    public static func seconds(from text: String) -> Double? {
        var scanner = Array(text.utf8)[...]
        while scanner.first == 0x20 { scanner = scanner.dropFirst() }
        while scanner.last == 0x20 || scanner.last == 0x0A || scanner.last == 0x0D || scanner.last == 0x09 { scanner = scanner.dropLast() }
        guard let year = number(&scanner, digits: 4), take(&scanner, "-"), let month = number(&scanner, digits: 2), take(&scanner, "-"),
              let day = number(&scanner, digits: 2), take(&scanner, "T") || take(&scanner, "t") || take(&scanner, " "),
              let hour = number(&scanner, digits: 2), take(&scanner, ":"), let minute = number(&scanner, digits: 2),
              take(&scanner, ":"), let second = number(&scanner, digits: 2) else { return nil }
        guard (1...12).contains(month), (1...daysIn(month, year: year)).contains(day), hour <= 24, minute < 60, second <= 60 else { return nil }
        var fraction = 0.0
        if take(&scanner, ".") || take(&scanner, ",") {
            var scale = 0.1
            guard let first = scanner.first, (0x30...0x39).contains(first) else { return nil }
            while let digit = scanner.first, (0x30...0x39).contains(digit) {
                fraction += Double(digit - 0x30) * scale
                scale /= 10
                scanner = scanner.dropFirst()
            }
        }
        var offset = 0
        if take(&scanner, "Z") || take(&scanner, "z") {
            offset = 0
        } else if let sign = scanner.first, sign == 0x2B || sign == 0x2D {
            scanner = scanner.dropFirst()
            guard let hours = number(&scanner, digits: 2) else { return nil }
            _ = take(&scanner, ":")
            let minutes = scanner.isEmpty ? 0 : number(&scanner, digits: 2)
            guard let minutes, hours <= 14, minutes < 60 else { return nil }
            offset = (hours * 60 + minutes) * 60 * (sign == 0x2D ? -1 : 1)
        }
        guard scanner.isEmpty else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func number(_ scanner: inout ArraySlice<UInt8>, digits: Int) -> Int? {
        guard scanner.count >= digits else { return nil }
        var value = 0
        for digit in scanner.prefix(digits) {
            guard (0x30...0x39).contains(digit) else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        scanner = scanner.dropFirst(digits)
        return value
    }

    private static func take(_ scanner: inout ArraySlice<UInt8>, _ character: Unicode.Scalar) -> Bool {
        guard scanner.first == UInt8(character.value) else { return false }
        scanner = scanner.dropFirst()
        return true
    }
}
