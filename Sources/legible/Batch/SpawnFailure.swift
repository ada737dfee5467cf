#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a job's process could not be started.
struct SpawnFailure: Error, Sendable, CustomStringConvertible {
    var description: String
    init(_ code: Int32) { description = "cannot start the job: \(String(cString: strerror(code)))" }
}
