/// Character references (`&amp;`, `&#233;`, `&#xE9;`) as XML uses them (WebVTT cue text reads
/// HTML's: ``HTMLCharacterReference``).
public enum CharacterReference {
    /// The five references XML predefines.
    public static let xml: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
    ]

    /// The scalar for the reference body between `&` and `;` (`amp`, `#233`, `#xE9`), or nil
    /// when it is unknown or names no valid scalar.
    public static func resolve(_ body: String, named table: [String: Unicode.Scalar]) -> Unicode.Scalar? {
        guard body.hasPrefix("#") else { return table[body] }
        let number = body.dropFirst()
        let value: UInt32?
        if number.first == "x" || number.first == "X" {
            value = number.count <= 9 ? UInt32(number.dropFirst(), radix: 16) : nil
        } else {
            value = number.count <= 8 ? UInt32(number) : nil
        }
        guard let value, value != 0 else { return nil }
        return Unicode.Scalar(value)
    }

    /// Reads a reference at the scanner (positioned on `&`). On success consumes it and returns
    /// the scalar; otherwise leaves the scanner where it was.
    public static func read(_ scanner: inout ScalarScanner, named table: [String: Unicode.Scalar]) -> Unicode.Scalar? {
        let start = scanner.position
        scanner.advance()
        // References are short; bounding the look-ahead keeps a lone `&` in a long text cheap.
        var body = String.UnicodeScalarView()
        while let scalar = scanner.current, scalar != ";", body.count < 12,
              scalar.isASCIILetter || scalar.isASCIIDigit || scalar == "#" {
            body.append(scalar)
            scanner.advance()
        }
        if scanner.consume(";"), let scalar = resolve(String(body), named: table) {
            return scalar
        }
        scanner.move(to: start)
        return nil
    }
}
