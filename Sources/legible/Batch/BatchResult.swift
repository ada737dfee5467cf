#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What became of one job: a line of the batch's JSON-lines output (and of its `--log`).
struct BatchResult: Sendable {
    enum Status: String, Sendable { case done, skipped, failed }

    var job: BatchJob
    var status: Status
    var exitCode: Int32?
    /// The child's one-line error (its first `error:` line), or why the job did not run.
    var error: String?
    var seconds: Double?
    /// Why a skipped job was skipped.
    var reason: String?
    var findings: CheckFindingCounts?
    /// The output a done job wrote (its path resolved) and its stamp: what tells a rerun that
    /// the batch wrote that file.
    var output: (path: String, stamp: FileStamp)?

    /// A job that did not run: skipped, or failed before starting (it does not map onto a command).
    init(job: BatchJob, status: Status, error: String? = nil, reason: String? = nil) {
        self.job = job
        self.status = status
        self.error = error
        self.reason = reason
    }

    /// A job that ran. It is done when its process exited 0, or, for check, exited 1 (an error
    /// finding) with its JSON report: the check itself worked.
    init(job: BatchJob, completion: JobRunner.Completion) {
        self.job = job
        seconds = completion.seconds
        findings = job.command == "check" ? CheckFindingCounts(checkJSON: completion.stdout) : nil
        switch completion.ending {
        case let .failure(failure):
            status = .failed
            error = failure.description
        case let .success(.signalled(signal)):
            status = .failed
            error = Self.firstError(completion.stderr) ?? "killed by signal \(signal)"
        case let .success(.exited(code)):
            exitCode = code
            status = code == 0 || (code == 1 && findings != nil) ? .done : .failed
            if status == .failed { error = Self.firstError(completion.stderr) ?? "exit status \(code)" }
        }
    }

    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("line", .unsigned(job.line)), ("command", .string(job.command)),
            ("input", .string(job.input)), ("output", .string(job.output)),
            ("status", .string(status.rawValue)), ("exitCode", exitCode.map { .integer(Int64($0)) } ?? .null),
            ("error", .string(error)), ("seconds", .seconds(seconds)),
        ]
        if let reason { members.append(("reason", .string(reason))) }
        if let findings { members.append(("findings", findings.json)) }
        if let output {
            members.append(("outputPath", .string(output.path)))
            members.append(("outputStamp", .string(output.stamp.text)))
        }
        members.append(("hash", .string(job.hash)))
        return .object(members)
    }

    /// The child's first `error:` line without the prefix, else its last line of standard error.
    private static func firstError(_ stderr: [UInt8]) -> String? {
        let lines = String(decoding: stderr, as: UTF8.self).split(separator: "\n").map(\.trimmingWhitespace)
        if let line = lines.first(where: { $0.hasPrefix("error: ") }) { return String(line.dropFirst("error: ".count)) }
        return lines.last { !$0.isEmpty }
    }
}
