import Foundation
import Testing
import LegibleTestSupport

/// `legible batch` driven as a user would, on a 200-job catalogue (BatchScenario); outputs are
/// judged by ffprobe/ffmpeg, an independent reader.
@Suite(.serialized) struct BatchCommandTests {
    static let binary = TestPaths.legibleExecutable.path

    func batch(_ arguments: [String]) throws -> ExternalTool.Output {
        try ExternalTool.run(Self.binary, ["batch"] + arguments)
    }

    @Test func everyGoodJobIsDoneAndEachBadOneIsReportedWithItsLine() throws {
        let scenario = try BatchScenario("batch-200")
        defer { scenario.folder.remove() }
        let output = try batch([scenario.manifest, "--jobs", "2"])
        #expect(output.status == 1, "a failed job makes the status 1: \(output.stderr)")
        let results = try BatchScenario.results(output.stdout)
        #expect(results.count == BatchScenario.jobCount)
        for job in scenario.jobs {
            let result = try #require(results[job.line], "line \(job.line)")
            #expect(result["command"] as? String == job.command)
            #expect(result["input"] as? String == job.input)
            if job.isBad {
                #expect(result["status"] as? String == "failed", "line \(job.line): \(result)")
                let error = try #require(result["error"] as? String, "line \(job.line)")
                #expect(error.contains(job.input), "the error names the file: \(error)")
            } else {
                #expect(result["status"] as? String == "done", "line \(job.line): \(result)")
                #expect(result["exitCode"] as? Int == 0)
            }
            if job.command == "check", !job.isBad {
                let findings = try #require(result["findings"] as? [String: Any])
                #expect(findings["errors"] is Int && findings["warnings"] is Int)
            }
        }
        let summary = try #require(output.stderr.split(separator: "\n").last)
        #expect(summary.hasPrefix("batch: 197 done, 0 skipped, 3 failed of 200 jobs in "), "\(summary)")
        #expect(try scenario.temporaries().isEmpty)

        // ffprobe and ffmpeg judge a sample: one job of each writing command per input copy.
        guard ExternalTool.shouldRun("ffprobe") else { return }
        let original = try FFmpegReading.streams(scenario.folder.path("in/m0.mov"))
        let video = try FFmpegReading.framemd5(scenario.folder.path("in/m0.mov"), stream: 0)
        for job in scenario.jobs.prefix(25) where !job.isBad {
            guard let output = job.output else { continue }
            let streams = try FFmpegReading.streams(scenario.folder.path(output))
            #expect(streams.count == original.count + (job.command == "add-subtitles" ? 1 : 0), "\(output): \(streams)")
            #expect(try FFmpegReading.framemd5(scenario.folder.path(output), stream: 0) == video, "\(output): video copied unchanged")
        }
    }

