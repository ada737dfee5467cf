import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LegibleTestSupport
import Testing

/// `legible boxes` shows the fields of boxes that targets above ISOBMFF decode — `tx3g`,
/// `wvtt` and `stpp` sample entries, Nero `chpl`, QuickTime metadata `keys` and `ilst` value atoms, `mebx`
/// key tables — and GPAC's MP4Box (`-diso`, its XML box dump) reads the same values from the
/// same files.
@Suite(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
struct BoxesMP4BoxFieldsTests {
    static let binary = TestPaths.legibleExecutable.path

    static func testMedia(_ names: String...) -> [String] {
        names.map { TestPaths.testMedia.appendingPathComponent($0).path }
    }

    static func corpus(_ feature: String) throws -> [String] {
        try CorpusIndex.arguments { $0.features.contains(feature) && $0.boxesDecode && !$0.isRawPayload }.map(\.url.path)
    }

    /// The tx3g entries: every field against MP4Box's `Tx3gSampleEntryBox`.
    @Test(arguments: testMedia("demo.mov", "demo.mp4", "subtitles-multi.mp4"))
    func tx3gEntriesInTestMedia(_ path: String) throws { try checkTx3g(path, expectEntries: true) }

    @Test(.corpus, arguments: try corpus("tx3g"))
    func tx3gEntriesInTheCorpus(_ path: String) throws { try checkTx3g(path, expectEntries: false) }

    func checkTx3g(_ path: String, expectEntries: Bool) throws {
        let pairs = try Self.pairs(path, type: "tx3g", element: "Tx3gSampleEntryBox")
        if expectEntries { #expect(!pairs.isEmpty, "\(path) has tx3g entries") }
        for (fields, entry) in pairs {
            #expect(fields["dataReferenceIndex"] as? Int == Int(entry["dataReferenceIndex"] ?? ""))
            #expect(fields["displayFlags"] as? String == UInt32(entry["displayFlags"] ?? "").map { Self.hex($0, digits: 8) })
            #expect(fields["horizontalJustification"] as? Int == Int(entry["horizontal-justification"] ?? ""))
            #expect(fields["verticalJustification"] as? Int == Int(entry["vertical-justification"] ?? ""))
            #expect(fields["backgroundColor"] as? String == Self.rgba(entry["backgroundColor"]))
            let box = try #require(entry.first("BoxRecord"))
            #expect(fields["defaultTextBox"] as? [Int] == ["top", "left", "bottom", "right"].map { Int(box[$0] ?? "") ?? .min })
            let style = try #require(entry.first("StyleRecord"))
            #expect(fields["defaultFontID"] as? Int == Int(style["fontID"] ?? ""))
            #expect(fields["defaultFontSize"] as? Int == Int(style["fontSize"] ?? ""))
            #expect(fields["defaultTextColor"] as? String == Self.rgba(style["textColor"]))
            let fonts = entry.first("FontTableBox")?.all("FontRecord") ?? []
            let ourFonts = (fields["fonts"] as? [[Any]]) ?? []
            #expect(ourFonts.map { $0.first as? Int } == fonts.map { Int($0["ID"] ?? "") })
            #expect(ourFonts.map { $0.last as? String } == fonts.map { $0["name"] })
        }
    }

    /// Nero chapters: version, flags, and each chapter's start (MP4Box prints milliseconds,
    /// truncated from the 100 ns units) and title.
    @Test(arguments: testMedia("chapters.mov", "chapters.mp4", "chapter-images.mov"))
    func chapterListsInTestMedia(_ path: String) throws { try checkChapters(path, expectList: true) }

    @Test(.corpus, arguments: try corpus("chapters-nero"))
    func chapterListsInTheCorpus(_ path: String) throws { try checkChapters(path, expectList: false) }

    func checkChapters(_ path: String, expectList: Bool) throws {
        let pairs = try Self.pairs(path, type: "chpl", element: "ChapterListBox")
        if expectList { #expect(pairs.count == 1, "\(path) has a chpl") }
        for (fields, list) in pairs {
            #expect(fields["version"] as? Int == Int(list["Version"] ?? ""))
            #expect((fields["flags"] as? String).flatMap { UInt32($0.dropFirst(2), radix: 16) } == UInt32(list["Flags"] ?? ""))
            let entries = try Self.table(fields["entries"]).map { $0 as? [Any] ?? [] }
            #expect(fields["entryCount"] as? Int == list.all("Chapter").count)
            let chapters = list.all("Chapter").prefix(entries.count)
            #expect(entries.map { ($0.first as? Int).map { $0 / 10_000 } } == chapters.map { Self.milliseconds($0["startTime"]) })
            #expect(entries.map { $0.last as? String } == chapters.map { $0["name"] })
        }
    }

    /// QuickTime metadata: the keys of `meta/keys` (namespace and name) and the UTF-8 values of
    /// `ilst` items, which MP4Box prints on the item (its `data` box's flags are the type, 1 = UTF-8).
    @Test(arguments: testMedia("metadata-keys.mov", "metadata.mov", "metadata-private.mov", "demo.mp4", "chapters.mp4"))
    func metadataInTestMedia(_ path: String) throws { try checkMetadata(path) }

    @Test(.corpus, arguments: try corpus("qt-mdta-keys"))
    func metadataInTheCorpus(_ path: String) throws { try checkMetadata(path) }

    func checkMetadata(_ path: String) throws {
        let dump = try Self.mp4Box(path)
        let ourKeys = try Self.legibleFields(path, type: "keys", parent: "meta")
        let theirKeys = dump.all("KeysBox").filter { $0.parent?.name == "MetaBox" }
        try #require(ourKeys.count == theirKeys.count, "\(path): \(ourKeys.count) keys boxes, MP4Box \(theirKeys.count)")
        for (fields, keys) in zip(ourKeys, theirKeys) {
            let ours = try Self.table(fields["entries"], count: keys.all("Key").count)
            #expect(ours.map { $0 as? String } == keys.all("Key").prefix(ours.count).map { "\($0["ns"] ?? "")/\($0["name"] ?? "")" })
        }
        let ourData = try Self.legibleFields(path, type: "data", grandparent: "ilst")
        let theirData = dump.all("data").filter { $0.parent?.parent?.name == "ItemListBox" }
        try #require(ourData.count == theirData.count, "\(path): \(ourData.count) data atoms, MP4Box \(theirData.count)")
        var checked = 0
        for (fields, data) in zip(ourData, theirData) where data["Version"] == "0" && data["Flags"] == "1" {
            #expect(fields["type"] as? String == "utf8")
            if data.parent?.all("data").count == 1 {
                #expect(fields["value"] as? String == data.parent?["value"], "\(path)")
                checked += 1
            }
        }
        #expect(checked > 0 || theirData.isEmpty, "\(path): no UTF-8 value compared")
    }

    /// WebVTT entries: the `vttC` text and the `vlab` label (MP4Box shows it as hex bytes).
    @Test(.corpus, arguments: try corpus("wvtt"))
    func webVTTEntriesInTheCorpus(_ path: String) throws {
        let pairs = try Self.pairs(path, type: "wvtt", element: "WebVTTSampleEntryBox")
        #expect(!pairs.isEmpty, "\(path) has wvtt entries")
        for (fields, entry) in pairs {
            let configuration = entry.first("WebVTTConfigurationBox")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect((fields["configuration"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) == configuration)
            let label = entry.all("UnknownBox").first { $0["Type"] == "vlab" }?["data"].flatMap(Self.bytes)
            #expect((fields["sourceLabel"] as? String).map { Array($0.utf8) } == label)
        }
    }

    /// TTML entries (`stpp`): the namespace, schema location and auxiliary MIME types lists
    /// (MP4Box shows the last two only when they are not empty).
    @Test(.corpus, arguments: try corpus("stpp"))
    func ttmlEntriesInTheCorpus(_ path: String) throws {
        let pairs = try Self.pairs(path, type: "stpp", element: "XMLSubtitleSampleEntryBox")
        #expect(!pairs.isEmpty, "\(path) has stpp entries")
        for (fields, entry) in pairs {
            #expect(fields["namespace"] as? String == entry["namespace"])
            #expect(fields["schemaLocation"] as? String == entry["schema_location"] ?? "")
            #expect(fields["auxiliaryMIMETypes"] as? String == entry["auxiliary_mime_types"] ?? "")
        }
    }

    /// `mebx` key tables. MP4Box reads one as a QuickTime metadata `keys` box, so it takes the
    /// first key atom's size and local ID for version, flags and entry count and lists that
    /// atom's children as entries: its first entry, "namespace" `keyd`, is the first key's
    /// namespace and name run together.
    @Test(.corpus, arguments: try corpus("mebx"))
    func mebxKeyTablesInTheCorpus(_ path: String) throws {
        let pairs = try Self.pairs(path, type: "keys", parent: "mebx", element: "SampleDescriptionEntryBox") { $0["Type"] == "mebx" }
        #expect(!pairs.isEmpty, "\(path) has mebx key tables")
        for (fields, entry) in pairs {
            let first = try #require((try Self.table(fields["keys"]).first as? [Any])?.last as? String)
            let keyd = try #require(entry.first("Key"))
            #expect(keyd["ns"] == "keyd")
            #expect(first.split(separator: "/", maxSplits: 1).joined() == keyd["name"])
        }
    }

    // MARK: Reading both dumps

    /// Legible's boxes of `type` (inside `parent`, when given) and MP4Box's `element`s (those
    /// `isWanted` keeps), paired in file order; there must be as many of each.
    static func pairs(_ path: String, type: String, parent: String? = nil, element: String,
                      isWanted: (DisoElement) -> Bool = { _ in true }) throws -> [([String: Any], DisoElement)] {
        let ours = try legibleFields(path, type: type, parent: parent)
        let theirs = try mp4Box(path).all(element).filter(isWanted)
        try #require(ours.count == theirs.count, "\(path): \(ours.count) '\(type)', MP4Box \(theirs.count) \(element)")
        return Array(zip(ours, theirs))
    }

    /// The field objects of every box of `type` (inside `parent` and `grandparent`, when given)
    /// in `legible boxes --json`, in file order.
    static func legibleFields(_ path: String, type: String, parent: String? = nil,
                              grandparent: String? = nil) throws -> [[String: Any]] {
        let output = try ExternalTool.run(binary, ["boxes", "--json", path])
        try #require(output.status == 0, "legible boxes \(path): \(output.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        var found: [[String: Any]] = []
        func visit(_ nodes: [[String: Any]], ancestors: [String?]) {
            for node in nodes {
                let nodeType = node["type"] as? String
                if nodeType == type, parent == nil || ancestors.last == parent,
                   grandparent == nil || ancestors.dropLast().last == grandparent {
                    found.append(node["fields"] as? [String: Any] ?? [:])
                }
                visit(node["children"] as? [[String: Any]] ?? [], ancestors: ancestors + [nodeType])
            }
        }
        visit(root["boxes"] as? [[String: Any]] ?? [], ancestors: [])
        return found
    }

    /// The entries of a table field (`{"count", "first"}`); `count`, when given, is the length
    /// the other reader found.
    static func table(_ value: Any?, count: Int? = nil) throws -> [Any] {
        let table = try #require(value as? [String: Any], "a table field")
        if let count { #expect(table["count"] as? Int == count) }
        return table["first"] as? [Any] ?? []
    }

    static func mp4Box(_ path: String) throws -> DisoElement {
        let folder = try TemporaryFolder("cli-mp4box-diso")
        defer { folder.remove() }
        let xml = folder.path("dump.xml")
        let output = try ExternalTool.run(TestPaths.mp4Box, ["-diso", path, "-out", xml])
        try #require(output.status == 0, "MP4Box -diso \(path): \(output.stderr)")
        return try DisoElement.read(URL(fileURLWithPath: xml))
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// MP4Box's colours, `"0 0 0 ff"` (R G B A in hex), as a dump shows them (`0x000000ff`).
    static func rgba(_ text: String?) -> String? {
        let bytes = (text ?? "").split(separator: " ").compactMap { UInt32($0, radix: 16) }
        guard bytes.count == 4 else { return nil }
        return hex(bytes.reduce(0) { $0 << 8 | $1 }, digits: 8)
    }

    /// `HH:MM:SS.mmm` in milliseconds.
    static func milliseconds(_ text: String?) -> Int? {
        let parts = (text ?? "").split(whereSeparator: { $0 == ":" || $0 == "." }).compactMap { Int($0) }
        guard parts.count == 4 else { return nil }
        return ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 1000 + parts[3]
    }

    /// MP4Box's `data="0x…"` bytes.
    static func bytes(_ text: String) -> [UInt8]? {
        guard text.hasPrefix("0x") else { return nil }
        let digits = Array(text.dropFirst(2))
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
    }
}

/// An element of an XML document, read with Foundation's XMLParser.
final class DisoElement: NSObject, XMLParserDelegate {
    let name: String
    let attributes: [String: String]
    private(set) weak var parent: DisoElement?
    private(set) var children: [DisoElement] = []
    private(set) var text = ""
    private var open: [DisoElement] = []

    init(name: String, attributes: [String: String], parent: DisoElement?) {
        self.name = name
        self.attributes = attributes
        self.parent = parent
    }

    /// Reads a document; control characters, which XML does not allow and MP4Box copies into
    /// attribute values from the bytes of unknown boxes, read as `?`.
    static func read(_ url: URL) throws -> DisoElement {
        let document = DisoElement(name: "", attributes: [:], parent: nil)
        document.open = [document]
        let bytes = try Data(contentsOf: url).map { $0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0) ? UInt8(ascii: "?") : $0 }
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = document
        try #require(parser.parse(), "\(url.lastPathComponent) parses: \(parser.parserError.map { "\($0)" } ?? "")")
        return document
    }

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// Every descendant element named `name`, in document order.
    func all(_ name: String) -> [DisoElement] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.all(name) }
    }

    /// The first descendant element named `name`.
    func first(_ name: String) -> DisoElement? { all(name).first }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        guard let current = open.last else { return }
        let node = DisoElement(name: name, attributes: attributes, parent: current)
        current.children.append(node)
        open.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { open.last?.text += string }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        open.last?.text += String(decoding: block, as: UTF8.self)
    }
}
