/// What a batch will do with each of its jobs, decided before any runs: fail it (it does not
/// map onto a command), skip it (already done), or launch it with these arguments.
struct BatchPlan: Sendable {
    struct Entry: Sendable {
        var job: BatchJob
        /// The decided outcome of a job that will not run; nil for one that will.
        var result: BatchResult?
        /// The child's arguments (the subcommand first), when the job maps onto its command.
        var arguments: [String]?

        /// The files the job reads and writes (``JobFiles/conflictKeys``).
        var conflictKeys: Set<String> = []

        var launch: JobRunner.Launch? {
            guard result == nil, let arguments else { return nil }
            return JobRunner.Launch(job: job, arguments: arguments, conflictKeys: conflictKeys)
        }

        /// `--dry-run`'s line: the job's command line and whether it would run.
        var dryRunJSON: JSONValue {
            .object([
                ("line", .unsigned(job.line)), ("command", .string(job.command)),
                ("status", .string(result?.status.rawValue ?? "would-run")),
                ("arguments", arguments.map { .array($0.map { .string($0) }) } ?? .null),
                ("error", .string(result?.error)), ("reason", .string(result?.reason)),
            ])
        }
    }

    var entries: [Entry]

    init(manifest: BatchManifest, manifestPath: String, shard: BatchShard?, folder: String, shapes: [String: CommandShape],
         log: BatchLog, force: Bool) {
        entries = manifest.jobs(inShard: shard).map { job in
            Self.entry(for: job, manifestPath: manifestPath, folder: folder, shapes: shapes, log: log, force: force)
        }
    }

    private static func entry(for job: BatchJob, manifestPath: String, folder: String, shapes: [String: CommandShape],
                              log: BatchLog, force: Bool) -> Entry {
        if let problem = job.problem { return Entry(job: job, result: BatchResult(job: job, status: .failed, error: problem)) }
        guard let command = job.command, let shape = shapes[command] else {
            let known = shapes.keys.sorted().joined(separator: ", ")
            return Entry(job: job, result: BatchResult(job: job, status: .failed,
                                                       error: "unknown command \"\(job.command ?? "")\" (known: \(known))"))
        }
        let mapped: JobArguments
        do { mapped = try JobArguments(job: job, command: command, shape: shape) } catch {
            return Entry(job: job, result: BatchResult(job: job, status: .failed, error: error.description))
        }
        let files = JobFiles(job: job, folder: folder)
        if let problem = files.outputProblem(manifest: manifestPath, log: log.path) {
            return Entry(job: job, result: BatchResult(job: job, status: .failed, error: problem))
        }
        var extras: [String] = []
        // The batch reads check's findings from its JSON, and a progress bar has no terminal here.
        if command == "check", job.values["json"] == nil { extras.append("--json") }
        if shape.options["progress"]?.kind == .value, job.values["progress"] == nil { extras.append("--progress=none") }
        if let output = files.output, let stamp = FileStamp(path: output) {
            if !force, log.stamps[job.hash] == stamp, files.outputIsUpToDate {
                var skipped = BatchResult(job: job, status: .skipped,
                                          reason: "this job wrote the output, which is unchanged and not older than the inputs")
                skipped.output = (output, stamp)
                return Entry(job: job, result: skipped, arguments: [command] + extras + mapped.arguments)
            }
            // Only an output this batch wrote, and nobody changed since, is replaced unasked.
            guard force || log.wrote(output, stamp: stamp) else {
                return Entry(job: job, result: BatchResult(job: job, status: .failed,
                                                           error: "'\(job.output ?? output)' exists and this batch did not write it (or it changed since); remove it, or run with --force to replace it"))
            }
            if shape.options["overwrite"] != nil, job.values["overwrite"] == nil { extras.append("--overwrite") }
        }
        let arguments = [command] + extras + mapped.arguments
        if !force, files.output == nil, log.hasFinished(job) {
            return Entry(job: job, result: BatchResult(job: job, status: .skipped, reason: "the log has it done"), arguments: arguments)
        }
        return Entry(job: job, result: nil, arguments: arguments, conflictKeys: files.conflictKeys)
    }
}