    @Test func aBatchKilledMidwayResumesWithOnlyTheMissingJobs() throws {
        let scenario = try BatchScenario("batch-kill")
        defer { scenario.folder.remove() }
        let log = scenario.folder.path("results.jsonl")
        let firstRun = try Self.runKilled(Self.binary, ["batch", scenario.manifest, "--jobs", "2", "--log", log], afterDoneLines: 40)
        let first = try BatchScenario.results(firstRun)
        let doneFirst = Set(first.filter { $0.value["status"] as? String == "done" }.keys)
        #expect(doneFirst.count >= 40 && doneFirst.count < 197, "killed mid-batch: \(doneFirst.count) done")
        // Jobs without an output count as done only once their line reached the log.
        let logged = Set(try BatchScenario.results(String(contentsOfFile: log, encoding: .utf8))
            .filter { $0.value["status"] as? String == "done" }.keys)
        // A temporary file a killed job would leave, for a job that has not run yet.
        let pending = try #require(scenario.jobs.last { !doneFirst.contains($0.line) && $0.output != nil && !$0.isBad })
        let stale = scenario.folder.path("out/." + URL(fileURLWithPath: pending.output ?? "").lastPathComponent + ".legible-Ab12Cd")
        try Data("partial".utf8).write(to: URL(fileURLWithPath: stale))

        let rerun = try batch([scenario.manifest, "--jobs", "2", "--log", log])
        #expect(rerun.status == 1, "the three bad jobs fail again")
        let second = try BatchScenario.results(rerun.stdout)
        #expect(second.count == BatchScenario.jobCount)
        for job in scenario.jobs {
            let status = second[job.line]?["status"] as? String
            // The log is the record: a result line is logged (synced) before it is printed, so a
            // job killed between the two is on record as done without having been printed.
            if job.isBad {
                #expect(status == "failed")
            } else if doneFirst.contains(job.line) || logged.contains(job.line) {
                #expect(status == "skipped", "line \(job.line) was done before the kill")
            } else if job.output != nil {
                #expect(status == "done", "line \(job.line) runs now")
            } else {
                #expect(status == "done" || status == "skipped")
            }
        }
        #expect(try scenario.temporaries().isEmpty, "stale temporary files are removed")
        guard ExternalTool.shouldRun("ffprobe") else { return }
        let original = try FFmpegReading.streams(scenario.folder.path("in/m0.mov"))
        for job in scenario.jobs where !job.isBad {
            guard let output = job.output else { continue }
            let streams = try FFmpegReading.streams(scenario.folder.path(output))
            #expect(streams.count == original.count + (job.command == "add-subtitles" ? 1 : 0), "\(output) is whole")
        }
    }

    @Test func twoShardsRunEveryJobExactlyOnce() throws {
        let folder = try TemporaryFolder("batch-shard")
        defer { folder.remove() }
        _ = try folder.copy(TestPaths.testMedia.appendingPathComponent("demo.mov"), as: "demo.mov")
        var lines: [String] = []
        var jobLines: [Int] = []
        for index in 0..<21 {
            if index % 4 == 0 { lines.append("# comment \(index)") }
            if index % 7 == 0 { lines.append("") }
            lines.append(#"{"command": "check", "input": "demo.mov"}"#)
            jobLines.append(lines.count)
        }
        try lines.joined(separator: "\n").write(toFile: folder.path("jobs.jsonl"), atomically: true, encoding: .utf8)
        var seen: [Int] = []
        for shard in 0..<2 {
            let output = try batch([folder.path("jobs.jsonl"), "--shard", "\(shard)/2"])
            #expect(output.status == 0, "\(output.stderr)")
            let results = try BatchScenario.results(output.stdout)
            // The shard's jobs are those whose index among job lines (from 0) is I modulo 2.
            #expect(Set(results.keys) == Set(jobLines.enumerated().filter { $0.offset % 2 == shard }.map(\.element)))
            seen += results.keys
        }
        #expect(seen.sorted() == jobLines)
        #expect(try batch([folder.path("jobs.jsonl"), "--shard", "2/2"]).status == 2)
        #expect(try batch([folder.path("jobs.jsonl"), "--jobs", "0"]).status == 2)
        #expect(try batch([folder.path("missing.jsonl")]).status == 2)
    }

    @Test func manifestErrorsAreReportedPerLine() throws {
        let folder = try TemporaryFolder("batch-errors")
        defer { folder.remove() }
        _ = try folder.copy(TestPaths.testMedia.appendingPathComponent("demo.mov"), as: "demo.mov")
        let manifest = """
        {"command": "check", "input": "demo.mov"}
        {"command": "check", "input": "demo.mov"
        {"command": "chek", "input": "demo.mov"}
        {"command": "strip", "input": "demo.mov", "outptu": "x.mov"}
        {"command": "strip", "input": "demo.mov", "output": "y.mov", "inPlace": "yes"}
        {"input": "demo.mov"}
        {"command": "strip", "input": "demo.mov", "output": "z.mov"}
        """
        try manifest.write(toFile: folder.path("jobs.jsonl"), atomically: true, encoding: .utf8)
        let output = try batch([folder.path("jobs.jsonl")])
        #expect(output.status == 1)
        let results = try BatchScenario.results(output.stdout)
        #expect(results.mapValues { $0["status"] as? String }
                == [1: "done", 2: "failed", 3: "failed", 4: "failed", 5: "failed", 6: "failed", 7: "done"])
        let errors = results.mapValues { $0["error"] as? String ?? "" }
        #expect(errors[2]?.hasPrefix("not JSON: column ") == true, "\(errors[2] ?? "")")
        #expect(errors[3]?.hasPrefix("unknown command \"chek\"") == true)
        #expect(errors[4]?.hasPrefix("unknown key \"outptu\": strip takes ") == true)
        #expect(errors[5] == "\"inPlace\" is a flag: give it true or false, not a string")
        #expect(errors[6]?.hasPrefix("no \"command\"") == true)
        #expect(FileManager.default.fileExists(atPath: folder.path("z.mov")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.mov")))
    }

