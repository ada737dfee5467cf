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

        Resuming: run the same manifest again. The batch keeps a record of what it did: \
        --log FILE, else .MANIFEST.legible-log beside the manifest (one per --shard, and every \
        shard's record is read). A job is skipped when the record has it done for the same \
        text ("hash": an edited job, another title say, is a new job) and, for a job with an \
        "output", when that file is still the one the job wrote (same file, size and time) \
        and not older than any file the job reads (for add-subtitles with "sidecars": true, \
        the subtitle files beside its movie too). An existing output is replaced only when \
        the record says this batch wrote it and nobody changed it since; any other file at \
        that path (an older file, your notes) makes the job fail, until you remove it or pass \
        --force. An output that is the job's input (p.mov, ./p.mov, a link to it), the \
        manifest or the log is an error. A rerun removes the .NAME.legible-* files a killed \
        job left. --force runs every job and replaces outputs.

        A job that names a file another job writes as its "output" runs after that job, \
        wherever the two stand in the manifest, however many --jobs run at once; other jobs \
        that share a file one of them may edit (two in-place edits of one movie; a job with no \
        "output" counts as editing its input) run one after the other in manifest order. Paths \
        are compared as the manifest names them (from its folder, . and .. resolved), and an \
        existing file also by identity (a link to it). Jobs that wait for each other's files \
        (a cycle) are an error: nothing runs, exit status 2. A job skipped as done runs again \
        when a job whose output it names runs. In-place edits also lock the file, so a \
        separate legible process waits its turn.

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
          {"command": "add-subtitles", "input": "c/C.mov", "sidecars": true, "output": "out/c.mov"}
          {"command": "set-track", "input": "c.mov", "track": 3, "language": "fr", "default": true, "inPlace": true}
          {"command": "check", "input": "out/a.mov"}

        Exit status: 0 when every job is done or skipped; 1 when any failed (a line that is \
        not JSON, an unknown command or key included) or the batch was interrupted; 2 when \
        the manifest cannot be read, its jobs wait for each other in a cycle, or the usage is \
        wrong.
        """)

    @Argument(help: "The manifest: one JSON job per line.")
    var manifest: String

    @Option(help: "How many jobs run at once (default: the number of CPUs).")
    var jobs: Int?

    @Option(help: ArgumentHelp("Run only the jobs whose index modulo N is I (from 0).", valueName: "I/N"))
    var shard: BatchShard?

    @Flag(help: "Run every job, even one the record says is done, and replace outputs this batch did not write.")
    var force = false

    @Flag(help: "Print each job's command line (or why it has none) and whether it would run; run nothing.")
    var dryRun = false

    @Option(help: "Keep the batch's record in this file instead of .MANIFEST.legible-log: each result line, appended and fsynced; a rerun skips the jobs it has done.")
    var log: String?

    @Flag(help: "A count of finished jobs on standard error (the default when it is a terminal).")
    var progress = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let started = ContinuousClock.now
        guard let text = try? String(contentsOfFile: manifest, encoding: .utf8) else {
            throw CommandFailure("cannot read the manifest \(manifest)")
        }
        let folder = URL(fileURLWithPath: manifest).standardizedFileURL.deletingLastPathComponent().path
        let log: BatchLog
        do {
            let records = BatchLog.defaultPaths(manifest: manifest, shard: shard)
            log = try BatchLog(path: self.log ?? records.own, alsoReading: self.log == nil ? records.all : records.all + [records.own],
                               writable: !dryRun)
        } catch {
            throw CommandFailure(file: nil, error)
        }
        let manifestPath = URL(fileURLWithPath: manifest).standardizedFileURL.path
        let plan: BatchPlan
        do {
            plan = try BatchPlan(manifest: BatchManifest(text: text), manifestPath: manifestPath, shard: shard, folder: folder,
                                 shapes: Self.commandShapes, log: log, force: force)
        } catch {
            throw CommandFailure(file: nil, error)
        }
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
        let launches = plan.launches
        JobFiles.prepareOutputFolders(for: launches.compactMap { JobFiles(job: $0.job, folder: folder).output })
        let runner = JobRunner(executable: ExecutablePath.current, folder: folder,
                               parallelJobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let interruption = runner.run(launches, starting: { launch in
            // Claimed before the job runs: a kill after its rename but before its result line
            // still leaves the output known as this batch's.
            guard let output = JobFiles(job: launch.job, folder: folder).output else { return }
            log.append(JSONValue.object([("line", .unsigned(launch.job.line)), ("hash", .string(launch.job.hash)),
                                         ("status", .string("started")), ("outputPath", .string(output))]).line)
        }) { launch, completion in
            var result = BatchResult(job: launch.job, completion: completion)
            if result.status == .done, let output = JobFiles(job: launch.job, folder: folder).output,
               let stamp = FileStamp(path: output) {
                result.output = (output, stamp)
            }
            emit(result.json, log: log)
            tally.count(result.status)
        }
        tally.finish(elapsed: ContinuousClock.now - started, interruption: interruption)
        if interruption != nil || tally.failed > 0 { throw ExitCode(1) }
    }

    /// Logs a result line (synced), then prints it: whatever the batch reported is on record.
    private func emit(_ value: JSONValue, log: BatchLog?) {
        let line = value.line
        log?.append(line)
        _ = writeAll(Array((line + "\n").utf8), to: STDOUT_FILENO)
    }

    /// Every subcommand a job may name (all but batch itself), with its arguments.
    static var commandShapes: [String: CommandShape] {
        CommandShape.shapes(dumpHelp: Legible._dumpHelp()).filter { $0.key != "batch" && $0.key != "help" }
    }
}
