/// A forward-only cursor over the Unicode scalars of one line or attribute value, with the
/// few primitives the timestamp, setting and markup parsers share.
public struct ScalarScanner {
    /// The text's Unicode scalars.
    public let scalars: [Unicode.Scalar]
    /// The index in ``scalars`` of the next scalar to read.
    public private(set) var position = 0

    /// Creates a scanner at the start of `text`.
    public init(_ text: some StringProtocol) {
        scalars = Array(text.unicodeScalars)
    }

    /// Whether every scalar has been read.
    public var isAtEnd: Bool { position >= scalars.count }

    /// The scalar at the current position; nil at the end.
    public var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    /// The scalar `offset` places after the current one; nil past the end.
    public func peek(_ offset: Int) -> Unicode.Scalar? {
        let index = position + offset
        return index < scalars.count ? scalars[index] : nil
    }

    /// Moves forward `count` scalars, stopping at the end.
    public mutating func advance(by count: Int = 1) {
        position = min(position + count, scalars.count)
    }

    /// Moves to `newPosition`, clamped to the text.
    public mutating func move(to newPosition: Int) {
        position = min(max(newPosition, 0), scalars.count)
    }

    /// Consumes `literal` if the text continues with it.
    public mutating func consume(_ literal: String) -> Bool {
        var index = position
        for scalar in literal.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        position = index
        return true
    }

    /// Moves past spaces, tabs and line breaks.
    public mutating func skipWhitespace() {
        while let scalar = current, scalar.isTextWhitespace { position += 1 }
    }

    /// Consumes ASCII digits, returning their value (saturating at about 10^17, far beyond any
    /// meaningful time component) and how many there were.
    public mutating func digits() -> (value: Int64, count: Int) {
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
    public mutating func collect(until stop: (Unicode.Scalar) -> Bool) -> String {
        var result = String.UnicodeScalarView()
        while let scalar = current, !stop(scalar) {
            result.append(scalar)
            position += 1
        }
        return String(result)
    }

    /// The rest of the text from the current position.
    public var remainder: String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[min(position, scalars.count)...])
        return String(result)
    }
}

/// ASCII classes the parsers test scalars against.
extension Unicode.Scalar {
    /// Whether the scalar is `0`…`9`.
    public var isASCIIDigit: Bool { value >= 0x30 && value <= 0x39 }

    /// Whether the scalar is `A`…`Z` or `a`…`z`.
    public var isASCIILetter: Bool { (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A }
}
