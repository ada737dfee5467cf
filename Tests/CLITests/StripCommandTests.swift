import Foundation
import LegibleTestSupport
import Testing

/// `legible strip` judged by ExifTool: the private tags ExifTool writes into
/// TestMedia/metadata-private.mov (see Scripts/make-test-media) and a timed location track are
/// all found before and none after, in a new file and in place; their bytes are gone; what the
/// author made on purpose stays, and the audio and video are untouched.
@Suite struct StripCommandTests {
    static let source = CLITests.media("metadata-private.mov")

    /// Tags that give away place, device, person or capture time, as ExifTool names them.
    static let privateTags: Set<String> = [
        "Make", "Model", "Software", "SoftwareVersion", "SerialNumber", "FirmwareVersion", "CreationDate",
        "DateTimeOriginal", "ContentCreateDate", "CameraIdentifier", "Artist", "Encoder",
    ]

    /// Values from the make-test-media command line, searched for in the output's bytes.
    static let privateStrings = ["48.8584", "2.2945", "iPhone 15 Pro", "C39XK0TESTSN", "Jane Doe", "Legible fixture", "1.0.7",
                                 "2024-01-01T12", "-33.85"]

    /// A GPX route near the Sydney Opera House: 3 points, 1 s apart.
    static let route = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Legible tests" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="-33.8568" lon="151.2153"><ele>5</ele><time>2024-01-01T01:00:00Z</time></trkpt>
        <trkpt lat="-33.8570" lon="151.2155"><ele>6</ele><time>2024-01-01T01:00:01Z</time></trkpt>
        <trkpt lat="-33.8572" lon="151.2157"><ele>7</ele><time>2024-01-01T01:00:02Z</time></trkpt>
        </trkseg></trk></gpx>
        """

    func legible(_ arguments: [String]) throws -> ExternalTool.Output {
        try ExternalTool.run(CLITests.binary, arguments)
    }

    /// The fixture plus a timed location track describing the video.
    func movieWithRoute(in folder: TemporaryFolder) throws -> String {
        let gpx = folder.path("route.gpx")
        try Self.route.write(toFile: gpx, atomically: true, encoding: .utf8)
        let output = folder.path("private.mov")
        let result = try legible(["add-metadata-track", Self.source, "--from", gpx, "--describes", "1", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        return output
    }

    /// ExifTool's tags with embedded (timed) data extracted: `group:name` → value.
    static func exifTags(_ path: String) throws -> [String: String] {
        let output = try ExternalTool.run("exiftool", ["-j", "-G1", "-a", "-ee", "-n", "-api", "LargeFileSupport=1", path])
        try #require(output.status == 0, "\(output.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [[String: Any]])
        return try #require(list.first).mapValues { "\($0)" }
    }

    static func privateFindings(_ tags: [String: String]) -> [String] {
        tags.keys.filter { key in
            let name = String(key.split(separator: ":").last ?? "")
            return name.contains("GPS") || privateTags.contains(name)
        }.sorted()
    }

    static func leakedStrings(_ path: String) throws -> [String] {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return privateStrings.filter { bytes.range(of: Data($0.utf8)) != nil }
    }

    enum Mode: String, CaseIterable { case newFile, inPlace }

    @Test(.enabled(if: ExternalTool.shouldRun("exiftool") && ExternalTool.shouldRun("ffmpeg")), arguments: Mode.allCases)
    func exifToolFindsNothingPrivateAfterwards(_ mode: Mode) throws {
        let folder = try TemporaryFolder("cli-strip")
        defer { folder.remove() }
        let source = try movieWithRoute(in: folder)
        let before = try Self.exifTags(source)
        let found = Self.privateFindings(before)
        for name in Self.privateTags { #expect(found.contains { $0.hasSuffix(":" + name) }, "before: \(name)") }
        #expect(found.contains { $0.hasPrefix("Track3:") && $0.contains("GPS") }, "the timed track's GPS: \(found)")
        #expect(try Self.leakedStrings(source) == Self.privateStrings)
        let framesBefore = try (0..<2).map { try FFmpegReading.framemd5(source, stream: $0) }

        let stripped: String
        if mode == .inPlace {
            stripped = source
            let result = try legible(["strip", source, "--in-place", "-q"])
            try #require(result.status == 0, "\(result.stderr)")
        } else {
            stripped = folder.path("share.mov")
            let result = try legible(["strip", source, "-o", stripped, "-q"])
            try #require(result.status == 0, "\(result.stderr)")
        }

        let after = try Self.exifTags(stripped)
        #expect(Self.privateFindings(after) == [])
        #expect(try Self.leakedStrings(stripped) == [])
        #expect(after["Keys:Title"] == "Private test")
        #expect(after["Keys:Copyright"] == "Legible Test Suite")
        #expect(after["ItemList:Title"] == "Private test")
        #expect(after["QuickTime:CreateDate"].map { $0.hasPrefix("0000") || $0 == "0" } ?? true, "mvhd time: \(after["QuickTime:CreateDate"] ?? "")")
        let streams = try FFmpegReading.streams(stripped)
        #expect(streams.map(\.codecType) == ["video", "audio"], "the timed location track is gone: \(streams)")
        #expect(try (0..<2).map { try FFmpegReading.framemd5(stripped, stream: $0) } == framesBefore)
    }

    @Test func dryRunSaysWhatGoesAndWhyAndWritesNothing() throws {
        let folder = try TemporaryFolder("cli-strip-dry")
        defer { folder.remove() }
        let output = folder.path("share.mov")
        let result = try legible(["strip", Self.source, "-o", output, "--dry-run", "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let entries = try #require(json["entries"] as? [[String: Any]])
        func action(_ subject: String) -> [String] {
            entries.filter { $0["subject"] as? String == subject }.compactMap { $0["action"] as? String }
        }
        #expect(action("mdta/com.apple.quicktime.location.ISO6709") == ["remove"])
        #expect(action("mdta/com.apple.quicktime.title") == ["keep"])
        #expect(action("udta/©xyz") == ["remove"])
        #expect(action("itsk/©nam") == ["keep"])
        #expect(action("itsk/©ART") == ["remove"])
        for entry in entries { #expect((entry["reason"] as? String)?.isEmpty == false) }
        let location = entries.first { $0["subject"] as? String == "udta/©xyz" }
        #expect(location?["category"] as? String == "location")
    }

    @Test func keepAndRemoveAdjustThePolicy() throws {
        let result = try legible(["strip", Self.source, "-o", "/nonexistent/x.mov", "--dry-run", "--json",
                                  "--keep", "location", "--remove", "mdta/com.apple.quicktime.title"])
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let entries = try #require(json["entries"] as? [[String: Any]])
        let actions = Dictionary(entries.map { ($0["subject"] as? String ?? "", $0["action"] as? String ?? "") }) { first, _ in first }
        #expect(actions["udta/©xyz"] == "keep")
        #expect(actions["mdta/com.apple.quicktime.location.ISO6709"] == "keep")
        #expect(actions["mdta/com.apple.quicktime.title"] == "remove")
        #expect(actions["mdta/com.apple.quicktime.make"] == "remove")
    }

    /// `--keep name:handler` and `--keep name:compressor` keep the free-text names a camera
    /// wrote in `hdlr` and in the visual sample entry's compressor name (the names
    /// Scripts/make-hostile-media puts into hostile/device-names.mov); without them both go.
    @Test func keepNamesKeepsTheHandlerAndCompressorNames() throws {
        let folder = try TemporaryFolder("cli-strip-keep-names")
        defer { folder.remove() }
        let source = TestPaths.testMedia.appendingPathComponent("hostile/device-names.mov").path
        let handlerNames = ["GoPro AVC encoder", "GoPro AAC encoder"]
        let compressorName = "GoPro H.264 #C39XK0"
        func holds(_ path: String, _ text: String) throws -> Bool {
            try Data(contentsOf: URL(fileURLWithPath: path)).range(of: Data(text.utf8)) != nil
        }
        for text in handlerNames + [compressorName] { try #require(try holds(source, text), "the fixture has '\(text)'") }

        let kept = folder.path("kept.mov")
        let keep = try legible(["strip", source, "-o", kept, "--keep", "name:handler", "--keep", "name:compressor"])
        try #require(keep.status == 0, "\(keep.stderr)")
        for text in handlerNames + [compressorName] { #expect(try holds(kept, text), "'\(text)' kept as asked") }

        let handlerOnly = folder.path("handler.mov")
        let onlyHandler = try legible(["strip", source, "-o", handlerOnly, "--keep", "name:handler"])
        try #require(onlyHandler.status == 0, "\(onlyHandler.stderr)")
        for text in handlerNames { #expect(try holds(handlerOnly, text), "'\(text)' kept as asked") }
        #expect(try !holds(handlerOnly, compressorName), "the compressor name still goes")
    }

    @Test func inPlaceDryRunNamesTheBytesItWouldZero() throws {
        let result = try legible(["strip", Self.source, "--in-place", "--dry-run", "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let ranges = try #require(json["erasedRanges"] as? [[String: Any]])
        #expect(!ranges.isEmpty, "the old moov at least")
    }
}