    /// Jobs without an output file (check, --in-place) resume through --log: a done line for the
    /// same manifest line and text skips them; without --log, or with the job edited, they run.
    @Test func jobsWithoutAnOutputResumeThroughTheLog() throws {
        let folder = try TemporaryFolder("batch-log")
        defer { folder.remove() }
        _ = try folder.copy(TestPaths.testMedia.appendingPathComponent("demo.mov"), as: "demo.mov")
        let jobs = folder.path("jobs.jsonl")
        let log = folder.path("log.jsonl")
        try """
        {"command": "set-metadata", "input": "demo.mov", "set": ["title=Holiday"], "inPlace": true}
        {"command": "check", "input": "demo.mov"}
        """.write(toFile: jobs, atomically: true, encoding: .utf8)
        func statuses(_ arguments: [String]) throws -> [Int: String] {
            let output = try batch([jobs] + arguments)
            #expect(output.status == 0, "\(output.stderr)")
            return try BatchScenario.results(output.stdout).mapValues { $0["status"] as? String ?? "" }
        }
        #expect(try statuses(["--log", log]) == [1: "done", 2: "done"])
        #expect(try statuses(["--log", log]) == [1: "skipped", 2: "skipped"])
        #expect(try statuses([]) == [1: "done", 2: "done"], "without the log nothing says they ran")
        #expect(try statuses(["--log", log, "--force"]) == [1: "done", 2: "done"])
        try """
        {"command": "set-metadata", "input": "demo.mov", "set": ["title=Vacances"], "inPlace": true}
        {"command": "check", "input": "demo.mov"}
        """.write(toFile: jobs, atomically: true, encoding: .utf8)
        #expect(try statuses(["--log", log]) == [1: "done", 2: "skipped"], "an edited job is a new job")
        let title = try ExternalTool.run(Self.binary, ["metadata", "--json", folder.path("demo.mov")])
        #expect(title.stdout.contains("Vacances"))
    }

