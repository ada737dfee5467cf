import Foundation
import LegibleTestSupport
import Testing

/// Metadata values whose language tags share an ISO 639-2 code (`zh-Hans`, `zh-Hant`: `zho`),
/// and timed metadata keys with a language and a data type of their own, as ExifTool and
/// ffprobe read them back.
@Suite struct MetadataLocaleCommandTests {
    static func media(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent(name).path }

    /// The values ExifTool prints for `tag` (every duplicate, `-a`), in file order.
    static func exifValues(_ tag: String, in path: String) throws -> [String] {
        let output = try ExternalTool.run("exiftool", ["-a", "-s3", "-" + tag, path])
        try #require(output.status == 0, "exiftool failed: \(output.stderr)")
        return output.stdout.split(separator: "\n").map(String.init)
    }

    /// `legible metadata --json`: (identifier, language, value) of each text item at movie scope.
    static func ownItems(_ path: String) throws -> [(String, String?, String)] {
        let run = try LegibleCommand.run(["metadata", "--json", path])
        try #require(run.status == 0, "\(run.stderr)")
        let items = try #require(run.jsonObject?["items"] as? [[String: Any]])
        return items.filter { $0["scope"] as? String == "movie" }.compactMap { item in
            guard let identifier = item["identifier"] as? String, let value = item["value"] as? String else { return nil }
            return (identifier, item["language"] as? String, value)
        }
    }

    static let simplified = "示范", traditional = "示範"
    static let title = "mdta/com.apple.quicktime.title"

    /// metadata-keys.mov holds QuickTime metadata only. Both Chinese titles stay: ExifTool lists
    /// both `Title-zho` values (it reads each `data` atom's packed language), Legible names
    /// each with its full tag, and ffprobe, which keeps one value per key and no language
    /// (FFmpeg's mov demuxer sets the key once per item, the last item winning), still reads the
    /// neutral title because the localized items go before it.
    @Test(.enabled(if: ExternalTool.shouldRun("exiftool") && ExternalTool.shouldRun("ffprobe")))
    func scriptsOfOneLanguageStayApart() throws {
        let folder = try TemporaryFolder("cli-metadata-locale")
        defer { folder.remove() }
        let output = folder.path("zh.mov")
        let run = try LegibleCommand.run(["set-metadata", Self.media("metadata-keys.mov"), "--set", "title@zh-Hans=\(Self.simplified)",
                                          "--set", "title@zh-Hant=\(Self.traditional)", "-o", output])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(try Self.exifValues("Keys:Title-zho", in: output) == [Self.simplified, Self.traditional])
        let own = try Self.ownItems(output).filter { $0.0 == Self.title && $0.1?.hasPrefix("zh") == true }
        #expect(own.map(\.1) == ["zh-Hans", "zh-Hant"])
        #expect(own.map(\.2) == [Self.simplified, Self.traditional])
        let neutral = try SetMetadataCommandTests.formatTags(Self.media("metadata-keys.mov"))["com.apple.quicktime.title"]
        #expect(neutral != nil)
        #expect(try SetMetadataCommandTests.formatTags(output)["com.apple.quicktime.title"] == neutral)

        // Setting one script again changes that value alone; removing it leaves the other.
        let changed = try LegibleCommand.run(["set-metadata", output, "--set", "title@zh-Hans=新", "--in-place"])
        try #require(changed.status == 0, "\(changed.stderr)")
        #expect(try Self.exifValues("Keys:Title-zho", in: output) == ["新", Self.traditional])
        let removed = try LegibleCommand.run(["set-metadata", output, "--remove", "title@zh-Hans", "--in-place"])
        try #require(removed.status == 0, "\(removed.stderr)")
        #expect(try Self.exifValues("Keys:Title-zho", in: output) == [Self.traditional])
        #expect(try SetMetadataCommandTests.formatTags(output)["com.apple.quicktime.title"] == neutral)
    }

    /// Without a neutral title ffprobe shows the item written last: one of the two, never a mix.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")))
    func ffprobeReadsOneOfTheScriptsWhenThereIsNoNeutralValue() throws {
        let folder = try TemporaryFolder("cli-metadata-locale")
        defer { folder.remove() }
        let output = folder.path("zh.mov")
        let run = try LegibleCommand.run(["set-metadata", Self.media("demo.mov"), "--set", "mdta/com.example.motto@zh-Hans=\(Self.simplified)",
                                          "--set", "mdta/com.example.motto@zh-Hant=\(Self.traditional)", "-o", output])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(try SetMetadataCommandTests.formatTags(output)["com.example.motto"] == Self.traditional)
        let own = try Self.ownItems(output).filter { $0.0 == "mdta/com.example.motto" }
        #expect(own.map(\.1) == ["zh-Hans", "zh-Hant"])
    }

