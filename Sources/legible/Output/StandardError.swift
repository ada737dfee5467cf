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

/// Writes `warning: message` to standard error.
func printWarning(_ message: String) {
    writeToStandardError("warning: \(message)\n")
}

/// Writes `note: message` to standard error: what the user may want to know, not a problem.
func printNote(_ message: String) {
    writeToStandardError("note: \(message)\n")
}

/// Messages carry names and text from files: their control characters are escaped
/// (``TerminalText/lines(_:)``).
private func writeToStandardError(_ text: String) {
    _ = writeAll(Array(TerminalText.lines(text).utf8), to: STDERR_FILENO)
}

/// Writes every byte to a descriptor, retrying short and interrupted writes; false on failure.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { buffer in
            write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
    }
    return true
}
