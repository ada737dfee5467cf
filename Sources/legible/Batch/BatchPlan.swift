/// What a batch will do with each of its jobs, decided before any runs: fail it (it does not
/// map onto a command), skip it (already done), or launch it with these arguments, after the
/// jobs it waits for (``JobOrder``).
struct BatchPlan: Sendable {
    struct Entry: Sendable {
        var job: BatchJob
        /// The decided outcome of a job that will not run; nil for one that will.
        var result: BatchResult?
        /// The child's arguments (the subcommand first), when the job maps onto its command.
        var arguments: [String]?
        /// The files the job reads and writes, when it maps onto its command.
        var files: JobFiles?

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
    /// The jobs to run, in manifest order, each with the launches it waits for.
    var launches: [JobRunner.Launch]

    /// Plans the jobs of `shard`.
    ///
    /// - Throws: ``BatchFailure`` naming the lines of jobs that wait for each other's files
    ///   (a cycle): no order runs them.
    init(manifest: BatchManifest, manifestPath: String, shard: BatchShard?, folder: String, shapes: [String: CommandShape],
         log: BatchLog, force: Bool) throws(BatchFailure) {
        var entries = manifest.jobs(inShard: shard).map { job in
            Self.entry(for: job, manifestPath: manifestPath, folder: folder, shapes: shapes, log: log, force: force)
        }
        // Jobs that map onto a command, skipped or not: a skipped job's files still order the others.
        let commandJobs = entries.indices.filter { entries[$0].files != nil && entries[$0].result?.status != .failed }
        let order = JobOrder(commandJobs.compactMap { entries[$0].files })
        if let cycle = order.cycle {
            let lines = cycle.map { entries[commandJobs[$0]].job.line }
            let waits = zip(lines, lines.dropFirst() + lines.prefix(1)).map { "line \($0) waits for line \($1)" }
            throw BatchFailure("jobs wait for each other's files in a cycle (\(waits.joined(separator: ", "))): each names a file the next writes or edits; nothing ran")
        }
        // A job whose input another job writes anew is out of date when that job runs.
        for position in order.sequence where entries[commandJobs[position]].result?.status == .skipped {
            if order.producers[position].contains(where: { entries[commandJobs[$0]].result == nil }) {
                entries[commandJobs[position]].result = nil
            }
        }
        var launchIndex: [Int: Int] = [:]
        var launches: [JobRunner.Launch] = []
        for (position, index) in commandJobs.enumerated() {
            guard entries[index].result == nil, let arguments = entries[index].arguments else { continue }
            launchIndex[position] = launches.count
            launches.append(JobRunner.Launch(job: entries[index].job, arguments: arguments, waitsFor: []))
        }
        for (position, index) in launchIndex {
            // A prerequisite that does not run is already done.
            launches[index].waitsFor = order.prerequisites[position].compactMap { launchIndex[$0] }
        }
        self.entries = entries
        self.launches = launches
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
        var skipped: BatchResult?
        if let output = files.output, let stamp = FileStamp(path: output) {
            if !force, log.stamps[job.hash] == stamp, files.outputIsUpToDate {
                skipped = BatchResult(job: job, status: .skipped,
                                      reason: "this job wrote the output, which is unchanged and not older than the inputs")
                skipped?.output = (output, stamp)
            } else if !force, !log.wrote(output, stamp: stamp) {
                // Only an output this batch wrote, and nobody changed since, is replaced unasked.
                return Entry(job: job, result: BatchResult(job: job, status: .failed,
                                                           error: "'\(job.output ?? output)' exists and this batch did not write it (or it changed since); remove it, or run with --force to replace it"))
            }
            // A skipped job runs after all when a job it reads from runs (``BatchPlan/init``).
            if shape.options["overwrite"] != nil, job.values["overwrite"] == nil { extras.append("--overwrite") }
        }
        if !force, files.output == nil, log.hasFinished(job) {
            skipped = BatchResult(job: job, status: .skipped, reason: "the log has it done")
        }
        return Entry(job: job, result: skipped, arguments: [command] + extras + mapped.arguments, files: files)
    }
}
