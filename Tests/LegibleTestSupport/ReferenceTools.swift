import Foundation

extension TestPaths {
    /// GPAC's MP4Box, kept beside the checkout (`../shared/tools/MP4Box`) as a reference reader:
    /// the only tool here that reads `wvtt` tracks (`MP4Box -raw N FILE -out X.vtt`).
    public static var mp4Box: URL {
        packageRoot.deletingLastPathComponent().appendingPathComponent("shared/tools/MP4Box")
    }
}

extension ExternalTool {
    /// Whether interop tests with the tool at `url` (not on PATH) should run: when it is there,
    /// and always under `LEGIBLE_REQUIRE_INTEROP=1`, where a missing tool must fail.
    public static func shouldRun(at url: URL) -> Bool {
        interopRequired || FileManager.default.isExecutableFile(atPath: url.path)
    }

    /// Runs the tool at `url`, reporting a missing one as ``Failure/notInstalled(_:)``.
    public static func run(_ url: URL, _ arguments: [String], in directory: URL? = nil) throws -> Output {
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw Failure.notInstalled(url.path) }
        return try run(url.path, arguments, in: directory)
    }
}

/// The built `legible` binary (``TestPaths/legibleExecutable``), run as a user would.
public enum LegibleCommand {
    public static func run(_ arguments: [String], in directory: URL? = nil) throws -> ExternalTool.Output {
        try ExternalTool.run(TestPaths.legibleExecutable.path, arguments, in: directory)
    }
}

extension ExternalTool.Output {
    /// The lines of standard error that report an error (`error: …`).
    public var errorLines: [String] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.map(String.init)
    }

    /// Standard output parsed as a JSON object, nil when it is not one.
    public var jsonObject: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: stdoutData)) as? [String: Any]
    }
}
