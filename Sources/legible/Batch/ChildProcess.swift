#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One job's `legible` process: spawned with standard input from /dev/null, standard output
/// and error into pipes the batch reads, the batch's working directory, and default handling
/// of the signals the batch blocks.
struct ChildProcess {
    let pid: pid_t
    let started: ContinuousClock.Instant
    /// The read ends of the stdout and stderr pipes; -1 once the child closed its end.
    private(set) var descriptors: [Int32]
    private(set) var stdout: [UInt8] = []
    private(set) var stderr: [UInt8] = []

    /// How much of each stream is kept: enough for check's JSON and any error, bounded so a
    /// chatty job cannot exhaust memory (the rest is read and dropped, so the child never blocks).
    static let captureLimit = [8 << 20, 256 << 10]

    /// How the child ended.
    enum Ending: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Spawns `executable arguments…` in `folder`; or why it could not be started.
    static func spawn(_ executable: String, _ arguments: [String]) -> Result<ChildProcess, SpawnFailure> {
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard makePipe(&outputPipe), makePipe(&errorPipe) else {
            let failure = SpawnFailure(errno)
            for descriptor in outputPipe + errorPipe where descriptor >= 0 { close(descriptor) }
            return .failure(failure)
        }
        defer { close(outputPipe[1]); close(errorPipe[1]) }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer { posix_spawn_file_actions_destroy(&actions); posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = BatchSignals.handled
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = (["legible"] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            return .failure(SpawnFailure(status))
        }
        return .success(ChildProcess(pid: pid, started: .now, descriptors: [outputPipe[0], errorPipe[0]]))
    }

    /// Whether both pipes reached end of file: the child has exited or is about to.
    var isDrained: Bool { descriptors.allSatisfy { $0 < 0 } }

    /// Reads what is waiting on pipe `stream` (0 stdout, 1 stderr); closes it at end of file.
    mutating func read(stream: Int) {
        let descriptor = descriptors[stream]
        guard descriptor >= 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let count = chunk.withUnsafeMutableBytes { readPipe(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        guard count > 0 else {
            close(descriptor)
            descriptors[stream] = -1
            return
        }
        let room = Self.captureLimit[stream] - (stream == 0 ? stdout.count : stderr.count)
        if room > 0 {
            if stream == 0 { stdout += chunk.prefix(min(count, room)) } else { stderr += chunk.prefix(min(count, room)) }
        }
    }

    /// Waits for the drained child to end and says how.
    func wait() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return .exited(-1) }
        }
        // WIFEXITED / WTERMSIG are C macros: the low 7 bits are the terminating signal, 0 for an exit.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// Sends a signal to the child.
    func send(_ signal: Int32) { kill(pid, signal) }

    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        // Close-on-exec, so a child does not inherit its siblings' pipes and keep them open. (No
        // pipe2: Swift's Glibc module does not export it; the batch spawns from one thread.)
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }
}

/// `read(2)`, which the method ``ChildProcess/read(stream:)`` would otherwise hide.
private func readPipe(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