    /// An add-chapters job runs through the same key mapping as the rest (`chapters` is the
    /// command's second positional argument) and ffprobe lists the chapters it wrote, as the list says.
    @Test func addChaptersJobsWriteTheListedChapters() throws {
        let folder = try TemporaryFolder("batch-chapters")
        defer { folder.remove() }
        _ = try folder.copy(TestPaths.testMedia.appendingPathComponent("demo.mov"), as: "demo.mov")
        try "00:00:00.000 Opening\n00:00:01.500 The middle\n".write(toFile: folder.path("demo.chapters.txt"), atomically: true, encoding: .utf8)
        let jobs = folder.path("jobs.jsonl")
        try #"{"command": "add-chapters", "input": "demo.mov", "chapters": "demo.chapters.txt", "output": "out/demo.mov"}"#
            .write(toFile: jobs, atomically: true, encoding: .utf8)
        let output = try batch([jobs])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try BatchScenario.results(output.stdout)[1]?["status"] as? String == "done")
        guard ExternalTool.shouldRun("ffprobe") else { return }
        let chapters = try ChapterReading.ffprobe(folder.path("out/demo.mov"))
        #expect(chapters.map(\.title) == ["Opening", "The middle"])
        #expect(chapters.map(\.start) == [0, 1.5])
        #expect(try BatchScenario.results(batch([jobs]).stdout)[1]?["status"] as? String == "skipped")
    }

    /// An output older than an input it was made from is out of date: the job runs again and
    /// replaces it.
    @Test func anOutputOlderThanItsInputIsRemade() throws {
        let folder = try TemporaryFolder("batch-stale")
        defer { folder.remove() }
        _ = try folder.copy(TestPaths.testMedia.appendingPathComponent("demo.mov"), as: "demo.mov")
        _ = try folder.copy(TestPaths.testMedia.appendingPathComponent("english-sdh.srt"), as: "en.srt")
        let jobs = folder.path("jobs.jsonl")
        try #"{"command": "add-subtitles", "input": "demo.mov", "subtitles": "en.srt", "language": "en", "output": "out.mov"}"#
            .write(toFile: jobs, atomically: true, encoding: .utf8)
        #expect(try BatchScenario.results(batch([jobs]).stdout)[1]?["status"] as? String == "done")
        #expect(try BatchScenario.results(batch([jobs]).stdout)[1]?["status"] as? String == "skipped")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: folder.path("en.srt"))
        #expect(try BatchScenario.results(batch([jobs]).stdout)[1]?["status"] as? String == "done", "the subtitles changed")
        #expect(try BatchScenario.results(batch([jobs, "--force"]).stdout)[1]?["status"] as? String == "done")
    }

    /// SIGTERM (a scheduler stopping the batch) to the batch alone: it starts no more jobs, ends
    /// the running ones, reports them, and says it was interrupted.
    @Test func sigtermStopsLaunchingAndReports() throws {
        let scenario = try BatchScenario("batch-term")
        defer { scenario.folder.remove() }
        let errors = scenario.folder.path("stderr.txt")
        let stdout = try Self.runKilled(Self.binary, ["batch", scenario.manifest, "--jobs", "2"], afterDoneLines: 10,
                                        signal: SIGTERM, stderr: errors)
        let results = try BatchScenario.results(stdout)
        #expect(results.count >= 10 && results.count < BatchScenario.jobCount, "\(results.count) reported")
        let summary = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(summary.contains("interrupted by signal 15, \(BatchScenario.jobCount - results.count) not started"), "\(summary)")
        // Nothing half-written under an output's name: a job ended by the signal leaves only a temporary file.
        for job in scenario.jobs where !job.isBad {
            guard let output = job.output, FileManager.default.fileExists(atPath: scenario.folder.path(output)) else { continue }
            #expect(try ExternalTool.run(Self.binary, ["info", scenario.folder.path(output)]).status == 0, "\(output)")
        }
    }

    /// Runs `executable`, collecting standard output, and sends `signal` once `count` lines say
    /// done: SIGKILL goes to its process group (the batch and its jobs, as a machine failure
    /// would), another signal to the batch alone. Returns the whole lines written.
    static func runKilled(_ executable: String, _ arguments: [String], afterDoneLines count: Int,
                          signal: Int32 = SIGKILL, stderr: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        if let stderr {
            try #require(FileManager.default.createFile(atPath: stderr, contents: nil))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderr))
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        var collected = Data()
        var done = 0
        while done < count {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            collected.append(chunk)
            done = String(decoding: collected, as: UTF8.self).components(separatedBy: #""status":"done""#).count - 1
        }
        // Foundation starts the child as a process group leader, so -pid reaches the batch's jobs too.
        #expect(kill(signal == SIGKILL ? -process.processIdentifier : process.processIdentifier, signal) == 0)
        collected.append(output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        if signal == SIGKILL {
            #expect(process.terminationReason == .uncaughtSignal)
        } else {
            #expect(process.terminationReason == .exit && process.terminationStatus == 1, "an interrupted batch exits 1")
        }
        // Only whole lines: the batch may have died mid-line.
        let text = String(decoding: collected, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().joined(separator: "\n")
    }
}
