import Foundation
import LegibleTestSupport
import Testing

/// A batch job that names another job's output runs after it, whatever `--jobs` says and
/// wherever the two stand in the manifest (`legible batch --help`: "A job that names a file another job writes");
/// jobs that wait for each other are refused before anything runs. Outputs are judged by ffprobe.
@Suite struct BatchOrderTests {
    static let media = TestPaths.testMedia

    /// A folder with `a.mov` (demo.mov) and `a.en.srt`, as the manifest of `legible batch --help` names them.
    static func folder(_ label: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(label)
        _ = try folder.copy(media.appendingPathComponent("demo.mov"), as: "a.mov")
        _ = try folder.copy(media.appendingPathComponent("english-sdh.srt"), as: "a.en.srt")
        return folder
    }

    static func write(_ lines: [String], in folder: TemporaryFolder) throws -> String {
        let manifest = folder.path("jobs.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        return manifest
    }

    /// The manifest lines of the result lines, in the order the batch printed them (each as its
    /// job ended).
    static func endings(_ stdout: String) throws -> [Int] {
        try stdout.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["line"] as? Int)
        }
    }

    /// The first and last jobs of the help's manifest: the check names the output the first job writes.
    @Test func theReadmeExampleChecksTheOutputAfterWritingIt() throws {
        for run in 1...4 {
            let folder = try Self.folder("batch-order-readme-\(run)")
            defer { folder.remove() }
            let manifest = try Self.write([
                #"{"command": "add-subtitles", "input": "a.mov", "subtitles": "a.en.srt", "language": "en", "sdh": true, "output": "out/a.mov"}"#,
                #"{"command": "check", "input": "out/a.mov"}"#,
            ], in: folder)
            let output = try LegibleCommand.run(["batch", manifest, "--jobs", "4"])
            #expect(output.status == 0, "run \(run): \(output.stdout) \(output.stderr)")
            let results = try BatchScenario.results(output.stdout)
            #expect(results.mapValues { $0["status"] as? String } == [1: "done", 2: "done"], "run \(run): \(output.stdout)")
            #expect(results[2]?["findings"] is [String: Any], "run \(run): the check read the movie: \(output.stdout)")
            #expect(try Self.endings(output.stdout) == [1, 2], "run \(run)")
        }
    }

    /// add-subtitles → set-metadata → check, listed last to first and spelt differently
    /// (`./out//b.mov`, `./out/../out/c.mov`): each runs after the job whose output it names; a
    /// rerun skips all three, and when the first job changes, the two after it run again.
    @Test func aChainOfThreeRunsInTheOrderOfItsFiles() throws {
        let folder = try Self.folder("batch-order-chain")
        defer { folder.remove() }
        func jobs(language: String) -> [String] {
            [
                #"{"command": "check", "input": "./out/../out/c.mov"}"#,
                #"{"command": "set-metadata", "input": "./out//b.mov", "set": ["title=Chained"], "output": "out/c.mov"}"#,
                #"{"command": "add-subtitles", "input": "a.mov", "subtitles": "a.en.srt", "language": "\#(language)", "output": "out/b.mov"}"#,
            ]
        }
        let manifest = try Self.write(jobs(language: "en"), in: folder)
        let output = try LegibleCommand.run(["batch", manifest, "--jobs", "4"])
        #expect(output.status == 0, "\(output.stdout) \(output.stderr)")
        #expect(try BatchScenario.results(output.stdout).mapValues { $0["status"] as? String } == [1: "done", 2: "done", 3: "done"])
        #expect(try Self.endings(output.stdout) == [3, 2, 1])

        let again = try LegibleCommand.run(["batch", manifest, "--jobs", "4"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try BatchScenario.results(again.stdout).mapValues { $0["status"] as? String } == [1: "skipped", 2: "skipped", 3: "skipped"])

        _ = try Self.write(jobs(language: "fr"), in: folder)
        let changed = try LegibleCommand.run(["batch", manifest, "--jobs", "4"])
        #expect(changed.status == 0, "\(changed.stdout) \(changed.stderr)")
        #expect(try BatchScenario.results(changed.stdout).mapValues { $0["status"] as? String } == [1: "done", 2: "done", 3: "done"],
                "out/b.mov is written anew, so what was made from it is remade")
        #expect(try Self.endings(changed.stdout) == [3, 2, 1])

        guard ExternalTool.shouldRun("ffprobe") else { return }
        let original = try FFmpegReading.streams(folder.path("a.mov"))
        let streams = try FFmpegReading.streams(folder.path("out/c.mov"))
        #expect(streams.count == original.count + 1, "the subtitles of the first job reached the last output: \(streams)")
        let tags = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "format_tags=title:stream_tags=language",
                                                    "-of", "csv=p=0", folder.path("out/c.mov")])
        #expect(tags.stdout.contains("Chained"), "\(tags.stdout)")
        #expect(tags.stdout.contains("fra"), "the remade first output carries French: \(tags.stdout)")
    }

    /// Two jobs that each read what the other writes: an error naming both lines, exit 2,
    /// nothing run or written, dry run included.
    @Test func aCycleIsRefusedBeforeAnythingRuns() throws {
        let folder = try Self.folder("batch-order-cycle")
        defer { folder.remove() }
        let manifest = try Self.write([
            #"{"command": "check", "input": "a.mov"}"#,
            #"{"command": "strip", "input": "out/b.mov", "output": "out/c.mov"}"#,
            #"{"command": "strip", "input": "./out/c.mov", "output": "out/b.mov"}"#,
        ], in: folder)
        for extra in [[], ["--dry-run"], ["--jobs", "4"]] {
            let output = try LegibleCommand.run(["batch", manifest] + extra)
            #expect(output.status == 2, "\(extra): \(output.stdout) \(output.stderr)")
            #expect(output.stdout.isEmpty, "\(extra): no job ran: \(output.stdout)")
            let lines = output.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(extra): \(output.stderr)")
            let error = String(lines.first ?? "")
            #expect(error.hasPrefix("error: ") && error.contains("line 2") && error.contains("line 3") && !error.contains("line 1"),
                    "\(extra): \(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")), "nothing was written")
        let log = (try? String(contentsOfFile: folder.path(".jobs.jsonl.legible-log"), encoding: .utf8)) ?? ""
        #expect(log.isEmpty, "nothing is on record: \(log)")
    }
}
