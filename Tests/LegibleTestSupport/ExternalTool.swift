import Foundation

/// Runs command-line tools (ffprobe, ffmpeg, mediainfo, exiftool, the interop script, the built
/// `legible`) from tests. Every test that starts a process goes through ``run(_:_:in:timeout:)``.
///
/// Interop tests are enabled when their tool is on PATH. With `LEGIBLE_REQUIRE_INTEROP=1` (set by
/// CI) they always run, so a missing tool is a failure rather than a silent skip.
public enum ExternalTool {
    /// The result of running a tool.
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var stdoutData: Data
    }

    /// Why a tool could not give a result.
    public enum Failure: Error, CustomStringConvertible {
        case notInstalled(String)
        /// The tool ran longer than allowed and was killed (with its process group).
        case timedOut(command: String, limit: Duration, stderr: String)

        public var description: String {
            switch self {
            case let .notInstalled(name):
                return "\(name) is not installed (or not on PATH)"
            case let .timedOut(command, limit, stderr):
                return "killed after \(limit): \(command)" + (stderr.isEmpty ? "" : "\nstderr so far:\n\(stderr.suffix(2000))")
            }
        }
    }

    /// How long a tool may run before it is killed: generous, as the tools handle files of a few
    /// MiB, but short enough that a hung tool fails the test instead of stalling the run.
    public static let defaultTimeout: Duration = .seconds(120)

    public static var interopRequired: Bool {
        ProcessInfo.processInfo.environment["LEGIBLE_REQUIRE_INTEROP"] == "1"
    }

    /// The absolute path of `name` on PATH, or nil.
    public static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether interop tests with `name` should run.
    public static func shouldRun(_ name: String) -> Bool { interopRequired || locate(name) != nil }

    /// Runs an executable (a path or a name on PATH), optionally in `directory`, and collects its
    /// output. Standard output and standard error go to files, so however much a tool writes to
    /// either it never blocks on a full pipe; a tool still running after `timeout` is killed and
    /// ``Failure/timedOut(command:limit:stderr:)`` is thrown.
    public static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil,
                           timeout: Duration = defaultTimeout) throws -> Output {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
        } else {
            guard let path = locate(executable) else { throw Failure.notInstalled(executable) }
            process.executableURL = URL(fileURLWithPath: path)
        }
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let temporary = FileManager.default.temporaryDirectory
        let outURL = temporary.appendingPathComponent("legible-tool-\(UUID().uuidString).out")
        let errURL = temporary.appendingPathComponent("legible-tool-\(UUID().uuidString).err")
        guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
              FileManager.default.createFile(atPath: errURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if exited.wait(timeout: .now() + timeout.timeInterval) == .timedOut {
            killGroup(of: process)
            exited.wait()
            let command = ([executable] + arguments).joined(separator: " ")
            let stderr = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
            throw Failure.timedOut(command: command, limit: timeout, stderr: stderr)
        }
        process.waitUntilExit()
        let outData = try Data(contentsOf: outURL)
        let errData = try Data(contentsOf: errURL)
        return Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
    }

    /// SIGKILL to the child's process group (Foundation makes the child a group leader on Linux,
    /// so a shell's own children die too), or to the child alone where it is not a leader.
    private static func killGroup(of process: Process) {
        let pid = process.processIdentifier
        if kill(-pid, SIGKILL) != 0 { _ = kill(pid, SIGKILL) }
    }
}

extension Duration {
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
