import Foundation
import LegibleTestSupport
import Testing

/// Every writing command, in both modes, on every crafted movie of TestMedia/hostile (made by
/// Scripts/make-hostile-media): two live `moov`s, files cut short, damaged tails, samples inside
/// `moov`, media nobody points at, a telemetry track, a size-0 box in a container, track IDs at
/// their limit, device names. The outcome is judged by readers that are not ours: MP4Box must
/// read the result, ffprobe must list the streams the edit leaves and ffmpeg's framemd5 of the
/// copied streams must not change; a strip must leave none of the private strings anywhere in
/// the bytes; an edit Legible refuses must leave the file byte for byte as it was.
@Suite struct HostileMediaEditTests {
    static let hostile = TestPaths.testMedia.appendingPathComponent("hostile")

    /// The files, each with what an edit of it must do.
    static let files = [
        "two-moov-end.mov", "two-moov-front.mov", "partial-mdat.mov", "partial-moov.mov", "damaged-tail.mov",
        "samples-in-moov.mov", "unreferenced-media.mov", "telemetry.mov", "nested-size0.mov", "next-track-id-max.mov",
        "track-id-max.mov", "device-names.mov",
    ]

    /// Bytes no stripped file may hold: the base movie's location, device and serial number
    /// (ExifTool wrote them), the crafted files' marker, and the telemetry and device names.
    static let privateStrings = ["48.8584", "iPhone 15 Pro", "C39XK0TESTSN", "Jane Doe", "Back Camera",
                                 "LEGIBLE-HOSTILE-PRIVATE", "GPS5", "GoPro"]

    enum Command: String, CaseIterable, CustomTestStringConvertible {
        case addSubtitles = "add-subtitles", setTrack = "set-track", setMetadata = "set-metadata", strip,
             addChapters = "add-chapters", addMetadataTrack = "add-metadata-track"
        var testDescription: String { rawValue }

        func arguments(_ movie: String, in folder: TemporaryFolder) throws -> [String] {
            switch self {
            case .addSubtitles: return [rawValue, movie, TestPaths.testMedia.appendingPathComponent("english-sdh.srt").path, "--language", "en"]
            case .setTrack: return [rawValue, movie, "--track", "1", "--name", "V2", "--characteristic", "public.main-program-content"]
            case .setMetadata: return [rawValue, movie, "--set", "title=Hostile", "--remove", "udta/©xyz"]
            case .strip: return [rawValue, movie]
            case .addChapters:
                try "0:00 Opening\n0:01 Second\n".write(toFile: folder.path("chapters.txt"), atomically: true, encoding: .utf8)
                return [rawValue, movie, folder.path("chapters.txt")]
            case .addMetadataTrack: return [rawValue, movie, "--from", TestPaths.testMedia.appendingPathComponent("route.gpx").path]
            }
        }

        /// Streams ffprobe lists after the edit, given the source's.
        func streamCount(source: Int, telemetry: Bool) -> Int {
            switch self {
            case .addSubtitles, .addChapters, .addMetadataTrack: source + 1
            case .strip: source - (telemetry ? 1 : 0)
            case .setTrack, .setMetadata: source
            }
        }
    }

    static let cases: [(String, Command, Bool)] = files.flatMap { file in
        Command.allCases.flatMap { command in [false, true].map { (file, command, $0) } }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe") && ExternalTool.shouldRun(at: TestPaths.mp4Box)), arguments: cases)
    func editLandsWholeOrNotAtAll(file: String, command: Command, inPlace: Bool) throws {
        let folder = try TemporaryFolder("hostile")
        defer { folder.remove() }
        let source = Self.hostile.appendingPathComponent(file).path
        let movie = try folder.copy(URL(fileURLWithPath: source), as: "in.mov")
        let output = inPlace ? movie : folder.path("out.mov")
        let before = try Data(contentsOf: URL(fileURLWithPath: movie))
        let result = try LegibleCommand.run(try command.arguments(movie, in: folder) + (inPlace ? ["--in-place"] : ["-o", output]))

        if file == "samples-in-moov.mov" {
            // Retiring or rewriting moov would take the audio samples inside it along: refused.
            #expect(result.status == 2)
            #expect(result.errorLines == ["error: \(movie): moov @ 0x14: track 2's samples lie inside the 'moov' box, which an edit rewrites; Legible cannot edit such a file"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: movie)) == before, "the source is untouched")
            #expect(!FileManager.default.fileExists(atPath: folder.path("out.mov")))
            return
        }
        try #require(result.status == 0, "\(result.stderr)")
        let mp4Box = try ExternalTool.run(TestPaths.mp4Box, ["-info", output])
        #expect(mp4Box.status == 0, "MP4Box reads the result: \(mp4Box.stderr)")
        let sourceStreams = try FFmpegReading.streams(source)
        let streams = try FFmpegReading.streams(output)
        #expect(streams.count == command.streamCount(source: sourceStreams.count, telemetry: file == "telemetry.mov"), "\(streams)")
        for stream in 0..<2 {
            #expect(try FFmpegReading.framemd5(output, stream: stream) == FFmpegReading.framemd5(source, stream: stream),
                    "stream \(stream) copied unchanged")
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        let livingMovies = TopLevelWalk([UInt8](bytes)).boxes.filter { $0.type == "moov" }.count
        #expect(livingMovies == 1, "one live moov, the one players read")
        if command == .strip {
            for text in Self.privateStrings {
                #expect(bytes.range(of: Data(text.utf8)) == nil, "'\(text)' is gone from every byte of the file")
            }
        }
        if ["partial-mdat.mov", "partial-moov.mov", "damaged-tail.mov"].contains(file) {
            #expect(result.stderr.contains("warning: left out"), "what was cut short is left out, and said: \(result.stderr)")
        }
    }

    /// ExifTool reads the edits themselves, whichever moov they went into.
    @Test(.enabled(if: ExternalTool.shouldRun("exiftool")), arguments: ["two-moov-end.mov", "two-moov-front.mov"], [false, true])
    func exifToolReadsTheEditOfAFileWithTwoMovies(file: String, inPlace: Bool) throws {
        let folder = try TemporaryFolder("hostile-exif")
        defer { folder.remove() }
        let movie = try folder.copy(Self.hostile.appendingPathComponent(file), as: "in.mov")
        let output = inPlace ? movie : folder.path("out.mov")
        let result = try LegibleCommand.run(["set-metadata", movie, "--set", "title=Hostile", "--remove", "udta/©xyz"]
                                            + (inPlace ? ["--in-place"] : ["-o", output]))
        try #require(result.status == 0, "\(result.stderr)")
        let tags = try ExternalTool.run("exiftool", ["-a", "-G1", "-s", "-Title", "-GPSCoordinates", "-UserData:all", output])
        #expect(tags.stdout.contains("Hostile"), "\(tags.stdout)")
        #expect(!tags.stdout.contains("[UserData]      GPSCoordinates"), "the removed udta/©xyz is in no moov: \(tags.stdout)")
    }
}
