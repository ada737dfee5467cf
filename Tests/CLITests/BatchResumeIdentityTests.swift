import Foundation
import LegibleTestSupport
import Testing

/// What `batch` may replace when it runs a manifest again: only outputs it wrote itself (its
/// record holds their stamps, or a `started` claim when it was killed before recording the
/// result), and only for the job as it is now written (a changed line is a new job). An output
/// that is the job's own input, however spelt, is an error, never "skipped, up to date"; an
/// unrelated file at the output path, the manifest or the record is never overwritten unasked,
/// and the manifest and the record not even with --force. Titles are read back by ffprobe.
@Suite struct BatchResumeIdentityTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov")

    struct Batch {
        let folder: TemporaryFolder
        var manifest: String { folder.path("jobs.jsonl") }

        init(_ label: String) throws {
            folder = try TemporaryFolder(label)
            _ = try folder.copy(BatchResumeIdentityTests.demo, as: "p.mov")
        }

        func write(_ lines: [String]) throws {
            try (lines.joined(separator: "\n") + "\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        }

        /// Runs the batch; returns each job's status and error, by manifest line.
        func run(_ arguments: [String] = []) throws -> (status: Int32, jobs: [Int: (status: String, error: String)]) {
            let output = try LegibleCommand.run(["batch", manifest] + arguments)
            let results = try BatchScenario.results(output.stdout)
            return (output.status, results.mapValues { ($0["status"] as? String ?? "", $0["error"] as? String ?? "") })
        }

        func statuses(_ arguments: [String] = []) throws -> [Int: String] {
            try run(arguments).jobs.mapValues(\.status)
        }
    }

    static func setTitle(_ title: String, input: String = "p.mov", output: String) -> String {
        #"{"command": "set-metadata", "input": "\#(input)", "set": ["title=\#(title)"], "output": "\#(output)"}"#
    }

    static func title(_ path: String) throws -> String? {
        let output = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "format_tags=title", "-of", "csv=p=0", path])
        try #require(output.status == 0, "ffprobe reads \(path): \(output.stderr)")
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `p.mov`, `./p.mov` and a link to it are all the input: each such job fails, on every
    /// run and with --force, and the movie is untouched.
    @Test func outputThatIsTheInputIsAnError() throws {
        let batch = try Batch("batch-identity-input")
        defer { batch.folder.remove() }
        try FileManager.default.createSymbolicLink(atPath: batch.folder.path("link.mov"), withDestinationPath: "p.mov")
        try batch.write([Self.setTitle("A", output: "p.mov"), Self.setTitle("B", output: "./p.mov"),
                         Self.setTitle("C", output: "link.mov"), Self.setTitle("D", input: "link.mov", output: "p.mov")])
        let before = try Data(contentsOf: URL(fileURLWithPath: batch.folder.path("p.mov")))
        for arguments in [[], [], ["--force"]] {
            let (status, jobs) = try batch.run(arguments)
            #expect(status == 1)
            #expect(jobs.count == 4)
            for (line, job) in jobs {
                #expect(job.status == "failed", "line \(line) \(arguments)")
                #expect(job.error.hasPrefix("the output is the job's input '"), "line \(line): \(job.error)")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: batch.folder.path("p.mov"))) == before)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: batch.folder.path("link.mov")) == "p.mov")
    }

    /// An older file at the output path (`notes.txt`) makes the job fail and stays, until
    /// --force replaces it; the manifest and the record are never outputs, --force or not.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")))
    func filesTheBatchDidNotWriteAreNotReplaced() throws {
        let batch = try Batch("batch-identity-foreign")
        defer { batch.folder.remove() }
        let notes = batch.folder.path("notes.txt")
        try "my notes".write(toFile: notes, atomically: true, encoding: .utf8)
        let log = batch.folder.path(".jobs.jsonl.legible-log")
        try batch.write([Self.setTitle("Notes", output: "notes.txt"), Self.setTitle("Manifest", output: "jobs.jsonl"),
                         Self.setTitle("Log", output: ".jobs.jsonl.legible-log")])
        let manifest = try String(contentsOfFile: batch.manifest, encoding: .utf8)

        for _ in 0..<2 {
            let (status, jobs) = try batch.run()
            #expect(status == 1)
            #expect(jobs[1]?.status == "failed")
            #expect(jobs[1]?.error == "'notes.txt' exists and this batch did not write it (or it changed since); remove it, or run with --force to replace it")
            #expect(jobs[2]?.status == "failed" && jobs[2]?.error == "the output is the batch's manifest", "\(String(describing: jobs[2]))")
            #expect(jobs[3]?.status == "failed" && jobs[3]?.error == "the output is the batch's log", "\(String(describing: jobs[3]))")
            #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes")
        }

        let forced = try batch.run(["--force"])
        #expect(forced.status == 1, "the manifest and log jobs still fail")
        #expect(forced.jobs.mapValues(\.status) == [1: "done", 2: "failed", 3: "failed"])
        #expect(try Self.title(notes) == "Notes", "--force replaced notes.txt with the job's movie")
        #expect(try String(contentsOfFile: batch.manifest, encoding: .utf8) == manifest)
        let record = try String(contentsOfFile: log, encoding: .utf8)
        #expect(record.split(separator: "\n").allSatisfy { $0.hasPrefix("{") }, "the record is still the batch's JSON lines")
    }

    /// A job's output is its own to replace as long as nobody changed it: an edited line (another
    /// title) runs again and replaces it, an unchanged one is skipped, and an output someone
    /// changed since is left alone until --force.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")))
    func aChangedJobReplacesItsOwnOutput() throws {
        let batch = try Batch("batch-identity-changed")
        defer { batch.folder.remove() }
        let output = batch.folder.path("out.mov")
        try batch.write([Self.setTitle("First", output: "out.mov")])
        #expect(try batch.statuses() == [1: "done"])
        #expect(try batch.statuses() == [1: "skipped"], "unchanged job, unchanged output")
        #expect(try Self.title(output) == "First")

        try batch.write([Self.setTitle("Second", output: "out.mov")])
        #expect(try batch.statuses() == [1: "done"], "another title is another job, and out.mov is this batch's")
        #expect(try Self.title(output) == "Second")
        #expect(try batch.statuses() == [1: "skipped"])

        // Someone else writes to the output: it is no longer the one the batch wrote.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(count: 8))
        try handle.close()
        let changed = try Data(contentsOf: URL(fileURLWithPath: output))
        try batch.write([Self.setTitle("Third", output: "out.mov")])
        let (status, jobs) = try batch.run()
        #expect(status == 1)
        #expect(jobs[1]?.status == "failed" && jobs[1]?.error.contains("this batch did not write it (or it changed since)") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == changed)
        #expect(try batch.statuses(["--force"]) == [1: "done"])
        #expect(try Self.title(output) == "Third")
    }

    /// The batch killed after its job renamed the output into place but before the job's
    /// result reached the record: the `started` line it wrote before launching the job claims
    /// the output, so the rerun replaces it; without that claim (another record) it would not.
    ///
    /// The moment is made, not hoped for: python3 holds the input's lock so the job waits;
    /// once the record has the claim, the batch is stopped (SIGSTOP), the lock released, and
    /// when the output appears the batch is killed (SIGKILL) before it can record the result.
    @Test(.enabled(if: ExternalTool.shouldRun("python3") && ExternalTool.shouldRun("pgrep") && ExternalTool.shouldRun("ffprobe")))
    func aKillAfterTheRenameStillLetsTheRerunReplaceTheOutput() throws {
        let batch = try Batch("batch-identity-kill")
        defer { batch.folder.remove() }
        let output = batch.folder.path("out.mov")
        let log = batch.folder.path("record.jsonl")
        try batch.write([Self.setTitle("Claimed", output: "out.mov")])

        let holder = try LockHolder(path: batch.folder.path("p.mov"), seconds: 60)
        let process = Process()
        process.executableURL = TestPaths.legibleExecutable
        process.arguments = ["batch", batch.manifest, "--log", log]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            holder.release()
        }
        try Self.waitUntil("the batch claims out.mov") {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains(#""status":"started""#)
        }
        // The claim is written just before the job is launched: wait for the job's process
        // (it then waits for the lock), so stopping the batch does not stop it from starting.
        try Self.waitUntil("the batch launches the job") {
            ((try? ExternalTool.run("pgrep", ["-P", String(process.processIdentifier)]))?.status ?? 1) == 0
        }
        #expect(kill(process.processIdentifier, SIGSTOP) == 0)
        holder.release()
        try Self.waitUntil("the job renames out.mov into place") { FileManager.default.fileExists(atPath: output) }
        #expect(kill(process.processIdentifier, SIGKILL) == 0)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        let record = try String(contentsOfFile: log, encoding: .utf8)
        #expect(record.contains(#""status":"started""#) && !record.contains(#""status":"done""#), "\(record)")
        #expect(try Self.title(output) == "Claimed")

        // Another record has no claim: the output is not the batch's as far as it knows.
        let (unclaimedStatus, unclaimed) = try batch.run(["--log", batch.folder.path("other.jsonl")])
        #expect(unclaimedStatus == 1 && unclaimed[1]?.status == "failed", "\(String(describing: unclaimed[1]))")
        // With the record of the killed batch, the job runs again and replaces its output (a
        // new file, renamed into place).
        let killedOutput = try Self.inode(output)
        let (status, jobs) = try batch.run(["--log", log])
        #expect(status == 0)
        #expect(jobs[1]?.status == "done", "\(String(describing: jobs[1]))")
        #expect(try Self.inode(output) != killedOutput)
        #expect(try Self.title(output) == "Claimed")
        #expect(try batch.statuses(["--log", log]) == [1: "skipped"])
    }

    static func inode(_ path: String) throws -> UInt64 {
        try #require((try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.uint64Value)
    }

    /// Polls `condition` every 10 ms for up to a minute.
    static func waitUntil(_ what: String, _ condition: () -> Bool) throws {
        for _ in 0..<6_000 {
            if condition() { return }
            usleep(10_000)
        }
        Issue.record("timed out waiting until \(what)")
        throw CancellationError()
    }
}
