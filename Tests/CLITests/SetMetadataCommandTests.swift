import Foundation
import LegibleTestSupport
import Testing

/// `legible set-metadata` as a user runs it: what ExifTool and ffprobe read back (full rewrite
/// and in place, each carrier), usage errors and the JSON report.
@Suite struct SetMetadataCommandTests {
    static func media(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent(name).path }

    /// `exiftool -j -a -G1 -n`: tags as `Group:Name`.
    static func exifTags(_ path: String) throws -> [String: Any] {
        let output = try ExternalTool.run("exiftool", ["-j", "-a", "-G1", "-n", path])
        try #require(output.status == 0, "exiftool failed: \(output.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [[String: Any]])
        return try #require(list.first)
    }

    /// ffprobe's format tags.
    static func formatTags(_ path: String) throws -> [String: String] {
        let output = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "format_tags", "-of", "json", path])
        try #require(output.status == 0, "ffprobe failed: \(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        return ((json["format"] as? [String: Any])?["tags"] as? [String: String]) ?? [:]
    }

    /// Each file's carrier: Apple's keys (metadata-keys.mov), ffmpeg's user data
    /// (metadata-udta.mov), an iTunes list (demo.mp4, where the French title goes to keys).
    /// ffprobe names a key's value by the key, and user data and iTunes titles `title`.
    static let carriers: [(file: String, title: String, french: String, ffprobeTag: String)] = [
        ("metadata-keys.mov", "Keys:Title", "Keys:Title-fra", "com.apple.quicktime.title"),
        ("metadata-udta.mov", "UserData:Title", "UserData:Title-fra", "title"),
        ("demo.mp4", "ItemList:Title", "Keys:Title-fra", "title"),
    ]

    @Test(.enabled(if: ExternalTool.shouldRun("exiftool") && ExternalTool.shouldRun("ffprobe")), arguments: [false, true])
    func readersSeeWhatWasSet(inPlace: Bool) throws {
        let folder = try TemporaryFolder("cli-set-metadata")
        defer { folder.remove() }
        for carrier in Self.carriers {
            let copy = try folder.copy(URL(fileURLWithPath: Self.media(carrier.file)), as: carrier.file)
            let output = folder.path("out-" + carrier.file)
            let target = inPlace ? copy : output
            let set = try LegibleCommand.run(["set-metadata", copy, "--set", "title=Légible", "--set", "title@fr=Titre français"]
                                             + (inPlace ? ["--in-place"] : ["-o", output]))
            #expect(set.status == 0, "\(carrier.file): \(set.stderr)")
            let tags = try Self.exifTags(target)
            #expect(tags[carrier.title] as? String == "Légible", "\(carrier.file)")
            #expect(tags[carrier.french] as? String == "Titre français", "\(carrier.file)")
            #expect(try Self.formatTags(target)[carrier.ffprobeTag] == "Légible", "\(carrier.file)")

            let removed = try LegibleCommand.run(["set-metadata", target, "--remove", "title@fr", "--in-place"])
            #expect(removed.status == 0, "\(carrier.file): \(removed.stderr)")
            let after = try Self.exifTags(target)
            #expect(after[carrier.french] == nil, "\(carrier.file)")
            #expect(after[carrier.title] as? String == "Légible", "\(carrier.file)")
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("exiftool")))
    func locationAndJSONReport() throws {
        let folder = try TemporaryFolder("cli-set-metadata")
        defer { folder.remove() }
        let output = folder.path("located.mov")
        let run = try LegibleCommand.run(["set-metadata", Self.media("demo.mov"), "--set", "location=+48.8584+002.2945/", "--json", "-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.jsonObject?["output"] as? String == output)
        #expect(try Self.exifTags(output)["Keys:GPSCoordinates"] as? String == "48.8584 2.2945")
    }

    @Test(arguments: [
        (["--set", "titel=x"], "unknown metadata key 'titel'"),
        (["--set", "title@zz-9=x"], "not a valid BCP 47 language tag"),
        (["--set", "location=Paris"], "not an ISO 6709 point"),
        (["--set", "mdta/com.example.n=abc", "--type", "int"], "'abc' is not an integer"),
        (["--set", "mdta/com.example.n=300", "--type", "int8"], "from -128 to 127"),
        (["--set", "title"], "expected KEY[@LANG]=VALUE"),
        ([], "nothing to change"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let folder = try TemporaryFolder("cli-set-metadata")
        defer { folder.remove() }
        let run = try LegibleCommand.run(["set-metadata", Self.media("demo.mov")] + arguments + ["-o", folder.path("out.mov")])
        #expect(run.status == 2)
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.errorLines.first?.contains(message) == true, "\(run.stderr)")
        #expect(try folder.contents() == [])
    }
}
