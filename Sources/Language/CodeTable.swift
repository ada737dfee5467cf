/// Reads the text tables of ``LanguageTables``: one record a line, fields separated by `|`, lines
/// sorted by their first field's bytes.
///
/// A lookup is a binary search over the table's UTF-8 bytes, so naming one language costs a few
/// dozen line comparisons rather than parsing thousands of lines (which took longer than the rest
/// of `legible info`). `\n` and `|` never occur inside a multi-byte UTF-8 sequence, so the search
/// can cut the bytes anywhere and step to the nearest line start.
enum CodeTable {
    /// The fields after the first of the line whose first field is `key`; nil when no line has it.
    static func fields(of key: String, in table: String) -> [Substring]? {
        let bytes = table.utf8
        let target = Array(key.utf8)
        var low = bytes.startIndex
        var high = bytes.endIndex
        while low < high {
            let middle = bytes.index(low, offsetBy: bytes.distance(from: low, to: high) / 2)
            let lineStart = bytes[low..<middle].lastIndex(of: UInt8(ascii: "\n")).map(bytes.index(after:)) ?? low
            let lineEnd = bytes[middle..<high].firstIndex(of: UInt8(ascii: "\n")) ?? high
            let keyEnd = bytes[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: "|")) ?? lineEnd
            let lineKey = bytes[lineStart..<keyEnd]
            if lineKey.elementsEqual(target) {
                return table[keyEnd..<lineEnd].dropFirst().split(separator: "|", omittingEmptySubsequences: false)
            }
            if lineKey.lexicographicallyPrecedes(target) {
                low = lineEnd < high ? bytes.index(after: lineEnd) : high
            } else {
                high = lineStart
            }
        }
        return nil
    }

    /// The second field of the line whose first field is `key` (a `code|name` table's name).
    static func name(of key: String, in table: String) -> String? {
        fields(of: key, in: table)?.first.map(String.init)
    }

    /// Every line's fields, in order; empty fields kept. Splits on bytes, not characters.
    static func records(_ table: String) -> [[Substring]] {
        table.split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false) }
    }
}
