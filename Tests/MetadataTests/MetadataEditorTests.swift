import ISOBMFF
import LegibleTestSupport
import Metadata
import Testing

/// MetadataEditor on crafted `moov` boxes. Expected bytes are written out from the layouts in
/// QTFF ("Metadata item keys atom", "Value atom", "User data text strings") and the iTunes
/// layout ffmpeg writes, never taken from the editor's output.
@Suite struct MetadataEditorTests {
    static var mvhd: TestBox { .leaf("mvhd", [UInt8](repeating: 0, count: 100)) }
    static let title = "com.apple.quicktime.title"
    static let french = be16(0x1A41) // "fra" packed: f=6, r=18, a=1

    /// `data` atom: type indicator (set 0), country, language, value.
    static func data(_ type: UInt32, _ value: [UInt8], country: UInt16 = 0, language: [UInt8] = [0, 0]) -> TestBox {
        .leaf("data", be32(type) + be16(country) + language + value)
    }

    static func keys(_ names: [String]) -> TestBox {
        .leaf("keys", be32(0) + be32(UInt32(names.count)) + names.flatMap { be32(UInt32(8 + $0.utf8.count)) + ascii("mdta") + ascii($0) })
    }

    /// The `hdlr` of a QuickTime metadata `meta`: version/flags, pre-defined, `mdta`, 12 reserved, empty name.
    static var mdtaHandler: TestBox { .leaf("hdlr", be32(0) + be32(0) + ascii("mdta") + [UInt8](repeating: 0, count: 12) + [0]) }

    /// An `ilst` item named by its key index (a type no string spells).
    static func item(_ index: UInt32, _ atoms: [TestBox]) -> TestBox {
        let content = atoms.flatMap(\.bytes)
        return .raw(be32(UInt32(8 + content.count)) + be32(index) + content)
    }

    static func parse(_ box: TestBox) throws -> Box {
        try #require(try BoxTreeParser.parseBoxes(box.bytes).first)
    }

    static func apply(_ changes: [MetadataChange], to moov: TestBox, brand: MetadataCarrierPreference = .quickTimeMetadata) throws -> [UInt8] {
        try MetadataEditor().applying(changes, to: parse(moov), brand: brand).encoded()
    }

    static func set(_ key: String, _ text: String, language: String? = nil, scope: MetadataScope = .movie) -> MetadataChange {
        MetadataChange(key: key, language: language, scope: scope, action: .set(.text(text)))
    }

    @Test func newTitleCreatesQuickTimeMetadataAsAppleWritesIt() throws {
        let result = try Self.apply([Self.set("title", "Hi")], to: .container("moov", [Self.mvhd]))
        let expected = TestBox.container("moov", [Self.mvhd, .container("meta", [
            Self.mdtaHandler, Self.keys([Self.title]), .container("ilst", [Self.item(1, [Self.data(1, ascii("Hi"))])]),
        ])])
        #expect(result == expected.bytes)
    }

    /// Bytes after a key table's counted entries are not carried into the table the editor
    /// writes: nothing reads them, and they may be what a writer left of a removed key.
    @Test func aRewrittenKeyTableEndsWithItsEntries() throws {
        let leftover = ascii("private")
        let keys = TestBox.leaf("keys", Self.keys(["com.apple.quicktime.make"]).bytes.dropFirst(8) + leftover)
        let moov = TestBox.container("moov", [Self.mvhd, .container("meta", [
            Self.mdtaHandler, keys, .container("ilst", [Self.item(1, [Self.data(1, ascii("Apple"))])]),
        ])])
        let result = try Self.apply([Self.set("title", "Hi")], to: moov)
        let expected = TestBox.container("moov", [Self.mvhd, .container("meta", [
            Self.mdtaHandler, Self.keys(["com.apple.quicktime.make", Self.title]),
            .container("ilst", [Self.item(1, [Self.data(1, ascii("Apple"))]), Self.item(2, [Self.data(1, ascii("Hi"))])]),
        ])])
        #expect(result == expected.bytes)
    }

    @Test func replacingKeepsOtherItemsAndAddsLanguagesAfterTheNeutralValue() throws {
        let other = Self.item(1, [Self.data(1, ascii("Apple"))])
        let moov = TestBox.container("moov", [Self.mvhd, .container("meta", [
            Self.mdtaHandler, Self.keys(["com.apple.quicktime.make", Self.title]),
            .container("ilst", [other, Self.item(2, [Self.data(1, ascii("Old"))])]),
        ])])
        let result = try Self.apply([Self.set("title", "New"), Self.set("title", "Nouveau", language: "fr")], to: moov)
        let expected = TestBox.container("moov", [Self.mvhd, .container("meta", [
            Self.mdtaHandler, Self.keys(["com.apple.quicktime.make", Self.title]),
            .container("ilst", [other, Self.item(2, [Self.data(1, ascii("New")), Self.data(1, ascii("Nouveau"), language: Self.french)])]),
        ])])
        #expect(result == expected.bytes)
    }

