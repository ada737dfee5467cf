#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs jobs as child processes of this binary, `parallelJobs` at a time, so a crash, a hostile
/// file or a job's memory use ends that job only. One thread: it polls the children's pipes,
/// reaps those that finish and starts the next.
///
/// On SIGINT or SIGTERM it starts nothing more and sends the running children SIGTERM (a second
/// signal: SIGKILL); they are reported as they end. An output being written when its job is
/// killed is only a temporary file (the engine renames it when complete), which a rerun removes.
struct JobRunner {
    var executable: String
    /// The working directory of every job: the manifest's folder.
    var folder: String
    var parallelJobs: Int

    /// A job to run: the arguments after the executable (the subcommand first).
    struct Launch: Sendable {
        var job: BatchJob
        var arguments: [String]
        /// The files it reads and writes: jobs that share one run one after the other, in
        /// manifest order, so two in-place edits of one file never race and a job reading
        /// another's output runs after it.
        var conflictKeys: Set<String>
    }

    /// How a job's process went.
    struct Completion: Sendable {
        var ending: Result<ChildProcess.Ending, SpawnFailure>
        var stdout: [UInt8]
        var stderr: [UInt8]
        var seconds: Double
    }

    /// Runs the launches in order, calling `finished` as each ends; returns the signal that
    /// interrupted the batch, or nil when every launch ran.
    func run(_ launches: [Launch], starting: (Launch) -> Void = { _ in }, finished: (Launch, Completion) -> Void) -> Int32? {
        // Jobs run in the manifest's folder so its relative paths hold. The batch moves there
        // itself, as Swift's Glibc module lacks posix_spawn_file_actions_addchdir_np; it opens
        // nothing by a relative path afterwards.
        guard chdir(folder) == 0 else {
            let failure = SpawnFailure(errno)
            for launch in launches { finished(launch, Completion(ending: .failure(failure), stdout: [], stderr: [], seconds: 0)) }
            return nil
        }
        let previousMask = BatchSignals.block()
        defer { BatchSignals.restore(previousMask) }
        // Started launches become nil; `first` is the first one still waiting.
        var waiting: [Launch?] = launches
        var first = 0
        var running: [(launch: Launch, child: ChildProcess)] = []
        var interruption: Int32?
        while !running.isEmpty || (interruption == nil && first < waiting.count) {
            while interruption == nil, running.count < parallelJobs,
                  let index = Self.nextRunnable(waiting[first...], running: running), let launch = waiting[index] {
                waiting[index] = nil
                while first < waiting.count, waiting[first] == nil { first += 1 }
                starting(launch)
                switch ChildProcess.spawn(executable, launch.arguments) {
                case let .success(child): running.append((launch, child))
                case let .failure(failure):
                    finished(launch, Completion(ending: .failure(failure), stdout: [], stderr: [], seconds: 0))
                }
            }
            if let signal = BatchSignals.takePending() {
                for entry in running { entry.child.send(interruption == nil ? SIGTERM : SIGKILL) }
                interruption = signal
            }
            Self.pollOnce(&running)
            for index in running.indices.reversed() where running[index].child.isDrained {
                let (launch, child) = running.remove(at: index)
                let ending = child.wait()
                let elapsed = (ContinuousClock.now - child.started).components
                let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
                finished(launch, Completion(ending: .success(ending), stdout: child.stdout, stderr: child.stderr, seconds: seconds))
            }
        }
        return interruption
    }

    /// The first waiting launch that shares no file with a running one or with a waiting one
    /// before it (which must run first).
    private static func nextRunnable(_ waiting: ArraySlice<Launch?>, running: [(launch: Launch, child: ChildProcess)]) -> Int? {
        var busy = Set(running.flatMap(\.launch.conflictKeys))
        for (index, launch) in zip(waiting.indices, waiting) {
            guard let launch else { continue }
            if launch.conflictKeys.isDisjoint(with: busy) { return index }
            busy.formUnion(launch.conflictKeys)
        }
        return nil
    }

    /// Waits up to 100 ms for output from any child (the timeout bounds how late a signal is
    /// noticed) and reads it.
    private static func pollOnce(_ running: inout [(launch: Launch, child: ChildProcess)]) {
        var descriptors: [pollfd] = []
        var owners: [(child: Int, stream: Int)] = []
        for (index, entry) in running.enumerated() {
            for (stream, descriptor) in entry.child.descriptors.enumerated() where descriptor >= 0 {
                descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
                owners.append((index, stream))
            }
        }
        guard !descriptors.isEmpty, poll(&descriptors, nfds_t(descriptors.count), 100) > 0 else { return }
        for (slot, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
            running[owners[slot].child].child.read(stream: owners[slot].stream)
        }
    }
}
