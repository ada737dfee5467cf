import Foundation

/// Runs command-line tools (ffprobe, mediainfo, exiftool, the built `legible`) from tests.
///
/// Interop tests are enabled when their tool is on PATH. With `LEGIBLE_REQUIRE_INTEROP=1` (set by
/// CI) they always run, so a missing tool is a failure rather than a silent skip.
public enum ExternalTool {
    /// The result of running a tool.
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var stdoutData: Data
    }

    public static var interopRequired: Bool {
        ProcessInfo.processInfo.environment["LEGIBLE_REQUIRE_INTEROP"] == "1"
    }

    /// The absolute path of `name` on PATH, or nil.
    public static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether interop tests with `name` should run.
    public static func shouldRun(_ name: String) -> Bool { interopRequired || locate(name) != nil }

    /// Runs an executable (a path or a name on PATH) and collects its output.
    public static func run(_ executable: String, _ arguments: [String]) throws -> Output {
        let process = Process()
        if executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: executable)
        } else {
            guard let path = locate(executable) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "\(executable) is not installed"])
            }
            process.executableURL = URL(fileURLWithPath: path)
        }
        process.arguments = arguments
        // Output goes to files, so a large output can never block the child on a full pipe.
        let directory = FileManager.default.temporaryDirectory
        let outURL = directory.appendingPathComponent("legible-tool-\(UUID().uuidString).out")
        let errURL = directory.appendingPathComponent("legible-tool-\(UUID().uuidString).err")
        guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
              FileManager.default.createFile(atPath: errURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        let outData = try Data(contentsOf: outURL)
        let errData = try Data(contentsOf: errURL)
        return Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
    }
}
