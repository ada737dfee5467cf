import Foundation

extension ExternalTool {
    /// How a tool that was to be killed mid-run ended.
    public struct KillOutcome: Sendable {
        /// Whether SIGKILL was sent while the tool was still running (the trigger line came).
        public var wasKilled: Bool
        /// The signal that ended the tool (9 for SIGKILL), or nil when it exited by itself.
        public var signal: Int32?
        /// The exit status when it exited by itself.
        public var status: Int32?
        /// Standard error up to the kill.
        public var stderr: String
    }

    /// Runs a tool and sends it SIGKILL, as a crash would, as soon as it writes a standard error
    /// line that satisfies `trigger`. A tool that never writes one runs to its end (reported as
    /// not killed); one still running after `timeout` is killed and
    /// ``Failure/timedOut(command:limit:stderr:)`` is thrown.
    public static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil,
                           timeout: Duration = defaultTimeout,
                           killingAtStderrLine trigger: (String) -> Bool) throws -> KillOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.contains("/") ? executable : try locateOrFail(executable))
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        let watchdog = Watchdog()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.timeInterval) {
            if watchdog.fire() { _ = kill(pid, SIGKILL) }
        }
        var collected = Data()
        var scanned = 0
        var killed = false
        reading: while true {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            collected.append(chunk)
            while let newline = collected[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: collected[scanned..<newline], as: UTF8.self)
                scanned = newline + 1
                if trigger(line), watchdog.disarm() {
                    killed = kill(pid, SIGKILL) == 0
                    break reading
                }
            }
        }
        process.waitUntilExit()
        let stderr = String(decoding: collected, as: UTF8.self)
        if !killed, !watchdog.disarm() {
            throw Failure.timedOut(command: ([executable] + arguments).joined(separator: " "), limit: timeout, stderr: stderr)
        }
        let bySignal = process.terminationReason == .uncaughtSignal
        return KillOutcome(wasKilled: killed, signal: bySignal ? process.terminationStatus : nil,
                           status: bySignal ? nil : process.terminationStatus, stderr: stderr)
    }

    private static func locateOrFail(_ name: String) throws -> String {
        guard let path = locate(name) else { throw Failure.notInstalled(name) }
        return path
    }
}

/// Decides once between the timeout and the trigger, whichever comes first.
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var decided = false

    /// Claims the decision for the timeout; false when the trigger came first.
    func fire() -> Bool { claim() }
    /// Claims the decision for the trigger (or the tool's own end); false when the timeout fired.
    func disarm() -> Bool { claim() }

    private func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if decided { return false }
        decided = true
        return true
    }
}
