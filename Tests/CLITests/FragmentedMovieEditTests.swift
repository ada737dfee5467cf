import Foundation
import LegibleTestSupport
import Testing

/// Writing commands on fragmented movies that FFmpeg makes from TestMedia/demo.mov
/// (`-movflags +frag_keyframe+empty_moov`, with and without `+default_base_moof`, `.mp4` and
/// `.mov`): `-o` writes a regular movie with the edit asked for, and every source stream reads
/// back in FFmpeg as it did from the fragmented file — the same packets (framemd5) at the same
/// decode and presentation times (ffprobe `-show_packets`); MP4Box reads the output.
@Suite struct FragmentedMovieEditTests {
    /// How FFmpeg fragments the movie, and the container it writes.
    struct Fragmenting: Sendable, CustomStringConvertible {
        var flags: String
        var fileExtension: String
        /// The video re-encoded with B-frames (libx264 `-bf 2`), so samples have composition
        /// offsets (`trun` sample_composition_time_offset) and sync samples are not all of them.
        var withBFrames = false
        var description: String { "\(flags) .\(fileExtension)\(withBFrames ? " B-frames" : "")" }
    }

    static let fragmentings = [
        Fragmenting(flags: "+frag_keyframe+empty_moov", fileExtension: "mp4"),
        Fragmenting(flags: "+frag_keyframe+empty_moov+default_base_moof", fileExtension: "mp4"),
        Fragmenting(flags: "+frag_keyframe+empty_moov", fileExtension: "mov"),
        Fragmenting(flags: "+frag_keyframe+empty_moov+default_base_moof", fileExtension: "mov"),
        Fragmenting(flags: "+frag_keyframe+empty_moov", fileExtension: "mp4", withBFrames: true),
    ]

