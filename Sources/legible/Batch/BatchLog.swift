#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--log FILE`: the batch's result lines, appended and flushed to disk (fsync) one by one, so
/// a rerun after a kill knows which jobs finished even when they left no output file to look
/// at (check without --fix, --in-place edits). A job counts as finished when the log has a
/// `done` or `skipped` line with its manifest line number and the hash of its text: an edited
/// job is a new job.
final class BatchLog: Sendable {
    private let descriptor: Int32
    /// `line:hash` of every finished job the log held when opened.
    let finished: Set<String>

    /// Opens (creating) the log for appending and reads what it holds; a torn last line (the
    /// batch was killed while writing it) is ignored.
    init(path: String) throws(BatchFailure) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var finished: Set<String> = []
        for line in text.split(separator: "\n") {
            guard let entry = try? JSONDecoder().decode(Entry.self, from: Data(line.utf8)),
                  entry.status == "done" || entry.status == "skipped" else { continue }
            finished.insert(Self.key(line: entry.line, hash: entry.hash))
        }
        self.finished = finished
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BatchFailure("cannot open the log \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    func hasFinished(_ job: BatchJob) -> Bool { finished.contains(Self.key(line: job.line, hash: job.hash)) }

    /// Appends one line and waits until it is on disk.
    func append(_ line: String) {
        if writeAll(Array((line + "\n").utf8), to: descriptor) { fsync(descriptor) }
    }

    private static func key(line: Int, hash: String) -> String { "\(line):\(hash)" }

    private struct Entry: Decodable {
        var line: Int
        var hash: String
        var status: String
    }
}
