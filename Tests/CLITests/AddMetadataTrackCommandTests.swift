import Foundation
import LegibleTestSupport
import Testing

/// `legible add-metadata-track` with TestMedia/route.gpx, checked by independent readers:
/// ExifTool (each sample's GPS coordinates and time, the cdsc reference), ffprobe and ffmpeg
/// (the new stream, every old stream packet for packet), MP4Box (the reference).
@Suite struct AddMetadataTrackCommandTests {
    struct Scenario: Sendable, CustomTestStringConvertible {
        var source: String
        var inPlace: Bool
        var testDescription: String { "\(source)\(inPlace ? " in place" : "")" }
        var sourcePath: String { TestPaths.testMedia.appendingPathComponent(source).path }

        static let all = [Scenario(source: "demo.mov", inPlace: false), Scenario(source: "demo.mp4", inPlace: false),
                          Scenario(source: "demo.mov", inPlace: true)]

        /// Adds route.gpx's track and returns the edited movie.
        func run(in folder: TemporaryFolder, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let route = TestPaths.testMedia.appendingPathComponent("route.gpx").path
            let edited: String
            let arguments: [String]
            if inPlace {
                edited = try folder.copy(URL(fileURLWithPath: sourcePath), as: source)
                arguments = [edited, "--from", route, "--in-place"]
            } else {
                edited = folder.path("gps-" + source)
                arguments = [sourcePath, "--from", route, "-o", edited]
            }
            let result = try LegibleCommand.run(["add-metadata-track"] + arguments)
            try #require(result.status == 0, "legible add-metadata-track \(arguments.joined(separator: " ")): \(result.stderr)",
                         sourceLocation: sourceLocation)
            return edited
        }
    }

    /// route.gpx as the file spells it: lat lon [ele] of each point, and its time after the first.
    static let expectedCoordinates = ["51.5334 -0.1255 26.756", "51.5336 -0.1251 27", "51.5339 -0.1248 27.5",
                                      "51.5341 -0.1246", "51.5344 -0.1243 28.25"]
    static let expectedTimes = ["0", "1", "2", "2.5", "3.25"]

    @Test(.enabled(if: ExternalTool.shouldRun("exiftool")), arguments: Scenario.all)
    func exifToolReadsEachLocationAtItsTime(_ scenario: Scenario) throws {
        let folder = try TemporaryFolder("cli-metadata-exiftool")
        defer { folder.remove() }
        let edited = try scenario.run(in: folder)
        let output = try ExternalTool.run("exiftool", ["-ee", "-a", "-G1", "-n", "-s", "-api", "LargeFileSupport=1", "-Track5:all", edited])
        try #require(output.status == 0, "\(output.stderr)")
        var tags: [(String, String)] = []
        for line in output.stdout.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let tag = parts[0].split(separator: "]").last else { continue }
            tags.append((tag.trimmingCharacters(in: .whitespaces), parts[1].trimmingCharacters(in: .whitespaces)))
        }
        #expect(tags.filter { $0.0 == "GPSCoordinates" }.map(\.1) == Self.expectedCoordinates)
        #expect(tags.filter { $0.0 == "SampleTime" }.map(\.1) == Self.expectedTimes)
        #expect(tags.filter { $0.0 == "ContentDescribes" }.map(\.1) == ["1"])
        #expect(tags.filter { $0.0 == "MetaFormat" }.map(\.1) == ["mebx"])
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")), arguments: Scenario.all)
    func ffmpegReadsTheNewStreamAndEveryOldPacket(_ scenario: Scenario) throws {
        let folder = try TemporaryFolder("cli-metadata-ffmpeg")
        defer { folder.remove() }
        let edited = try scenario.run(in: folder)
        let before = try FFmpegReading.streams(scenario.sourcePath), after = try FFmpegReading.streams(edited)
        #expect(Array(after.prefix(before.count)) == before)
        #expect(after.dropFirst(before.count).map(\.codecTag) == ["mebx"])
        #expect(after.dropFirst(before.count).map(\.codecType) == ["data"])
        for stream in before {
            #expect(try FFmpegReading.framemd5(edited, stream: stream.index) == (try FFmpegReading.framemd5(scenario.sourcePath, stream: stream.index)),
                    "stream \(stream.index)")
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)), arguments: Scenario.all)
    func mp4BoxSeesTheReference(_ scenario: Scenario) throws {
        let folder = try TemporaryFolder("cli-metadata-mp4box")
        defer { folder.remove() }
        let edited = try scenario.run(in: folder)
        let output = try ExternalTool.run(TestPaths.mp4Box, ["-info", "5", edited])
        try #require(output.status == 0, "\(output.stderr)")
        let text = output.stdout + output.stderr
        #expect(text.contains("Track References: cdsc to 1"), "\(text)")
        #expect(text.contains("Media Samples: 5"), "\(text)")
        #expect(text.contains("meta:mebx"), "\(text)")
    }

    @Test func describesAnotherTrackOrTheMovie() throws {
        let folder = try TemporaryFolder("cli-metadata-describes")
        defer { folder.remove() }
        let route = TestPaths.testMedia.appendingPathComponent("route.gpx").path
        let source = TestPaths.testMedia.appendingPathComponent("demo.mov").path
        for (describes, expected) in [("2", [2]), ("movie", [])] {
            let output = folder.path("describes-\(describes).mov")
            let result = try LegibleCommand.run(["add-metadata-track", source, "--from", route, "--describes", describes, "-o", output, "--json"])
            try #require(result.status == 0, "\(result.stderr)")
            #expect((result.jsonObject?["addedTracks"] as? [Int]) == [5])
            let info = try LegibleCommand.run(["info", "--json", output])
            let tracks = try #require(info.jsonObject?["tracks"] as? [[String: Any]])
            let references = tracks.last?["references"] as? [String: Any] ?? [:]
            #expect((references["cdsc"] as? [Int] ?? []) == expected, "\(references)")
        }
    }

    @Test(arguments: [
        ("route-no-times.gpx", "<gpx>\n<trk><trkseg>\n<trkpt lat=\"51.5\" lon=\"-0.12\"/>\n</trkseg></trk></gpx>", [String](),
         "route-no-times.gpx: line 3: a point has no <time>"),
        ("syntax.json", "{\"groups\": [\n  {\"start\": 0 \"items\": {}}\n]}", [], "syntax.json: not a timed metadata document: not JSON: line 2, column 15"),
        ("types.json", "{\"groups\": [{\"start\": \"zero\", \"items\": {}}]}", [], "at .groups[0].start"),
        ("value.json", "{\"keys\": [{\"identifier\": \"mdta/a\", \"dataType\": \"uint8\"}], \"groups\": [{\"start\": 0, \"items\": {\"mdta/a\": -1}}]}",
         [], "value.json: groups[0].items.mdta/a: expected a non-negative integer"),
        ("route.gpx", "", ["--describes", "9"], "--describes 9: no such track; the movie's tracks are 1, 2, 3, 4"),
        ("route.gpx", "", ["--describes", "first"], "--describes takes a track ID or 'movie'"),
        ("route.gpx", "", ["--start", "noon"], "--start takes an ISO 8601 date and time"),
        ("route.gpx", "", ["--start", "2030-01-01T00:00:00Z"], "every point of the GPX file is before the start time"),
    ] as [(String, String, [String], String)])
    func badInputIsOneErrorLineWithStatus2(_ name: String, _ content: String, _ options: [String], _ message: String) throws {
        let folder = try TemporaryFolder("cli-metadata-errors")
        defer { folder.remove() }
        let input = content.isEmpty ? TestPaths.testMedia.appendingPathComponent(name).path : folder.path(name)
        if !content.isEmpty { try content.write(toFile: input, atomically: true, encoding: .utf8) }
        let source = TestPaths.testMedia.appendingPathComponent("demo.mov").path
        let result = try LegibleCommand.run(["add-metadata-track", source, "--from", input] + options + ["-o", folder.path("out.mov")])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(result.errorLines.first?.contains(message) == true, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.mov")))
    }

    @Test func helpTeachesWithExamples() throws {
        let output = try LegibleCommand.run(["add-metadata-track", "--help"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("Examples:"))
        #expect(output.stdout.contains("--from"))
    }
}
