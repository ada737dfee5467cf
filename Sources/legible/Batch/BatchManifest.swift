#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A batch manifest: JSON lines, one job per line; blank lines and lines starting with `#` are
/// not jobs. A line that is not a JSON object with a string `command` is still a job (it keeps
/// its index for `--shard`), one whose ``BatchJob/problem`` says what is wrong, so it is
/// reported as that job failing rather than stopping the batch.
struct BatchManifest: Sendable {
    var jobs: [BatchJob]

    init(text: String) {
        var jobs: [BatchJob] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingWhitespace
            if line.isEmpty || line.hasPrefix("#") { continue }
            jobs.append(Self.job(line, line: offset + 1, index: jobs.count))
        }
        self.jobs = jobs
    }

    /// The jobs `--shard I/N` gives this runner: those whose index modulo N is I.
    func jobs(inShard shard: BatchShard?) -> [BatchJob] {
        guard let shard else { return jobs }
        return jobs.filter { $0.index % shard.count == shard.index }
    }

    private static func job(_ text: String, line: Int, index: Int) -> BatchJob {
        var job = BatchJob(line: line, index: index, text: text, command: nil, values: [:], problem: nil)
        let bytes = Array(text.utf8)
        if let syntax = JSONSyntaxLocator.firstError(in: bytes) {
            // The locator counts lines within the text: always line 1 of this one-line document.
            let column = syntax.hasPrefix("line 1, ") ? String(syntax.dropFirst("line 1, ".count)) : syntax
            job.problem = "not JSON: \(column)"
            return job
        }
        guard var values = try? JSONDecoder().decode([String: JobValue].self, from: Data(bytes)) else {
            job.problem = "not a JSON object: a job is {\"command\": …, \"input\": …}"
            return job
        }
        guard case let .string(command) = values.removeValue(forKey: "command") else {
            job.problem = "no \"command\" string (add-subtitles, strip, set-track, set-metadata, check, …)"
            job.values = values
            return job
        }
        job.command = command
        job.values = values
        return job
    }
}
