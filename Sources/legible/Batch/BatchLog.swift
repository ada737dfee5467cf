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

/// The batch's record: its result lines, appended and flushed to disk (fsync) one by one, so a
/// rerun after a kill knows which jobs finished — even those that left no output file to look
/// at (check without --fix, --in-place edits) — and which outputs the batch wrote itself. A job
/// counts as finished when a log has a `done` or `skipped` line with the hash of its text (an
/// edited job is a new job); a done line of a job with an output also holds the output's
/// ``FileStamp``. Before a job with an output starts, a `started` line claims its path, so an
/// output a killed batch left unrecorded is still known as the batch's.
///
/// The record is `--log FILE`, else `.MANIFEST.legible-log` beside the manifest (one per shard,
/// `.MANIFEST.shard-I-of-N.legible-log`, so machines sharing a folder never write one file).
/// Every record of the manifest is read, whichever shard wrote it.
final class BatchLog: Sendable {
    private let descriptor: Int32
    /// The path written to.
    let path: String
    /// Hashes of every finished job the logs held when opened.
    let finished: Set<String>
    /// Every output a done job wrote, by path: the stamps it had then.
    let written: [String: [FileStamp]]
    /// The stamp each finished job left on its output, by job hash.
    let stamps: [String: FileStamp]
    /// Outputs a job of this batch started writing: what is at such a path is the batch's to
    /// replace, even when the job was killed before its result reached the log.
    let claimed: Set<String>

    /// Opens (creating) `path` for appending and reads it and `others`; a torn last line (the
    /// batch was killed while writing it) is ignored. A log that is not `writable` (a dry run)
    /// is only read, and nothing is created.
    init(path: String, alsoReading others: [String] = [], writable: Bool = true) throws(BatchFailure) {
        var finished: Set<String> = []
        var written: [String: [FileStamp]] = [:]
        var stamps: [String: FileStamp] = [:]
        // A job's last line: `started` with no result after it means it was killed running.
        var lastLine: [String: Entry] = [:]
        for file in [path] + others {
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                guard let entry = try? JSONDecoder().decode(Entry.self, from: Data(line.utf8)) else { continue }
                lastLine[entry.hash] = entry
                guard entry.status == "done" || entry.status == "skipped" else { continue }
                finished.insert(entry.hash)
                if let output = entry.outputPath, let stamp = entry.outputStamp {
                    written[output, default: []].append(stamp)
                    stamps[entry.hash] = stamp
                }
            }
        }
        self.finished = finished
        self.written = written
        self.stamps = stamps
        claimed = Set(lastLine.values.filter { $0.status == "started" }.compactMap(\.outputPath))
        self.path = path
        descriptor = writable ? open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644) : -1
        guard descriptor >= 0 || !writable else {
            throw BatchFailure("cannot open the log \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The default record of `manifest` (for `shard`, when given), and every record of it.
    static func defaultPaths(manifest: String, shard: BatchShard?) -> (own: String, all: [String]) {
        let url = URL(fileURLWithPath: manifest).standardizedFileURL
        let folder = url.deletingLastPathComponent().path
        let prefix = "." + url.lastPathComponent
        let own = folder + "/" + prefix + (shard.map { ".shard-\($0.index)-of-\($0.count)" } ?? "") + ".legible-log"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let all = names.filter { $0.hasPrefix(prefix + ".") && $0.hasSuffix(".legible-log") }.map { folder + "/" + $0 }
        return (own, all.filter { $0 != own })
    }

    func hasFinished(_ job: BatchJob) -> Bool { finished.contains(job.hash) }

    /// Whether the batch wrote the file now at `output` and nobody has changed it since.
    func wrote(_ output: String, stamp: FileStamp) -> Bool { written[output]?.contains(stamp) ?? false || claimed.contains(output) }

    /// Appends one line and waits until it is on disk.
    func append(_ line: String) {
        if descriptor >= 0, writeAll(Array((line + "\n").utf8), to: descriptor) { fsync(descriptor) }
    }

    private struct Entry: Decodable {
        var hash: String
        var status: String
        var outputPath: String?
        var outputStamp: FileStamp?
    }
}