    @Test func removingAKeyRenumbersTheItemsAbove() throws {
        let first = Self.item(1, [Self.data(1, ascii("A"))]), third = [Self.data(1, ascii("C"))]
        let moov = TestBox.container("moov", [Self.mvhd, .container("meta", [
            Self.mdtaHandler, Self.keys(["k.one", "k.two", "k.three"]),
            .container("ilst", [first, Self.item(2, [Self.data(1, ascii("B"))]), Self.item(3, third)]),
        ])])
        let result = try Self.apply([MetadataChange(key: "mdta/k.two", action: .remove)], to: moov)
        let expected = TestBox.container("moov", [Self.mvhd, .container("meta", [
            Self.mdtaHandler, Self.keys(["k.one", "k.three"]), .container("ilst", [first, Self.item(2, third)]),
        ])])
        #expect(result == expected.bytes)
    }

    @Test func removingOneLanguageKeepsTheOthersAndTheLastRemovalEmptiesTheMovieOfMetadata() throws {
        let moov = TestBox.container("moov", [Self.mvhd, .container("meta", [
            Self.mdtaHandler, Self.keys([Self.title]),
            .container("ilst", [Self.item(1, [Self.data(1, ascii("Titre"), language: Self.french), Self.data(1, ascii("Title"))])]),
        ])])
        let french = try Self.apply([MetadataChange(key: "title", language: "fra", action: .remove)], to: moov)
        #expect(french == TestBox.container("moov", [Self.mvhd, .container("meta", [
            Self.mdtaHandler, Self.keys([Self.title]), .container("ilst", [Self.item(1, [Self.data(1, ascii("Title"))])]),
        ])]).bytes)
        let none = try Self.apply([MetadataChange(key: "title", action: .remove)], to: moov)
        #expect(none == TestBox.container("moov", [Self.mvhd]).bytes)
    }

    /// ffmpeg puts its QuickTime metadata in `udta/meta` (a FullBox): edited where it is.
    @Test func quickTimeMetadataInUserDataIsEditedWhereItIs() throws {
        let meta = { (value: String) in
            TestBox.container("udta", [.container("meta", prefix: be32(0), [
                Self.mdtaHandler, Self.keys([Self.title]), .container("ilst", [Self.item(1, [Self.data(1, ascii(value))])]),
            ])])
        }
        let result = try Self.apply([Self.set("title", "New")], to: .container("moov", [Self.mvhd, meta("Old")]))
        #expect(result == TestBox.container("moov", [Self.mvhd, meta("New")]).bytes)
    }

    /// iTunes: `udta/meta` FullBox, `hdlr` `mdir`/`appl`, `ilst` items with typed `data`.
    @Test func iTunesItemsAreCreatedReplacedAndRemoved() throws {
        let handler = TestBox.leaf("hdlr", be32(0) + be32(0) + ascii("mdir") + ascii("appl") + [UInt8](repeating: 0, count: 8) + [0])
        let list = { (items: [TestBox]) in
            TestBox.container("moov", [Self.mvhd, .container("udta", [.container("meta", prefix: be32(0), [handler, .container("ilst", items)])])])
        }
        let created = try Self.apply([Self.set("title", "Hi"), MetadataChange(key: "itsk/tmpo", action: .set(.integer(120))),
                                      MetadataChange(key: "itsk/trkn", action: .set(.integer(3)))],
                                     to: .container("moov", [Self.mvhd]), brand: .iTunes)
        let name = TestBox.container("©nam", [Self.data(1, ascii("Hi"))])
        let tempo = TestBox.container("tmpo", [Self.data(21, be16(120))])
        let track = TestBox.container("trkn", [Self.data(0, [0, 0, 0, 3, 0, 0, 0, 0])])
        #expect(created == list([name, tempo, track]).bytes)

        let replaced = try Self.apply([Self.set("title", "Ho")], to: list([name, tempo]), brand: .iTunes)
        #expect(replaced == list([.container("©nam", [Self.data(1, ascii("Ho"))]), tempo]).bytes)

        let removed = try Self.apply([MetadataChange(key: "title", action: .remove), MetadataChange(key: "itsk/tmpo", action: .remove)],
                                     to: list([name, tempo]), brand: .iTunes)
        #expect(removed == TestBox.container("moov", [Self.mvhd]).bytes)
    }

    /// A localized value cannot go to an iTunes list: QuickTime metadata holds it.
    @Test func localizedValueInAnITunesFileGoesToQuickTimeMetadata() throws {
        let result = try Self.apply([Self.set("title", "Titre", language: "fr")], to: .container("moov", [Self.mvhd]), brand: .iTunes)
        #expect(result == TestBox.container("moov", [Self.mvhd, .container("meta", [
            Self.mdtaHandler, Self.keys([Self.title]),
            .container("ilst", [Self.item(1, [Self.data(1, ascii("Titre"), language: Self.french)])]),
        ])]).bytes)
        #expect(throws: BoxError.self) {
            try Self.apply([MetadataChange(key: "itsk/©nam", language: "fr", action: .set(.text("x")))], to: .container("moov", [Self.mvhd]))
        }
    }

    /// `©xxx` records: bare text length, packed language, UTF-8 (ffmpeg writes `und` 0x55C4).
    @Test func userDataTextRecordsPerLanguage() throws {
        let record = { (language: [UInt8], text: String) in be16(UInt16(text.utf8.count)) + language + ascii(text) }
        let und = be16(0x55C4)
        let moov = { (records: [UInt8]) in
            TestBox.container("moov", [Self.mvhd, .container("udta", [.leaf("©nam", records), .leaf("©cmt", record(und, "c"))])])
        }
        let added = try Self.apply([Self.set("title", "Titre", language: "fr"), Self.set("title", "New")], to: moov(record(und, "Old")))
        #expect(added == moov(record(und, "New") + record(Self.french, "Titre")).bytes)
        let french = try Self.apply([MetadataChange(key: "udta/©nam", language: "fr", action: .remove)], to: moov(record(und, "New") + record(Self.french, "Titre")))
        #expect(french == moov(record(und, "New")).bytes)
        let none = try Self.apply([MetadataChange(key: "title", action: .remove), MetadataChange(key: "comment", action: .remove)], to: moov(record(und, "x")))
        #expect(none == TestBox.container("moov", [Self.mvhd]).bytes)
    }

    @Test func trackScopeEditsThatTrack() throws {
        let trak = { (id: UInt32, extra: [TestBox]) in
            TestBox.container("trak", [.leaf("tkhd", be32(0) + be32(0) + be32(0) + be32(id) + [UInt8](repeating: 0, count: 68))] + extra)
        }
        let result = try Self.apply([Self.set("title", "Two", scope: .track(2))], to: .container("moov", [Self.mvhd, trak(1, []), trak(2, [])]))
        #expect(result == TestBox.container("moov", [Self.mvhd, trak(1, []), trak(2, [.container("meta", [
            Self.mdtaHandler, Self.keys([Self.title]), .container("ilst", [Self.item(1, [Self.data(1, ascii("Two"))])]),
        ])])]).bytes)
        #expect(throws: BoxError.self) { try Self.apply([Self.set("title", "x", scope: .track(9))], to: .container("moov", [Self.mvhd])) }
    }

    @Test func unknownKeysAndBadLanguagesAreErrors() throws {
        #expect(throws: BoxError.self) { try Self.apply([Self.set("nonsense", "x")], to: .container("moov", [Self.mvhd])) }
        #expect(throws: BoxError.self) { try Self.apply([Self.set("title", "x", language: "zz-9")], to: .container("moov", [Self.mvhd])) }
    }

    /// The privacy filter's path: items named by their boxes' offsets; the rest keeps its bytes.
    @Test func removingItemsByOrigin() throws {
        let record = { (language: [UInt8], text: String) in be16(UInt16(text.utf8.count)) + language + ascii(text) }
        let moovBox = TestBox.container("moov", [Self.mvhd,
            .container("udta", [.leaf("©xyz", record(be16(0x55C4), "+48.8584+002.2945/")),
                                .leaf("©nam", record(be16(0x55C4), "T") + record(Self.french, "Titre"))]),
            .container("meta", [Self.mdtaHandler, Self.keys(["k.one", "k.two", "k.three"]), .container("ilst", [
                Self.item(1, [Self.data(1, ascii("A"))]), Self.item(2, [Self.data(1, ascii("B"))]), Self.item(3, [Self.data(1, ascii("C"))]),
            ])]),
        ])
        let moov = try Self.parse(moovBox)
        func origin(_ path: [FourCC], keyIndex: UInt32? = nil) throws -> MetadataOrigin {
            let box = try #require(moov.descendant(path))
            let location = try #require(box.location)
            return MetadataOrigin(location: location, size: box.totalSize, keyIndex: keyIndex)
        }
        let items = [
            MetadataItem(identifier: MetadataIdentifier(.quickTimeUserData, "©xyz"), value: .text("+48.8584+002.2945/"),
                         origin: try origin(["udta", "©xyz"])),
            MetadataItem(identifier: MetadataIdentifier(.quickTimeUserData, "©nam"), value: .text("Titre"), language: "fra",
                         origin: try origin(["udta", "©nam"])),
            MetadataItem(identifier: MetadataIdentifier(.quickTimeMetadata, "k.two"), value: .text("B"), dataType: .utf8,
                         origin: try origin(["meta", "ilst", FourCC(rawValue: 2)], keyIndex: 2)),
        ]
        let result = try MetadataEditor().removing(items, from: moov).encoded()
        let expected = TestBox.container("moov", [Self.mvhd,
            .container("udta", [.leaf("©nam", record(be16(0x55C4), "T"))]),
            .container("meta", [Self.mdtaHandler, Self.keys(["k.one", "k.three"]), .container("ilst", [
                Self.item(1, [Self.data(1, ascii("A"))]), Self.item(2, [Self.data(1, ascii("C"))]),
            ])]),
        ])
        #expect(result == expected.bytes)
        #expect(try MetadataEditor().removing([], from: moov).encoded() == moovBox.bytes)
    }
}
