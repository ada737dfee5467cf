#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `legible batch`: the jobs of a JSON-lines manifest, each run as its own `legible` process.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Run a manifest of jobs (add-subtitles, strip, set-track, set-metadata, add-chapters, check…), in parallel, resumably.",
        discussion: """
        The manifest has one JSON object per line; blank lines and lines starting with # are \
        skipped. "command" names the subcommand; "input" is its movie, a key named like its \
        second argument ("subtitles", "chapters") is that argument, and every other key is an \
        option in kebab-case: "output" is -o, "inPlace": true is --in-place, a string or \
        number is the option's value, true a flag (false leaves it out), an array repeats the \
        option. A key the command does not have is that job's error. Relative paths are \
        relative to the manifest's folder (each job runs there).

        Each job runs as a separate legible process, --jobs at a time (default: the number of \
        CPUs), so a crash or a hostile file ends only its own job. One JSON line per job is \
        printed as it ends: {"line", "command", "input", "output", "status": done, skipped or \
        failed, "exitCode", "error", "seconds", "hash"}, with "findings": {"errors", \
        "warnings"} for check (a check that finds errors is done; its findings say so). A \
        summary line goes to standard error.

        Resuming: run the same manifest again. A job with an "output" is skipped when that \
        file exists and is not older than any file the job reads (outputs are renamed into \
        place only when complete, so an existing one is whole); a rerun of a job whose output \
        is out of date replaces it, and removes .NAME.legible-* files a killed job left. Jobs \
        without an output (check, --in-place) are recorded only with --log FILE: a job with a \
        done or skipped line there, for the same manifest line and text ("hash"), is skipped. \
        Without --log they run again. --force runs every job.

        --shard I/N runs the jobs whose index (from 0, counting job lines only) modulo N is I, \
        so N machines share a manifest (a Kubernetes Indexed Job, a Slurm array).

        On SIGINT or SIGTERM no new job starts and running jobs are sent SIGTERM; they are \
        reported, and the batch exits 1.

        Examples:
          legible batch jobs.jsonl
          legible batch jobs.jsonl --jobs 4 --log results.jsonl
          legible batch jobs.jsonl --shard "$JOB_COMPLETION_INDEX/8"
          legible batch jobs.jsonl --dry-run        each job's command line, or why it has none

        A manifest:
          {"command": "add-subtitles", "input": "a.mov", "subtitles": "a.en.srt", "language": "en", "output": "out/a.mov"}
          {"command": "strip", "input": "b.mov", "output": "out/b.mov", "keep": ["authored", "capture-time"]}
          {"command": "set-track", "input": "c.mov", "track": 3, "language": "fr", "default": true, "inPlace": true}
          {"command": "check", "input": "out/a.mov"}

        Exit status: 0 when every job is done or skipped; 1 when any failed (a line that is \
        not JSON, an unknown command or key included) or the batch was interrupted; 2 when \
        the manifest cannot be read or the usage is wrong.
        """)

    @Argument(help: "The manifest: one JSON job per line.")
    var manifest: String

    @Option(help: "How many jobs run at once (default: the number of CPUs).")
    var jobs: Int?

    @Option(help: ArgumentHelp("Run only the jobs whose index modulo N is I (from 0).", valueName: "I/N"))
    var shard: BatchShard?

    @Flag(help: "Run every job, even one whose output is up to date or that the log says is done.")
    var force = false

    @Flag(help: "Print each job's command line (or why it has none) and whether it would run; run nothing.")
    var dryRun = false

    @Option(help: "Append each result line to this file (fsynced), and skip the jobs it says are done.")
    var log: String?

    @Flag(help: "A count of finished jobs on standard error (the default when it is a terminal).")
    var progress = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let started = ContinuousClock.now
        guard let text = try? String(contentsOfFile: manifest, encoding: .utf8) else {
            printError("cannot read the manifest \(manifest)")
            throw ExitCode(2)
        }
        let folder = URL(fileURLWithPath: manifest).standardizedFileURL.deletingLastPathComponent().path
        let log: BatchLog?
        do { log = try self.log.map { path throws(BatchFailure) in try BatchLog(path: path) } } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        let plan = BatchPlan(manifest: BatchManifest(text: text), shard: shard, folder: folder,
                             shapes: Self.commandShapes, log: log, force: force)
        if dryRun {
            for entry in plan.entries { emit(entry.dryRunJSON, log: nil) }
            if plan.entries.contains(where: { $0.result?.status == .failed }) { throw ExitCode(1) }
            return
        }
        var tally = BatchTally(total: plan.entries.count, showsProgress: progress || isatty(STDERR_FILENO) == 1)
        for entry in plan.entries {
            guard let result = entry.result else { continue }
            emit(result.json, log: log)
            tally.count(result.status)
        }
        let launches = plan.entries.compactMap(\.launch)
        for launch in launches {
            let files = JobFiles(job: launch.job, folder: folder)
            files.removeStaleTemporaries()
            files.createOutputFolder()
        }
        let runner = JobRunner(executable: ExecutablePath.current, folder: folder,
                               parallelJobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let interruption = runner.run(launches) { launch, completion in
            let result = BatchResult(job: launch.job, completion: completion)
            emit(result.json, log: log)
            tally.count(result.status)
        }
        tally.finish(elapsed: ContinuousClock.now - started, interruption: interruption)
        if interruption != nil || tally.failed > 0 { throw ExitCode(1) }
    }

    /// Prints a result line at once (each line is flushed as a job ends), and logs it.
    private func emit(_ value: JSONValue, log: BatchLog?) {
        let line = value.line
        _ = writeAll(Array((line + "\n").utf8), to: STDOUT_FILENO)
        log?.append(line)
    }

    /// Every subcommand a job may name (all but batch itself), with its arguments.
    static var commandShapes: [String: CommandShape] {
        CommandShape.shapes(dumpHelp: Legible._dumpHelp()).filter { $0.key != "batch" && $0.key != "help" }
    }
}
