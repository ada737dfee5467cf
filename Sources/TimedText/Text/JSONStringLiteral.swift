/// A string written as a JSON string literal (RFC 8259 §7): quotation mark, reverse solidus
/// and control characters escaped (C0, and DEL and C1 too, which JSON allows raw but a terminal
/// may obey: U+009B is CSI to many), everything else as it is (JSON text is UTF-8).
public enum JSONStringLiteral {
    /// `text` between quotation marks, escaped.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20 || (0x7F...0x9F).contains(control.value):
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
