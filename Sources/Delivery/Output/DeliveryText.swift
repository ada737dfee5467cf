/// Text as it appears in messages and comments.
enum DeliveryText {
    /// `text` quoted, control characters shown as `\u{0}`.
    static func printable(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined() + "\""
    }

    /// `text` on one line: line breaks become spaces.
    static func singleLine(_ text: String) -> String {
        String(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }
}
