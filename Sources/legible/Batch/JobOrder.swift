/// The order a batch's jobs keep whatever `--jobs` says, decided once from the paths the
/// manifest names (``FileKeys``), not from what is on disk, so an output not written yet counts:
///
/// - a job that names a file another job writes as its `output` starts after that job ends,
///   wherever the two stand in the manifest;
/// - otherwise, jobs that share a file one of them may change (``JobFiles/edited``) run in
///   manifest order, and jobs that only read a file run side by side.
///
/// Jobs are positions in the list given. The outputs are indexed once (key → jobs writing it),
/// so building the order costs a few dictionary look-ups per path a job names.
struct JobOrder: Sendable {
    /// For each job, the jobs that must end before it starts.
    var prerequisites: [[Int]]
    /// For each job, the jobs whose `output` it names: when one of those runs again, this
    /// job's own result is out of date.
    var producers: [[Int]]
    /// Every job, each after its prerequisites; those caught in a cycle are left out.
    var sequence: [Int]
    /// Jobs that wait for each other, each for the next and the last for the first; nil when
    /// every job can run.
    var cycle: [Int]?

    init(_ jobs: [JobFiles]) {
        var producing: [String: [Int]] = [:]
        for (position, files) in jobs.enumerated() {
            guard let output = files.output else { continue }
            for key in FileKeys(path: output).keys { producing[key, default: []].append(position) }
        }
        // Each file's accesses in the order they must keep: its writers by `output` first, then
        // the other jobs that name it, in manifest order.
        var accesses = producing.mapValues { $0.map { (job: $0, writes: true) } }
        var producers: [[Int]] = []
        producers.reserveCapacity(jobs.count)
        for (position, files) in jobs.enumerated() {
            var writers: Set<Int> = []
            for path in files.named {
                let file = FileKeys(path: path)
                let produced = file.keys.flatMap { producing[$0] ?? [] }
                // A path naming no file, now or later, is not a file (a language, a title).
                guard file.exists || !produced.isEmpty else { continue }
                writers.formUnion(produced)
                for key in file.keys { accesses[key, default: []].append((position, path == files.edited)) }
            }
            writers.remove(position)
            producers.append(writers.sorted())
        }
        var prerequisites = [Set<Int>](repeating: [], count: jobs.count)
        for sequence in accesses.values {
            // A reader waits for the writer before it; a writer for that writer and the
            // readers since.
            var writer: Int?
            var readers: [Int] = []
            for (job, writes) in sequence {
                if let writer, writer != job { prerequisites[job].insert(writer) }
                guard writes else { readers.append(job); continue }
                prerequisites[job].formUnion(readers.filter { $0 != job })
                writer = job
                readers = []
            }
        }
        self.prerequisites = prerequisites.map { $0.sorted() }
        self.producers = producers
        (sequence, cycle) = Self.sorted(self.prerequisites)
    }

    /// Kahn's topological sort; the jobs it cannot place each wait for another it cannot place,
    /// so following those from any of them reaches a cycle.
    private static func sorted(_ prerequisites: [[Int]]) -> (sequence: [Int], cycle: [Int]?) {
        var waiting = prerequisites.map(\.count)
        var dependents = [[Int]](repeating: [], count: prerequisites.count)
        for (job, before) in prerequisites.enumerated() { for prerequisite in before { dependents[prerequisite].append(job) } }
        var sequence = waiting.indices.filter { waiting[$0] == 0 }
        var next = 0
        while next < sequence.count {
            for dependent in dependents[sequence[next]] {
                waiting[dependent] -= 1
                if waiting[dependent] == 0 { sequence.append(dependent) }
            }
            next += 1
        }
        guard var job = waiting.indices.first(where: { waiting[$0] > 0 }) else { return (sequence, nil) }
        var path: [Int] = []
        var seen: [Int: Int] = [:]
        while seen[job] == nil {
            seen[job] = path.count
            path.append(job)
            guard let blocker = prerequisites[job].first(where: { waiting[$0] > 0 }) else { break }
            job = blocker
        }
        return (sequence, Array(path[(seen[job] ?? 0)...]))
    }
}