    /// QuickTime user data records carry an ISO 639-2 code only: two tags that become the same
    /// code are refused, naming both, and nothing is written.
    @Test(arguments: [("zh-Hans", "zh-Hant"), ("pt-BR", "pt-PT")])
    func userDataRefusesTagsItCannotTellApart(_ first: String, _ second: String) throws {
        let folder = try TemporaryFolder("cli-metadata-locale")
        defer { folder.remove() }
        let output = folder.path("out.mov")
        let run = try LegibleCommand.run(["set-metadata", Self.media("metadata-udta.mov"), "--set", "udta/©nam@\(first)=a",
                                          "--set", "udta/©nam@\(second)=b", "-o", output])
        #expect(run.status == 2)
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("udta/©nam@\(first)") && run.stderr.contains("udta/©nam@\(second)"), "\(run.stderr)")
        #expect(try folder.contents().isEmpty)
    }

    /// A key's `language` goes to its `loca` atom and a reverse-DNS `dataType` to a `dtyp` in
    /// namespace 1 (QTFF "Metadata key table atom"), as ExifTool's verbose dump of the key
    /// table shows; `metadata --timed` reads the language back.
    @Test(.enabled(if: ExternalTool.shouldRun("exiftool")))
    func timedKeysKeepLanguageAndCustomType() throws {
        let folder = try TemporaryFolder("cli-metadata-locale")
        defer { folder.remove() }
        let document = folder.path("keys.json")
        try #"""
        {"keys": [{"identifier": "mdta/com.example.caption", "dataType": "utf8", "language": "fr-CA"},
                  {"identifier": "mdta/com.example.serial", "dataType": "com.example.serialnumber"},
                  {"identifier": "mdta/com.example.caption", "dataType": "utf8", "language": "en"}],
         "groups": [{"start": 0, "duration": 1, "items": {"mdta/com.example.caption": "Bonjour", "mdta/com.example.serial": {"hex": "0102ff"},
                                                          "mdta/com.example.caption@en": "Hello"}}]}
        """#.write(toFile: document, atomically: true, encoding: .utf8)
        let output = folder.path("timed.mov")
        let run = try LegibleCommand.run(["add-metadata-track", Self.media("demo.mov"), "--from", document, "-o", output])
        try #require(run.status == 0, "\(run.stderr)")

        let verbose = try ExternalTool.run("exiftool", ["-ee", "-v3", output])
        try #require(verbose.status == 0)
        let lines = verbose.stdout.split(separator: "\n").map(String.init)
        let locale = try #require(lines.firstIndex { $0.contains("Tag 'loca'") })
        #expect(lines[locale + 1].contains("[fr-CA.]"), "\(lines[locale + 1])")
        #expect(lines.contains { $0.contains("Tag 'dtyp'") && $0.hasSuffix("= com.example.serialnumber (undef)") })

        let text = try LegibleCommand.run(["metadata", "--timed", output])
        #expect(text.stdout.contains("mdta/com.example.caption@fr-CA = Bonjour; mdta/com.example.serial = 0x0102ff; mdta/com.example.caption@en = Hello"),
                "\(text.stdout)")
        let json = try LegibleCommand.run(["metadata", "--timed", "--json", output])
        let track = try #require((json.jsonObject?["timed"] as? [[String: Any]])?.first)
        let keys = try #require(track["keys"] as? [[String: Any]])
        #expect(keys.map { $0["language"] as? String } == ["fr-CA", nil, "en"])
        #expect(keys[1]["dataTypeName"] as? String == "com.example.serialnumber")
    }

    /// A key the document format does not have is refused with its place, not dropped.
    @Test(arguments: [
        (#"{"keys": [{"identifier": "mdta/a", "langauge": "fr"}], "groups": [{"start": 0, "items": {"mdta/a": "x"}}]}"#, "unknown key 'langauge'"),
        (#"{"groups": [{"start": 0, "items": {"mdta/a": "x"}, "end": 3}]}"#, "unknown key 'end'"),
        (#"{"group": []}"#, "unknown key 'group'"),
        (#"{"keys": [{"identifier": "mdta/a", "dataType": "serial number"}], "groups": [{"start": 0, "items": {"mdta/a": {"hex": "00"}}}]}"#,
         "unknown data type 'serial number'"),
        (#"{"keys": [{"identifier": "mdta/a", "language": "x-"}], "groups": [{"start": 0, "items": {"mdta/a": "x"}}]}"#, "keys[0].language"),
    ])
    func documentsWithUnknownKeysAreRefused(_ json: String, _ message: String) throws {
        let folder = try TemporaryFolder("cli-metadata-locale")
        defer { folder.remove() }
        let document = folder.path("bad.json")
        try json.write(toFile: document, atomically: true, encoding: .utf8)
        let run = try LegibleCommand.run(["add-metadata-track", Self.media("demo.mov"), "--from", document, "-o", folder.path("out.mov")])
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(try folder.contents() == ["bad.json"])
    }
}
