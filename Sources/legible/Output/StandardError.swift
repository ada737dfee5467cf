#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one line to standard error, prefixed `error:`.
func printError(_ message: String) {
    writeToStandardError("error: \(message)\n")
}

/// Writes a usage message (already formatted by the argument parser) to standard error.
func printUsageError(_ message: String) {
    writeToStandardError(message + "\n")
}

private func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { buffer in
            write(STDERR_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        }
        if written <= 0 { return }
        offset += written
    }
}