    /// demo.mov's streams fragmented by FFmpeg, every stream copied.
    func fragmented(_ fragmenting: Fragmenting, in folder: TemporaryFolder) throws -> String {
        let path = folder.path("fragmented.\(fragmenting.fileExtension)")
        let video = fragmenting.withBFrames ? ["-c:v", "libx264", "-bf", "2", "-g", "12"] : []
        let made = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", CLITests.media("demo.mov"), "-map", "0",
                                                   "-c", "copy"] + video + ["-movflags", fragmenting.flags, path])
        try #require(made.status == 0, "\(made.stderr)")
        try #require(try Self.isFragmented(path), "FFmpeg did not fragment \(path)")
        return path
    }

    /// Whether Legible reads the file as a fragmented movie.
    static func isFragmented(_ path: String) throws -> Bool {
        let info = try LegibleCommand.run(["info", path, "--json"])
        try #require(info.status == 0, "\(info.stderr)")
        return try #require(info.jsonObject?["fragmented"] as? Bool)
    }

    /// ffprobe's decode and presentation time of every packet of stream `index`.
    static func packets(_ path: String, stream index: Int) throws -> [String] {
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "\(index)", "-show_entries",
                                                     "packet=dts,pts", "-of", "csv=p=0", path])
        try #require(probe.status == 0, "\(probe.stderr)")
        return probe.stdout.split(separator: "\n").map(String.init)
    }

    /// The stream's framemd5 lines, durations aside (``FFmpegReading/withoutPacketDurations(_:)``).
    static func packetDigests(_ path: String, stream index: Int) throws -> [String] {
        FFmpegReading.withoutPacketDurations(try FFmpegReading.framemd5(path, stream: index))
    }

    /// Every stream of `source` reads from `output` as it does from `source`, and `output` is a
    /// regular movie — or, `stillFragmented`, a fragmented one — that MP4Box reads.
    static func checkStreamsKept(_ output: String, from source: String, stillFragmented: Bool = false,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try isFragmented(output) == stillFragmented, "\(output): fragmented is not \(stillFragmented)", sourceLocation: sourceLocation)
        let streams = try FFmpegReading.streams(source)
        for stream in streams {
            #expect(try packetDigests(output, stream: stream.index) == packetDigests(source, stream: stream.index),
                    "stream \(stream) packets", sourceLocation: sourceLocation)
            let expected = try packets(source, stream: stream.index)
            #expect(!expected.isEmpty, sourceLocation: sourceLocation)
            #expect(try packets(output, stream: stream.index) == expected, "stream \(stream) timing", sourceLocation: sourceLocation)
        }
        if ExternalTool.shouldRun(at: TestPaths.mp4Box) {
            let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", output])
            #expect(info.status == 0, "MP4Box -info \(output): \(info.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe")), arguments: fragmentings)
    func addSubtitles(_ fragmenting: Fragmenting) throws {
        let folder = try TemporaryFolder("fragmented-add")
        defer { folder.remove() }
        let source = try fragmented(fragmenting, in: folder)
        let output = folder.path("out.mp4")
        let result = try LegibleCommand.run(["add-subtitles", source, CLITests.media("english-sdh.srt"), "--language", "en", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        try Self.checkStreamsKept(output, from: source)
        let before = try FFmpegReading.streams(source)
        let after = try FFmpegReading.streams(output)
        try #require(after.count == before.count + 1, "\(after)")
        #expect(after.last?.codecType == "subtitle" && after.last?.language == "eng", "\(after)")
        // FFmpeg decodes the new track: english-sdh.srt's cues, as many packets as cues at least.
        let cues = try String(contentsOfFile: CLITests.media("english-sdh.srt"), encoding: .utf8).components(separatedBy: " --> ").count - 1
        #expect(try FFmpegReading.framemd5(output, stream: before.count).filter { !$0.hasPrefix("#") }.count >= cues)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe")), arguments: fragmentings)
    func strip(_ fragmenting: Fragmenting) throws {
        let folder = try TemporaryFolder("fragmented-strip")
        defer { folder.remove() }
        let source = try fragmented(fragmenting, in: folder)
        let output = folder.path("out.\(fragmenting.fileExtension)")
        let result = try LegibleCommand.run(["strip", source, "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        try Self.checkStreamsKept(output, from: source)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe")), arguments: fragmentings)
    func setTrack(_ fragmenting: Fragmenting) throws {
        let folder = try TemporaryFolder("fragmented-set-track")
        defer { folder.remove() }
        let source = try fragmented(fragmenting, in: folder)
        let output = folder.path("out.\(fragmenting.fileExtension)")
        let result = try LegibleCommand.run(["set-track", source, "--track", "2", "--language", "fr", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        try Self.checkStreamsKept(output, from: source)
        // Track 2 is FFmpeg's stream 1 (streams follow the tracks' order); French is `fra` in
        // ISO 639-2/T, `fre` in ISO 639-2/B.
        let language = try FFmpegReading.streams(output)[1].language
        #expect(language == "fra" || language == "fre", "\(language ?? "none")")
    }

    /// A movie of 10,000 one-frame fragments (FFmpeg, every frame a keyframe: 110,000 boxes,
    /// more than the reader once held) is edited whole, both ways: every packet is in the output.
    /// Before, the reader stopped at its box limit 91% of the way in and `strip -o` wrote the
    /// movie without its last 914 fragments, with only a warning about unused bytes.
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe")))
    func tenThousandFragments() throws {
        let folder = try TemporaryFolder("fragmented-10000")
        defer { folder.remove() }
        let source = folder.path("fragments.mp4")
        let made = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=25",
                                                   "-t", "400", "-c:v", "libx264", "-g", "1", "-movflags",
                                                   "+frag_keyframe+empty_moov+default_base_moof", source])
        try #require(made.status == 0, "\(made.stderr)")
        let info = try LegibleCommand.run(["info", source])
        #expect(info.stdout.contains("(10000 fragments)") && !info.stdout.contains("warning"), "\(info.stdout)")
        for keepingFragments in [false, true] {
            let output = folder.path(keepingFragments ? "kept.mp4" : "regular.mp4")
            let result = try LegibleCommand.run(["strip", source, "-o", output] + (keepingFragments ? ["--keep-fragments"] : []))
            try #require(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            #expect(try Self.packets(output, stream: 0).count == 10_000)
            try Self.checkStreamsKept(output, from: source, stillFragmented: keepingFragments)
        }
    }

    /// In place, an edit that adds a track to a fragmented movie is refused in one line that
    /// names `-o`, and the file is left as it was (FragmentedInPlaceTests has the edits that fit).
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func inPlaceIsRefused() throws {
        let folder = try TemporaryFolder("fragmented-in-place")
        defer { folder.remove() }
        let source = try fragmented(Self.fragmentings[0], in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: source))
        let result = try LegibleCommand.run(["add-subtitles", source, CLITests.media("english-sdh.srt"), "--language", "en", "--in-place"])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1 && result.errorLines[0].contains("cannot be edited in place")
                && result.errorLines[0].contains("-o"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: source)) == before)
    }

    /// A track whose fragments hold samples but whose `trak` has no sample table (the `stbl` of
    /// TestMedia/fragmented.mp4's video made a `free` box): its samples cannot be described in
    /// a regular movie, so `-o` refuses, naming the track, rather than leave them out.
    @Test func aTrackWithoutASampleTableIsRefused() throws {
        let folder = try TemporaryFolder("fragmented-no-stbl")
        defer { folder.remove() }
        var bytes = [UInt8](try Data(contentsOf: TestPaths.testMedia.appendingPathComponent("fragmented.mp4")))
        let at = try #require(bytes.indices.dropLast(3).first { bytes[$0..<$0 + 4].elementsEqual("stbl".utf8) })
        bytes.replaceSubrange(at..<at + 4, with: Array("free".utf8))
        let source = folder.path("no-stbl.mp4"), output = folder.path("out.mp4")
        try Data(bytes).write(to: URL(fileURLWithPath: source))
        let result = try LegibleCommand.run(["strip", source, "-o", output])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1 && result.errorLines.first?.contains("track 1 has no sample table") == true, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
