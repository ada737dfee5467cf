import Foundation
import LegibleTestSupport
import Testing

/// A QuickTime movie written as MPEG-4 (`-o out.mp4`): its common metadata also goes into the
/// iTunes list that MPEG-4 readers read (mutagen, and ffprobe's `title`), and what has no
/// iTunes form is named, item by item, or refused with `--strict`.
@Suite struct MetadataBrandConversionTests {
    static func media(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent(name).path }

    /// Keys whose common names iTunes lists have no item for (ffmpeg's movenc writes none for
    /// them in MPEG-4 files), by ExifTool tag name.
    static let withoutITunesForm: Set<String> = ["Author", "GPSCoordinates", "Make", "Model"]

    /// The 1-based positions, in file order as ExifTool lists the `Keys` group of `path`, of
    /// the tags in `names`.
    static func keyPositions(_ path: String, of names: Set<String>) throws -> [Int] {
        let output = try ExternalTool.run("exiftool", ["-a", "-s", "-G1", "-Keys:all", path])
        try #require(output.status == 0, "exiftool failed: \(output.stderr)")
        let tags = output.stdout.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.map(String.init)
        }
        return tags.enumerated().filter { names.contains($0.element) }.map { $0.offset + 1 }
    }

    func lossTable(_ json: [String: Any]) -> [String: [Int]] {
        let losses = json["losses"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: losses.compactMap { loss in
            (loss["kind"] as? String).map { ($0, loss["numbers"] as? [Int] ?? []) }
        })
    }

    /// metadata-keys.mov holds QuickTime metadata only (written by ExifTool, Scripts/make-test-media).
    @Test(.enabled(if: MutagenReading.available && ExternalTool.shouldRun("exiftool") && ExternalTool.shouldRun("ffprobe")))
    func quickTimeKeysReachTheITunesList() throws {
        let folder = try TemporaryFolder("cli-brand-metadata")
        defer { folder.remove() }
        let source = Self.media("metadata-keys.mov")
        let output = folder.path("out.mp4")
        let run = try LegibleCommand.run(["set-metadata", source, "--set", "comment=Converted", "-o", output, "--json"])
        try #require(run.status == 0, "\(run.stderr)")

        let sourceTags = try SetMetadataCommandTests.exifTags(source)
        let tags = try MutagenReading.tags(output)
        #expect(tags["©nam"] == [try #require(sourceTags["Keys:Title"] as? String)])
        #expect(tags["desc"] == [try #require(sourceTags["Keys:Description"] as? String)])
        #expect(tags["©too"] == ["\(try #require(sourceTags["Keys:Software"]))"])   // ExifTool -n reads 17.1 as a number
        #expect(tags["©cmt"] == ["Converted"])
        #expect(try SetMetadataCommandTests.formatTags(output)["title"] == sourceTags["Keys:Title"] as? String)
        // The QuickTime items stay for the readers that read them.
        #expect(try SetMetadataCommandTests.exifTags(output)["Keys:Make"] as? String == sourceTags["Keys:Make"] as? String)

        let expected = try Self.keyPositions(source, of: Self.withoutITunesForm)
        #expect(expected.count == Self.withoutITunesForm.count)
        #expect(lossTable(try #require(run.jsonObject)) == ["metadata-no-ilst-form": expected])
        let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 1, "\(run.stderr)")
        // Runs as ranges with a count: issue 29 §3 changed the form on purpose.
        #expect(warnings.first?.contains(ConversionLossCommandTests.listing(expected, subject: "item") + ": ") == true, "\(run.stderr)")
    }

    /// metadata-udta.mov holds ffmpeg's user data items, in the order the script gives them:
    /// ©nam, ©day, ©des, ©cmt, ©mak, ©mod, ©xyz. A French title goes next to ©nam (item 2).
    @Test(.enabled(if: MutagenReading.available))
    func userDataItemsAndLocalizedValues() throws {
        let folder = try TemporaryFolder("cli-brand-metadata")
        defer { folder.remove() }
        let output = folder.path("out.m4v")
        let run = try LegibleCommand.run(["set-metadata", Self.media("metadata-udta.mov"), "--set", "title@fr=Bonjour", "-o", output, "--json"])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(lossTable(try #require(run.jsonObject)) == ["metadata-no-ilst-form": [6, 7, 8], "metadata-language": [2]])
        let tags = try MutagenReading.tags(output)
        #expect(tags["©nam"] == ["Metadata test"])
        #expect(tags["©cmt"] == ["udta metadata"])
    }

    /// Each kind alone refuses the write: metadata-keys.mov has items without an iTunes form;
    /// demo.mov's only movie item is its user-data title, so a French title is the one loss.
    @Test(arguments: [("metadata-keys.mov", "comment=x", "no iTunes (ilst) form"), ("metadata-udta.mov", "comment=x", "no iTunes (ilst) form"),
                      ("demo.mov", "title@fr=Bonjour", "localized QuickTime metadata values")])
    func strictRefusesAndWritesNothing(_ source: String, _ set: String, _ message: String) throws {
        let folder = try TemporaryFolder("cli-brand-metadata")
        defer { folder.remove() }
        let plain = try LegibleCommand.run(["set-metadata", Self.media(source), "--set", set, "-o", folder.path("plain.mp4"), "--json"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(lossTable(try #require(plain.jsonObject)).count == 1, "\(plain.stdout)")
        let run = try LegibleCommand.run(["set-metadata", Self.media(source), "--set", set, "-o", folder.path("out.mp4"), "--strict"])
        #expect(run.status == 2)
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(try folder.contents() == ["plain.mp4"])
    }

    /// The QuickTime keys ffmpeg names, and the iTunes item each becomes (ffmpeg's movenc writes
    /// these items for the same names).
    static let iTunesItems = ["com.apple.quicktime.title": "©nam", "com.apple.quicktime.software": "©too",
                              "com.apple.quicktime.creationdate": "©day", "com.apple.quicktime.description": "desc",
                              "com.apple.quicktime.artist": "©ART", "com.apple.quicktime.album": "©alb",
                              "com.apple.quicktime.genre": "©gen", "com.apple.quicktime.copyright": "cprt"]

    /// Real QuickTime movies with QuickTime metadata (an iPhone's): written as MPEG-4, mutagen
    /// reads each value ffprobe reads from the source's keys under its iTunes item.
    @Test(.corpus, .enabled(if: MutagenReading.available && ExternalTool.shouldRun("ffprobe")))
    func corpusMoviesKeepTheirMetadataForMPEG4Readers() throws {
        let folder = try TemporaryFolder("cli-brand-metadata-corpus")
        defer { folder.remove() }
        let movies = CorpusIndex.entries.filter { $0.features.isSuperset(of: ["qt-brand", "qt-mdta-keys"]) && !$0.isMalformed }
        try #require(!movies.isEmpty)
        for (index, movie) in movies.enumerated() {
            let output = folder.path("\(index).mp4")
            let run = try LegibleCommand.run(["set-metadata", movie.url.path, "--set", "comment=Converted", "-o", output])
            try #require(run.status == 0, "\(movie): \(run.stderr)")
            let source = try SetMetadataCommandTests.formatTags(movie.url.path)
            let tags = try MutagenReading.tags(output)
            var carried = 0
            for (key, item) in Self.iTunesItems {
                guard let value = source[key] else { continue }
                #expect(tags[item] == [value], "\(movie): \(key) as \(item)")
                carried += 1
            }
            #expect(carried > 0, "\(movie): no key to carry")
            #expect(tags["©cmt"] == ["Converted"], "\(movie)")
        }
    }

    /// A movie whose metadata all has an iTunes form converts without a word.
    @Test func nothingLostIsNothingSaid() throws {
        let folder = try TemporaryFolder("cli-brand-metadata")
        defer { folder.remove() }
        let run = try LegibleCommand.run(["set-metadata", Self.media("demo.mov"), "--set", "comment=x", "-o", folder.path("out.mp4"), "--strict"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("warning"), "\(run.stderr)")
    }
}
