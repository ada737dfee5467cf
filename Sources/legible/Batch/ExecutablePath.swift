#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The running `legible` binary, which a batch runs again for each job.
enum ExecutablePath {
    /// The path of this process's executable: `/proc/self/exe` resolved on Linux,
    /// `_NSGetExecutablePath` on macOS; the first command-line argument if those fail.
    static var current: String {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 { return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #elseif canImport(Darwin)
        var size = UInt32(PATH_MAX) + 1
        var buffer = [CChar](repeating: 0, count: Int(size))
        if _NSGetExecutablePath(&buffer, &size) == 0 { return String(cString: buffer) }
        #endif
        return CommandLine.arguments.first ?? "legible"
    }
}
