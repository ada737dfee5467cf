import Foundation
import LegibleTestSupport
import Testing

/// Several edits of one file at once: `batch` runs jobs that share a file one after the other
/// (whatever path names it: `m.mov`, `./m.mov`, a link), and `legible` processes lock the file
/// they edit in place (`flock`), so each waits its turn. Every edit reported done is in the file,
/// which has one live `moov` and reads in MP4Box; a copy made while the file is being edited in
/// place is of one whole version of it. The edits are read back by ExifTool (track names,
/// title) and ffprobe (streams), not by Legible.
@Suite struct ConcurrentEditTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov")
    static let subtitles = TestPaths.testMedia.appendingPathComponent("english-sdh.srt")

    /// What ExifTool reads of `path`: the names of tracks 1–3 and the title.
    static func tags(_ path: String) throws -> [String: String] {
        let output = try ExternalTool.run("exiftool", ["-j", "-Track1Name", "-Track2Name", "-Track3Name", "-Title", path])
        try #require(output.status == 0, "exiftool: \(output.stderr)")
        let list = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [[String: Any]])
        return (list.first ?? [:]).compactMapValues { $0 as? String }
    }

    /// Checks what every edit must leave, whatever the edits: one live `moov` (walked here,
    /// not by Legible's parser), MP4Box reads the file, and demo.mov's four streams are there
    /// with their packets unchanged, then `added` new subtitle streams in English.
    static func expectWhole(_ path: String, addedSubtitles added: Int, _ label: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let walk = TopLevelWalk(bytes)
        #expect(walk.boxes.filter { $0.type == "moov" }.count == 1, "\(label): one live moov", sourceLocation: sourceLocation)
        #expect(walk.brokenHeader == nil && walk.boxes.last?.end == bytes.count, "\(label): the boxes tile the file",
                sourceLocation: sourceLocation)
        let mp4Box = try ExternalTool.run(TestPaths.mp4Box, ["-info", path])
        #expect(mp4Box.status == 0, "\(label): MP4Box -info: \(mp4Box.stderr.suffix(500))", sourceLocation: sourceLocation)
        let streams = try FFmpegReading.streams(path)
        #expect(streams.count == 4 + added, "\(label): \(streams)", sourceLocation: sourceLocation)
        for stream in streams.dropFirst(4) {
            #expect(stream.codecType == "subtitle" && stream.language == "eng", "\(label): \(stream)", sourceLocation: sourceLocation)
        }
    }

    static var toolsPresent: Bool {
        ExternalTool.shouldRun("exiftool") && ExternalTool.shouldRun("ffprobe") && ExternalTool.shouldRun(at: TestPaths.mp4Box)
    }

    /// Four in-place jobs on one movie, named three ways, and a copy of it made by a fifth job,
    /// beside four in-place jobs on another movie, at `--jobs 4`; 20 runs, each on fresh copies.
    @Test(.enabled(if: toolsPresent), arguments: 0..<20)
    func batchJobsOnOneFileAllLand(run: Int) throws {
        let folder = try TemporaryFolder("concurrent-batch")
        defer { folder.remove() }
        for name in ["m.mov", "o.mov"] { _ = try folder.copy(Self.demo, as: name) }
        _ = try folder.copy(Self.subtitles, as: "en.srt")
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.mov"), withDestinationPath: "m.mov")
        let manifest = """
        {"command": "set-track", "input": "m.mov", "track": 1, "name": "Video \(run)", "inPlace": true}
        {"command": "set-track", "input": "o.mov", "track": 1, "name": "Other video \(run)", "inPlace": true}
        {"command": "set-track", "input": "./m.mov", "track": 2, "name": "Audio \(run)", "inPlace": true}
        {"command": "set-metadata", "input": "o.mov", "set": ["title=Other \(run)"], "inPlace": true}
        {"command": "set-metadata", "input": "link.mov", "set": ["title=Run \(run)"], "inPlace": true}
        {"command": "add-subtitles", "input": "o.mov", "subtitles": "en.srt", "language": "en", "inPlace": true}
        {"command": "add-subtitles", "input": "m.mov", "subtitles": "en.srt", "language": "en", "inPlace": true}
        {"command": "set-track", "input": "o.mov", "track": 2, "name": "Other audio \(run)", "inPlace": true}
        {"command": "set-track", "input": "m.mov", "track": 3, "name": "Copy \(run)", "output": "copy.mov"}
        """
        try manifest.write(toFile: folder.path("jobs.jsonl"), atomically: true, encoding: .utf8)
        let output = try LegibleCommand.run(["batch", folder.path("jobs.jsonl"), "--jobs", "4"])
        let results = try BatchScenario.results(output.stdout)
        #expect(output.status == 0, "\(output.stderr)")
        let statuses = results.mapValues { $0["status"] as? String ?? "" }
        #expect(statuses == Dictionary(uniqueKeysWithValues: (1...9).map { ($0, "done") }), "\(output.stdout)")

        // A job reported done has its edit in the file.
        let movie = try Self.tags(folder.path("m.mov"))
        let other = try Self.tags(folder.path("o.mov"))
        let copy = try Self.tags(folder.path("copy.mov"))
        let expected: [(line: Int, tags: [String: String], key: String, value: String)] = [
            (1, movie, "Track1Name", "Video \(run)"), (2, other, "Track1Name", "Other video \(run)"),
            (3, movie, "Track2Name", "Audio \(run)"), (4, other, "Title", "Other \(run)"),
            (5, movie, "Title", "Run \(run)"), (8, other, "Track2Name", "Other audio \(run)"),
            (9, copy, "Track3Name", "Copy \(run)"),
        ]
        for edit in expected where statuses[edit.line] == "done" {
            #expect(edit.tags[edit.key] == edit.value, "line \(edit.line): \(edit.tags)")
        }
        // The copy ran after every in-place job on m.mov before it in the manifest, so it has them all.
        #expect(copy["Track1Name"] == "Video \(run)" && copy["Track2Name"] == "Audio \(run)" && copy["Title"] == "Run \(run)", "\(copy)")
        #expect(movie["Track3Name"] == "Spanish", "the copy's edit is not in its source")
        try Self.expectWhole(folder.path("m.mov"), addedSubtitles: statuses[7] == "done" ? 1 : 0, "m.mov")
        try Self.expectWhole(folder.path("o.mov"), addedSubtitles: statuses[6] == "done" ? 1 : 0, "o.mov")
        try Self.expectWhole(folder.path("copy.mov"), addedSubtitles: 1, "copy.mov")
    }

    /// Two `legible` processes started together on one file, ten rounds: each waits for the
    /// other's lock, both succeed, and both edits are there.
    @Test(.enabled(if: toolsPresent))
    func twoProcessesEditingOneFileBothLand() throws {
        let folder = try TemporaryFolder("concurrent-two")
        defer { folder.remove() }
        for round in 0..<10 {
            let movie = try folder.copy(Self.demo, as: "round\(round).mov")
            let commands = [
                ["set-metadata", movie, "--set", "title=Round \(round)", "--in-place"],
                ["add-subtitles", movie, Self.subtitles.path, "--language", "en", "--in-place"],
            ]
            let results = Results(count: commands.count)
            DispatchQueue.concurrentPerform(iterations: commands.count) { index in
                results.set(index, Result { try LegibleCommand.run(commands[index]) })
            }
            for (index, result) in results.values.enumerated() {
                let output = try #require(result).get()
                #expect(output.status == 0, "round \(round), \(commands[index][0]): \(output.stderr)")
            }
            #expect(try Self.tags(movie)["Title"] == "Round \(round)", "round \(round)")
            try Self.expectWhole(movie, addedSubtitles: 1, "round \(round)")
        }
    }

    /// Another process (python3's `fcntl.flock`) holds the file's exclusive lock for a second:
    /// an in-place edit says it is waiting, and completes, with its edit, once the lock is free.
    @Test(.enabled(if: ExternalTool.shouldRun("python3") && ExternalTool.shouldRun("exiftool")))
    func inPlaceEditWaitsForAnotherProcessLock() throws {
        let folder = try TemporaryFolder("concurrent-lock")
        defer { folder.remove() }
        let movie = try folder.copy(Self.demo, as: "locked.mov")
        let holder = try LockHolder(path: movie, seconds: 1)
        let output = try LegibleCommand.run(["set-track", movie, "--track", "1", "--name", "After the wait", "--in-place"])
        holder.wait()
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("note: waiting for another legible process that is using '\(movie)'"), "\(output.stderr)")
        #expect(try Self.tags(movie)["Track1Name"] == "After the wait")
    }

    /// A copy (`-o`) started while an in-place edit is under way (held for two seconds by strace
    /// as it enters its second write, after it appended its new `moov` and before it retires the
    /// old one) waits for the edit to end and copies the edited file whole: every packet of the
    /// source's streams as they were, and the added track.
    @Test(.enabled(if: toolsPresent && ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("strace")))
    func copyDuringAnInPlaceEditIsOfOneWholeVersion() throws {
        let folder = try TemporaryFolder("concurrent-copy")
        defer { folder.remove() }
        let movie = try folder.copy(Self.demo, as: "edited.mov")
        let copy = folder.path("copy.mov")
        let strace = try #require(ExternalTool.locate("strace"))
        let editor = try LineWatcher(strace, ["-f", "-o", folder.path("strace.log"), "-e", "trace=pwrite64",
                                              "-e", "inject=pwrite64:delay_enter=2000000:when=2",
                                              TestPaths.legibleExecutable.path, "add-subtitles", movie, Self.subtitles.path,
                                              "--language", "en", "--in-place", "--progress", "json"])
        // The first progress line comes once the new moov is appended; the next write waits.
        try #require(editor.readLine { $0.hasPrefix("{\"bytesWritten\"") } != nil, "the edit appended: \(editor.collected)")
        let copier = try LineWatcher(TestPaths.legibleExecutable.path,
                                     ["set-track", movie, "--track", "1", "--name", "Copied", "-o", copy])
        let note = copier.readLine { $0.hasPrefix("note: waiting for another legible process") }
        let (editStatus, editErrors) = editor.finish()
        let (copyStatus, copyErrors) = copier.finish()
        #expect(note != nil, "the copy waited for the edit: \(copyErrors)")
        #expect(editStatus == 0, "\(editErrors)")
        #expect(copyStatus == 0, "\(copyErrors)")
        try Self.expectWhole(copy, addedSubtitles: 1, "the copy")
        try Self.expectWhole(movie, addedSubtitles: 1, "the edited file")
        for stream in 0..<4 {
            #expect(try FFmpegReading.framemd5(copy, stream: stream) == FFmpegReading.framemd5(Self.demo.path, stream: stream),
                    "stream \(stream)")
        }
    }
}

