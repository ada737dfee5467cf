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

/// The batch's counts: a one-line progress count on standard error while it runs, and the
/// summary line at the end.
struct BatchTally {
    let total: Int
    let showsProgress: Bool
    private(set) var done = 0
    private(set) var skipped = 0
    private(set) var failed = 0

    init(total: Int, showsProgress: Bool) {
        self.total = total
        self.showsProgress = showsProgress
    }

    var finished: Int { done + skipped + failed }

    mutating func count(_ status: BatchResult.Status) {
        switch status {
        case .done: done += 1
        case .skipped: skipped += 1
        case .failed: failed += 1
        }
        if showsProgress { writeStandardError("\r\(finished)/\(total) jobs, \(failed) failed") }
    }

    func finish(elapsed: Duration, interruption: Int32?) {
        if showsProgress { writeStandardError("\n") }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var summary = "batch: \(done) done, \(skipped) skipped, \(failed) failed of \(total) jobs in "
            + "\((seconds * 10).rounded() / 10) s"
        if let interruption {
            summary += "; interrupted by signal \(interruption), \(total - finished) not started"
        }
        writeStandardError(summary + "\n")
    }

    private func writeStandardError(_ text: String) { _ = writeAll(Array(text.utf8), to: STDERR_FILENO) }
}
