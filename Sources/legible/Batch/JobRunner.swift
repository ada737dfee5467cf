#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs jobs as child processes of this binary, `parallelJobs` at a time, so a crash, a hostile
/// file or a job's memory use ends that job only. One thread: it polls the children's pipes,
/// reaps those that finish and starts the next whose prerequisites have all ended.
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
        /// The launches (positions in the list run) that must end before this one starts
        /// (``JobOrder``): a job reading another's output runs after it, two in-place edits of
        /// one file never race.
        var waitsFor: [Int]
    }

    /// How a job's process went.
    struct Completion: Sendable {
        var ending: Result<ChildProcess.Ending, SpawnFailure>
        var stdout: [UInt8]
        var stderr: [UInt8]
        var seconds: Double
    }

    /// Runs the launches, each once those it waits for have ended (the order must have no
    /// cycle: ``JobOrder/cycle``), in the order they became ready (those waiting for none in
    /// manifest order, first), calling `finished` as each ends; returns the signal that
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
        // Counts of unfinished prerequisites; a launch whose count reaches 0 joins `ready`, a
        // queue read from `next`: starting a job costs the same however long the manifest.
        var waiting = launches.map(\.waitsFor.count)
        var dependents = [[Int]](repeating: [], count: launches.count)
        for (index, launch) in launches.enumerated() { for prerequisite in launch.waitsFor { dependents[prerequisite].append(index) } }
        var ready = launches.indices.filter { waiting[$0] == 0 }
        var next = 0
        func ended(_ index: Int) {
            for dependent in dependents[index] {
                waiting[dependent] -= 1
                if waiting[dependent] == 0 { ready.append(dependent) }
            }
        }
        var running: [(index: Int, child: ChildProcess)] = []
        var interruption: Int32?
        while !running.isEmpty || (interruption == nil && next < ready.count) {
            while interruption == nil, running.count < parallelJobs, next < ready.count {
                let index = ready[next]
                next += 1
                starting(launches[index])
                switch ChildProcess.spawn(executable, launches[index].arguments) {
                case let .success(child): running.append((index, child))
                case let .failure(failure):
                    finished(launches[index], Completion(ending: .failure(failure), stdout: [], stderr: [], seconds: 0))
                    ended(index)
                }
            }
            if let signal = BatchSignals.takePending() {
                for entry in running { entry.child.send(interruption == nil ? SIGTERM : SIGKILL) }
                interruption = signal
            }
            Self.pollOnce(&running)
            for slot in running.indices.reversed() where running[slot].child.isDrained {
                let (index, child) = running.remove(at: slot)
                let ending = child.wait()
                let elapsed = (ContinuousClock.now - child.started).components
                let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
                finished(launches[index], Completion(ending: .success(ending), stdout: child.stdout, stderr: child.stderr, seconds: seconds))
                ended(index)
            }
        }
        return interruption
    }

    /// Waits up to 100 ms for output from any child (the timeout bounds how late a signal is
    /// noticed) and reads it.
    private static func pollOnce(_ running: inout [(index: Int, child: ChildProcess)]) {
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
