/// Reads the text tables of ``LanguageTables``: one record a line, fields separated by `|`.
enum CodeTable {
    /// Each line's fields, in order; empty fields kept.
    static func records(_ text: String) -> [[Substring]] {
        text.split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false) }
    }

    /// The lines of a `code|name` table as code → name.
    static func names(_ text: String) -> [String: String] {
        var table: [String: String] = [:]
        for fields in records(text) where fields.count == 2 {
            table[String(fields[0])] = String(fields[1])
        }
        return table
    }
}
