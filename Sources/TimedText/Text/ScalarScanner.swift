/// A forward-only cursor over the Unicode scalars of one line or attribute value, with the
/// few primitives the timestamp, setting and markup parsers share.
struct ScalarScanner {
    let scalars: [Unicode.Scalar]
    private(set) var position = 0

    init(_ text: some StringProtocol) {
        scalars = Array(text.unicodeScalars)
    }

    var isAtEnd: Bool { position >= scalars.count }

    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func peek(_ offset: Int) -> Unicode.Scalar? {
        let index = position + offset
        return index < scalars.count ? scalars[index] : nil
    }

    mutating func advance(by count: Int = 1) {
        position = min(position + count, scalars.count)
    }

    mutating func move(to newPosition: Int) {
        position = min(max(newPosition, 0), scalars.count)
    }

    /// Consumes `literal` if the text continues with it.
    mutating func consume(_ literal: String) -> Bool {
        var index = position
        for scalar in literal.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        position = index
        return true
    }

    mutating func skipWhitespace() {
        while let scalar = current, scalar.isSubtitleWhitespace { position += 1 }
    }

    /// Consumes ASCII digits, returning their value (saturating at about 10^17, far beyond any
    /// meaningful time component) and how many there were.
    mutating func digits() -> (value: Int64, count: Int) {
        var value: Int64 = 0
        var count = 0
        while let scalar = current, scalar.isASCIIDigit {
            if value < 100_000_000_000_000_000 {
                value = value * 10 + Int64(scalar.value - 0x30)
            }
            count += 1
            position += 1
        }
        return (value, count)
    }

    /// Consumes scalars up to (not including) the next one matching `stop`, or to the end.
    mutating func collect(until stop: (Unicode.Scalar) -> Bool) -> String {
        var result = String.UnicodeScalarView()
        while let scalar = current, !stop(scalar) {
            result.append(scalar)
            position += 1
        }
        return String(result)
    }

    /// The rest of the text from the current position.
    var remainder: String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[min(position, scalars.count)...])
        return String(result)
    }
}

extension Unicode.Scalar {
    var isASCIIDigit: Bool { value >= 0x30 && value <= 0x39 }

    var isASCIILetter: Bool { (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A }
}

/// Converts a decimal fraction given as `digits` (with `count` digits, e.g. 5 and 1 for ".5")
/// to microseconds, exactly for up to six digits; further digits are truncated.
func fractionMicroseconds(_ digits: Int64, count: Int) -> Int64 {
    guard count > 0 else { return 0 }
    if count <= 6 {
        var scale: Int64 = 1
        for _ in count..<6 { scale *= 10 }
        return digits * scale
    }
    // `digits` saturates for very long fractions; only its leading six digits matter.
    var value = digits
    var remaining = min(count, 18)
    while remaining > 6 {
        value /= 10
        remaining -= 1
    }
    return value
}
