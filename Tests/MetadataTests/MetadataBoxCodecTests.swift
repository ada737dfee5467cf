import ISOBMFF
import LegibleTestSupport
import Testing
@testable import Metadata

/// The QuickTime metadata codecs keep what they do not interpret, so a box decoded and encoded
/// again is the box as read (QTFF "Metadata item keys atom", "Metadata key table atom").
@Suite struct MetadataBoxCodecTests {
    /// A key atom: typed by its local key ID, which is not text.
    static func keyAtom(_ localID: UInt32, _ atoms: [TestBox]) -> TestBox {
        let body = atoms.flatMap(\.bytes)
        return .raw(be32(UInt32(8 + body.count)) + be32(localID) + body)
    }

    static func reader(_ bytes: [UInt8]) -> ByteReader { ByteReader(bytes) }

    /// Bytes after the counted entries of a `meta/keys` box stay (a fuzzed file had them).
    @Test func keysBoxKeepsBytesAfterItsEntries() throws {
        let payload = [0, 0, 0, 0] + be32(1) + be32(12) + ascii("mdta") + ascii("abcd") + [9, 9, 9]
        var reader = Self.reader(payload)
        let keys = try MetadataKeysBox(parsing: &reader, type: "keys")
        #expect(keys.entries.map(\.key) == ["abcd"])
        #expect(keys.trailing == [9, 9, 9])
        #expect(keys.payload == payload)
    }

    /// A key atom with atoms the table does not read (Apple's `sdpd`) and one laid out in
    /// another order (`loca` before `dtyp`) are written back as read; a changed key is written
    /// the table's way, with the atoms it does not read after its own.
    @Test func keyTableKeepsAtomsItDoesNotRead() throws {
        let keyd = TestBox.leaf("keyd", ascii("mdta") + ascii("com.example.one"))
        let dtyp = TestBox.leaf("dtyp", be32(0) + be32(23))
        let sdpd = TestBox.container("sdpd", [.leaf("sdpi", [])])
        let loca = TestBox.leaf("loca", ascii("fr"))
        let first = Self.keyAtom(1, [keyd, dtyp, sdpd])
        let second = Self.keyAtom(2, [.leaf("keyd", ascii("mdta") + ascii("com.example.two")), loca, dtyp])
        let payload = first.bytes + second.bytes
        var reader = Self.reader(payload)
        var table = try MetadataKeyTable(parsing: &reader, type: "keys")
        #expect(table.keys.map(\.identifier.description) == ["mdta/com.example.one", "mdta/com.example.two"])
        #expect(table.keys.map(\.locale) == [nil, "fr"])
        #expect(table.otherAtoms == [1: sdpd.bytes])
        #expect(table.payload == payload)

        // A changed key is written anew, its locale NUL-terminated as QTFF's "Metadata locale atom" lays it out.
        table.keys[1].locale = "de"
        let changed = Self.keyAtom(2, [.leaf("keyd", ascii("mdta") + ascii("com.example.two")), dtyp, .leaf("loca", ascii("de") + [0])])
        #expect(table.payload == first.bytes + changed.bytes)
    }

    /// A key name that is not UTF-8 reads with U+FFFD and, unchanged, is written as read.
    @Test func keyTableKeepsAKeyNameThatIsNotUTF8() throws {
        let payload = Self.keyAtom(1, [.leaf("keyd", ascii("mdta") + [0x61, 0xFF, 0x62])]).bytes
        var reader = Self.reader(payload)
        let table = try MetadataKeyTable(parsing: &reader, type: "keys")
        #expect(table.keys.first?.identifier.key == "a\u{FFFD}b")
        #expect(table.payload == payload)
    }
}
