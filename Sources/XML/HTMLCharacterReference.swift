/// HTML's character references (`&amp;`, `&notin;`, `&not` unterminated, `&#233;`, `&#xE9;`), read
/// as HTML's tokenizer reads them in text (WHATWG HTML §13.2.5.72–80, "character reference state"
/// to "numeric character reference end state"), which WebVTT cue text follows (W3C WebVTT
/// §6.4, "WebVTT cue text tokenizer": "consume a character reference").
///
/// Named references come from HTML's full list (Scripts/make-html-entities generates it):
/// the longest name that matches wins, so `&notit;` is `¬it;`; names without `;` are only the
/// legacy ones HTML accepts unterminated. Numeric references that name no usable character
/// become U+FFFD, and the C1 range is read as Windows-1252, as HTML says.
public enum HTMLCharacterReference {
    /// Reads a reference at the scanner (positioned on `&`). On success consumes it and returns
    /// the text it stands for (one or two scalars); otherwise leaves the scanner where it was and
    /// returns nil: the `&` is a literal ampersand.
    public static func read(_ scanner: inout ScalarScanner) -> String? {
        let start = scanner.position
        scanner.advance()
        let text = scanner.current == "#" ? readNumeric(&scanner) : readNamed(&scanner, start: start)
        if text == nil { scanner.move(to: start) }
        return text
    }

    /// The named references: name (with its `;`, if it has one) → text.
    static let namedTable: [String: String] = {
        var table: [String: String] = [:]
        for record in packedTable.split(whereSeparator: \.isWhitespace) {
            guard let colon = record.lastIndex(of: ":") else { continue }
            let scalars = record[record.index(after: colon)...].split(separator: "+").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            table[String(record[..<colon])] = String(String.UnicodeScalarView(scalars))
        }
        return table
    }()

    /// The longest name in the list (`CounterClockwiseContourIntegral;` less its `;`), and the
    /// longest legacy name (`middot`): bounds that keep a lone `&` before a long word cheap.
    private static let longestName = 31, longestLegacyName = 6

    /// After `&`: letters and digits, then `;` for a full name, else the longest legacy prefix.
    private static func readNamed(_ scanner: inout ScalarScanner, start: Int) -> String? {
        var name = String.UnicodeScalarView()
        while let scalar = scanner.current, scalar.isASCIILetter || scalar.isASCIIDigit, name.count < longestName {
            name.append(scalar)
            scanner.advance()
        }
        guard !name.isEmpty else { return nil }
        if scanner.current == ";", let text = namedTable[String(name) + ";"] {
            scanner.advance()
            return text
        }
        for length in stride(from: min(name.count, longestLegacyName), through: 2, by: -1) {
            if let text = namedTable[String(String.UnicodeScalarView(name.prefix(length)))] {
                scanner.move(to: start + 1 + length)
                return text
            }
        }
        return nil
    }

    /// After `&`, at `#`: decimal digits or `x` and hex digits, then an optional `;`.
    private static func readNumeric(_ scanner: inout ScalarScanner) -> String? {
        scanner.advance()
        var radix: UInt32 = 10
        if scanner.current == "x" || scanner.current == "X" {
            radix = 16
            scanner.advance()
        }
        var value: UInt32 = 0, count = 0
        while let scalar = scanner.current, let digit = hexDigitValue(scalar), digit < radix {
            // Saturate: anything past U+10FFFF is replaced anyway.
            value = min(value * radix + digit, 0x11_0000)
            count += 1
            scanner.advance()
        }
        guard count > 0 else { return nil }
        _ = scanner.consume(";")
        return String(Character(numericScalar(value)))
    }

    /// HTML's "numeric character reference end state": NUL, surrogates and values beyond
    /// Unicode become U+FFFD; 0x80–0x9F are the Windows-1252 characters.
    private static func numericScalar(_ value: UInt32) -> Unicode.Scalar {
        if let replacement = windows1252[value] { return replacement }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    private static func hexDigitValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: scalar.value - 0x30
        case 0x41...0x46: scalar.value - 0x41 + 10
        case 0x61...0x66: scalar.value - 0x61 + 10
        default: nil
        }
    }

    /// HTML's table for numeric references in 0x80–0x9F (the code points Windows-1252 gives
    /// characters; the others stay C1 controls).
    private static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}",
        0x86: "\u{2020}", 0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}",
        0x8B: "\u{2039}", 0x8C: "\u{0152}", 0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}",
        0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}", 0x96: "\u{2013}", 0x97: "\u{2014}",
        0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}", 0x9C: "\u{0153}",
        0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]
}
