/// Text from a file made safe to show on a terminal: a track name, chapter title or tag holding
/// ESC, BEL, NUL or a C1 control (U+009B is CSI to many terminals) could otherwise retitle,
/// recolour or clear the user's terminal, or forge lines of the report.
///
/// Control characters are written `\xNN` (`\x1B`): C0 (U+0000–U+001F), DEL (U+007F) and C1
/// (U+0080–U+009F). JSON output needs none of this: its string escapes cover them.
enum TerminalText {
    /// `text` as one field of a line: every control character escaped, tab and line breaks too,
    /// so that the field stays on its line and in its column.
    static func field(_ text: String) -> String {
        escaped(text) { _ in false }
    }

    /// Whole lines of output: every control character escaped but the line feeds that end the
    /// lines and tabs, the last defence for text a report did not escape field by field.
    static func lines(_ text: String) -> String {
        escaped(text) { $0 == "\n" || $0 == "\t" }
    }

    /// Whether `scalar` is a C0 or C1 control character or DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func escaped(_ text: String, keeping kept: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !kept($0) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar), !kept(scalar) {
                result += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Writes `text` and a line feed to standard output, with control characters escaped
/// (``TerminalText/lines(_:)``): every human-readable report prints through it.
func printLines(_ text: String) {
    print(TerminalText.lines(text))
}
