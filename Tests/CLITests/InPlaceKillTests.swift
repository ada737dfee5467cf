import Foundation
import LegibleTestSupport
import Testing

/// `kill -9` at every write of an in-place edit: strace stops the process with SIGKILL as it
/// enters its Nth `pwrite64` (`strace -e inject=pwrite64:signal=SIGKILL:when=N`), for every N the
/// edit makes. Whatever N, the file left behind plays as the original (ffmpeg's framemd5 of
/// its video and audio is unchanged), and running the same command again reaches the state the
/// edit was meant to reach: a strip (in place, or `-o` from the interrupted file) leaves no
/// private byte anywhere, the removed location is gone from every retired `moov` too, the
/// subtitle track or chapters are there once.
@Suite(.serialized) struct InPlaceKillTests {
    static let telemetry = TestPaths.testMedia.appendingPathComponent("hostile/telemetry.mov")

    enum Edit: String, CaseIterable, CustomTestStringConvertible {
        case strip, setMetadata = "set-metadata", addSubtitles = "add-subtitles", addChapters = "add-chapters"
        var testDescription: String { rawValue }

        func arguments(_ movie: String, folder: TemporaryFolder) throws -> [String] {
            switch self {
            case .strip: return ["strip", movie, "--in-place"]
            case .setMetadata:
                return ["set-metadata", movie, "--set", "title=Killed", "--remove", "mdta/com.apple.quicktime.location.ISO6709",
                        "--remove", "udta/©xyz", "--remove", "itsk/©xyz", "--in-place"]
            case .addSubtitles:
                return ["add-subtitles", movie, TestPaths.testMedia.appendingPathComponent("english-sdh.srt").path, "--language", "en",
                        "--in-place"]
            case .addChapters:
                try "0:00 Opening\n0:01 Second\n".write(toFile: folder.path("chapters.txt"), atomically: true, encoding: .utf8)
                return ["add-chapters", movie, folder.path("chapters.txt"), "--in-place"]
            }
        }
    }

    /// `strace` with `trace`/`inject` options around the built binary.
    static func traced(_ options: [String], _ arguments: [String], log: String) throws -> ExternalTool.Output {
        try ExternalTool.run("strace", ["-f", "-o", log, "-e", "trace=pwrite64"] + options + [TestPaths.legibleExecutable.path] + arguments)
    }

    /// The `pwrite64` calls a ``traced(_:_:log:)`` run made, from its log.
    static func writes(inLog path: String) throws -> Int {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("pwrite64(") && !$0.contains("resumed") }.count
    }

    @Test(.enabled(if: ExternalTool.shouldRun("strace") && ExternalTool.shouldRun("ffmpeg")), arguments: Edit.allCases)
    func everyWriteCanBeTheLast(_ edit: Edit) throws {
        let folder = try TemporaryFolder("kill-\(edit.rawValue)")
        defer { folder.remove() }
        let source = Self.telemetry.path
        let streams = try FFmpegReading.streams(source)
        // Video and audio: ffmpeg's framemd5 cannot copy the telemetry data stream.
        let played = 0..<2
        let original = try played.map { try FFmpegReading.framemd5(source, stream: $0) }

        // How many writes the edit makes when nothing stops it.
        let movie = try folder.copy(Self.telemetry, as: "count.mov")
        let counted = try Self.traced([], try edit.arguments(movie, folder: folder), log: folder.path("count.log"))
        try #require(counted.status == 0, "\(counted.stderr)")
        let writes = try Self.writes(inLog: folder.path("count.log"))
        try #require(writes >= 2, "append and retire at least")

        for kill in 1...writes {
            let path = try folder.copy(Self.telemetry, as: "kill-\(kill).mov")
            let killed = try Self.traced(["-e", "inject=pwrite64:signal=SIGKILL:when=\(kill)"], try edit.arguments(path, folder: folder),
                                         log: folder.path("kill-\(kill).log"))
            #expect(killed.status != 0, "write \(kill) of \(writes): the edit was stopped")
            for stream in played {
                #expect(try FFmpegReading.framemd5(path, stream: stream) == original[stream],
                        "killed at write \(kill) of \(writes): stream \(stream) plays as before")
            }
            try finish(edit, path: path, folder: folder, after: "write \(kill) of \(writes)", sourceStreams: streams.count)
        }
    }

    /// Runs the edit again where the killed run had not yet made it, then checks the end state.
    private func finish(_ edit: Edit, path: String, folder: TemporaryFolder, after stop: String, sourceStreams: Int) throws {
        if edit == .strip {
            // A new file made from the interrupted one holds no private byte either.
            let copy = path + ".stripped.mov"
            let stripped = try LegibleCommand.run(["strip", path, "-o", copy])
            try #require(stripped.status == 0, "\(stop): strip -o of the interrupted file: \(stripped.stderr)")
            let copied = try Data(contentsOf: URL(fileURLWithPath: copy))
            for text in HostileMediaEditTests.privateStrings {
                #expect(copied.range(of: Data(text.utf8)) == nil, "\(stop): '\(text)' is nowhere in the strip -o output")
            }
        }
        let streamsNow = try FFmpegReading.streams(path).count
        let alreadyDone = edit == .addSubtitles && streamsNow == sourceStreams + 1
        if !alreadyDone {
            let again = try LegibleCommand.run(try edit.arguments(path, folder: folder))
            try #require(again.status == 0, "\(stop): the repeated edit: \(again.stderr)")
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let mp4Box = try ExternalTool.run(TestPaths.mp4Box, ["-info", path])
        #expect(mp4Box.status == 0, "\(stop): MP4Box reads the finished file: \(mp4Box.stderr)")
        switch edit {
        case .strip:
            for text in HostileMediaEditTests.privateStrings {
                #expect(bytes.range(of: Data(text.utf8)) == nil, "\(stop): '\(text)' is nowhere in the file")
            }
        case .setMetadata:
            #expect(bytes.range(of: Data("48.8584".utf8)) == nil, "\(stop): the removed location is in no moov, live or retired")
            let title = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "format_tags=title", "-of", "csv=p=0", path])
            #expect(title.stdout.contains("Killed"), "\(stop): \(title.stdout)")
        case .addSubtitles:
            #expect(try FFmpegReading.streams(path).count == sourceStreams + 1, "\(stop): one subtitle track added")
        case .addChapters:
            let chapters = try ExternalTool.run("ffprobe", ["-v", "error", "-show_chapters", "-of", "csv=p=0", path])
            #expect(chapters.stdout.contains("Opening") && chapters.stdout.contains("Second"), "\(stop): \(chapters.stdout)")
        }
    }
}
