import ISOBMFF
import LegibleTestSupport
import Metadata
import Testing

/// Values whose language tags share an ISO 639-2/T code, on crafted `moov` boxes. Expected
/// bytes follow QTFF "Value atom" (locale: country, then packed language) and "Metadata locale
/// atom" (a NUL-terminated BCP 47 tag), never the editor's own output.
@Suite struct MetadataLocaleAtomTests {
    static let zho = be16(0x690F) // "zho" packed: z=26, h=8, o=15 (26 << 10 | 8 << 5 | 15)

    static func loca(_ tag: String) -> TestBox { .leaf("loca", ascii(tag) + [0]) }

    static func moov(_ items: [TestBox]) -> TestBox {
        .container("moov", [MetadataEditorTests.mvhd, .container("meta", [
            MetadataEditorTests.mdtaHandler, MetadataEditorTests.keys([MetadataEditorTests.title]), .container("ilst", items),
        ])])
    }

    /// Each script gets an item of its own (`data` first, as ffmpeg reads only an item's first
    /// atom, then `loca`), before the item of plain values, so a reader keeping one value per
    /// key (ffmpeg keeps the last item) still shows the neutral title.
    @Test func scriptsGetItemsOfTheirOwnBeforeThePlainOne() throws {
        let plain = MetadataEditorTests.item(1, [MetadataEditorTests.data(1, ascii("Demo"))])
        let result = try MetadataEditorTests.apply([MetadataEditorTests.set("title", "示范", language: "zh-Hans"),
                                                    MetadataEditorTests.set("title", "示範", language: "zh-Hant")], to: Self.moov([plain]))
        let simplified = MetadataEditorTests.item(1, [MetadataEditorTests.data(1, Array("示范".utf8), language: Self.zho), Self.loca("zh-Hans")])
        let traditional = MetadataEditorTests.item(1, [MetadataEditorTests.data(1, Array("示範".utf8), language: Self.zho), Self.loca("zh-Hant")])
        #expect(result == Self.moov([simplified, traditional, plain]).bytes)

        let items = MetadataReader.items(inMovieBox: try BoxTreeParser.parseBoxes(result).first!).items
        #expect(items.map(\.language) == ["zh-Hans", "zh-Hant", nil])
        #expect(items.map(\.value) == [.text("示范"), .text("示範"), .text("Demo")])

        // Setting one again replaces its item; removing it leaves the other and the plain value.
        let changed = try MetadataEditorTests.apply([MetadataEditorTests.set("title", "新", language: "zh-Hans"),
                                                     MetadataChange(key: "title", language: "zh-Hant", action: .remove)],
                                                    to: .raw(result))
        let renewed = MetadataEditorTests.item(1, [MetadataEditorTests.data(1, Array("新".utf8), language: Self.zho), Self.loca("zh-Hans")])
        #expect(changed == Self.moov([renewed, plain]).bytes)
    }

    /// Tags that a packed code and a country say in full keep the old form: one item, a `data`
    /// atom per locale, no `loca`.
    @Test(arguments: ["fr", "pt-BR", "zh"])
    func tagsAPackedLocaleSaysNeedNoLocaleAtom(_ tag: String) throws {
        let result = try MetadataEditorTests.apply([MetadataEditorTests.set("title", "x", language: tag)], to: Self.moov([]))
        let box = try #require(try BoxTreeParser.parseBoxes(result).first)
        let items = try #require(box.child("meta")?.child("ilst")?.children)
        #expect(items.count == 1)
        #expect(items.first?.child("loca") == nil)
    }

    /// A script, a numeric region or a language without an ISO 639-2 code needs the full tag.
    @Test(arguments: [("es-419", "spa"), ("yue", "zho"), ("sr-Latn", "srp")])
    func tagsAPackedLocaleCannotSayGetOne(_ tag: String, _ code: String) throws {
        let result = try MetadataEditorTests.apply([MetadataEditorTests.set("title", "x", language: tag)], to: Self.moov([]))
        let items = MetadataReader.items(inMovieBox: try #require(try BoxTreeParser.parseBoxes(result).first)).items
        #expect(items.map(\.language) == [tag])
        let data = try #require(try BoxTreeParser.parseBoxes(result).first?.child("meta")?.child("ilst")?.children.first?.child("data"))
        #expect(try MetadataDataBox(data.loaded()).languageCode == code)
    }

    /// QuickTime user data has no script: two tags with one code are refused, naming both.
    @Test func userDataRefusesScriptsOfOneLanguage() throws {
        let error = #expect(throws: BoxError.self) {
            try MetadataEditorTests.apply([MetadataEditorTests.set("udta/©nam", "a", language: "zh-Hans"),
                                           MetadataEditorTests.set("udta/©nam", "b", language: "zh-Hant")],
                                          to: .container("moov", [MetadataEditorTests.mvhd]))
        }
        #expect(error?.description.contains("udta/©nam@zh-Hans and udta/©nam@zh-Hant") == true, "\(error?.description ?? "")")
    }
}