/// Results filled in by concurrent workers.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Result<ExternalTool.Output, any Error>?]
    init(count: Int) { stored = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<ExternalTool.Output, any Error>) { lock.withLock { stored[index] = value } }
    var values: [Result<ExternalTool.Output, any Error>?] { lock.withLock { stored } }
}

/// A python3 process holding `flock(LOCK_EX)` on a file until ``release()`` or for at most
/// some seconds: returns once it holds the lock.
struct LockHolder {
    let process: Process
    private let input = Pipe()

    init(path: String, seconds: Double) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(ExternalTool.locate("python3")))
        process.arguments = ["-c", "import fcntl, select, sys; f = open(sys.argv[1], 'rb'); fcntl.flock(f, fcntl.LOCK_EX); "
            + "print('locked', flush=True); select.select([sys.stdin], [], [], float(sys.argv[2]))", path, String(seconds)]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = output.fileHandleForReading.readData(ofLength: 7)
        try #require(String(decoding: line, as: UTF8.self) == "locked\n", "python3 holds the lock")
    }

    /// Ends the hold now (closing python3's standard input), and waits for it to end.
    func release() {
        try? input.fileHandleForWriting.close()
        wait()
    }

    func wait() { process.waitUntilExit() }
}

/// A process whose standard error is read line by line, so a test can act at a given line
/// (start another process then); standard output is discarded.
final class LineWatcher {
    let process: Process
    private let errors = Pipe()
    private var bytes = Data()
    private var scanned = 0

    init(_ executable: String, _ arguments: [String]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Standard error read so far.
    var collected: String { String(decoding: bytes, as: UTF8.self) }

    /// Reads until a line satisfies `match` (returned) or standard error ends (nil).
    func readLine(_ match: (String) -> Bool) -> String? {
        while true {
            while let newline = bytes[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: bytes[scanned..<newline], as: UTF8.self)
                scanned = newline + 1
                if match(line) { return line }
            }
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            bytes.append(chunk)
        }
    }

    /// Reads standard error to its end and waits: the exit status and everything written.
    func finish() -> (status: Int32, stderr: String) {
        bytes.append(errors.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return (process.terminationStatus, collected)
    }
}
