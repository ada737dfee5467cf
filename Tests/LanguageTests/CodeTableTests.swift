import Testing
@testable import Language

/// The binary search finds every line of every generated table, and nothing else: proof that the
/// generator sorted each table the way the search needs.
@Suite struct CodeTableTests {
    static let tables = [LanguageTables.iso639_2, LanguageTables.iso639_1, LanguageTables.iso639_2b, LanguageTables.iso639_3, LanguageTables.regions,
                         LanguageTables.scripts, LanguageTables.nativeNames]

    @Test(arguments: 0..<7) func everyLineIsFound(table: Int) {
        let text = Self.tables[table]
        let records = CodeTable.records(text)
        #expect(records.count > 15)
        for fields in records {
            #expect(CodeTable.fields(of: String(fields[0]), in: text) == Array(fields.dropFirst()), "\(fields[0])")
        }
    }

    @Test func absentKeysAreNotFound() {
        for key in ["", "a", "aa", "zzzz", "qaa", "Zzzz1", "~", "\u{0}", "es_", "aaa|Ghotuo"] {
            #expect(CodeTable.fields(of: key, in: LanguageTables.iso639_3) == nil, "\(key)")
        }
        #expect(CodeTable.fields(of: "x", in: "") == nil)
        #expect(CodeTable.name(of: "b", in: "a|1\nb|2\nc|3") == "2")
        #expect(CodeTable.name(of: "c", in: "a|1\nb|2\nc|3") == "3")
        #expect(CodeTable.name(of: "a", in: "a|1\nb|2\nc|3") == "1")
    }
}
