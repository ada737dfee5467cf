import Foundation
import LegibleTestSupport
import Testing

/// The `legible` command lines of the README's `sh` blocks, run as a reader would run them, in
/// order, in a temporary folder: `swift run legible` becomes the built binary (on PATH as
/// `legible`), `/tmp/` becomes the folder's `tmp/`, and the bundled media a command names is
/// copied into the folder's `TestMedia/`, so nothing is written outside the folder.
struct ReadmeCommands {
    /// One command line as the README has it, and what running it gave.
    struct Run {
        var line: String
        var output: ExternalTool.Output
        /// Whether the line runs this subcommand (`legible SUBCOMMAND` or `swift run legible SUBCOMMAND`).
        func runs(_ subcommand: String) -> Bool { line.contains("legible \(subcommand) ") }
    }

    let folder: TemporaryFolder
    let runs: [Run]

    /// The command lines, each a line of an `sh` block that starts with `legible` or
    /// `swift run legible` (other lines, `Scripts/test` say, are not examples of the tool).
    static func lines(of readme: String) -> [String] {
        var lines: [String] = []
        var inShellBlock = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inShellBlock = !inShellBlock && line == "```sh"
            } else if inShellBlock, line.hasPrefix("legible ") || line.hasPrefix("swift run legible ") {
                lines.append(line)
            }
        }
        return lines
    }

    static var readme: String {
        get throws { try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8) }
    }

    /// Runs every command line of the README in one fresh folder, in the README's order (a later
    /// command may read what an earlier one wrote).
    init() throws {
        folder = try TemporaryFolder("readme-commands")
        let bin = folder.url.appendingPathComponent("bin")
        let media = folder.url.appendingPathComponent("TestMedia")
        for directory in [bin, media, folder.url.appendingPathComponent("tmp")] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        }
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("legible"),
                                                   withDestinationURL: TestPaths.legibleExecutable)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        var runs: [Run] = []
        for line in Self.lines(of: try Self.readme) {
            for name in Self.mediaNames(in: line) where !FileManager.default.fileExists(atPath: media.appendingPathComponent(name).path) {
                _ = try folder.copy(TestPaths.testMedia.appendingPathComponent(name), as: "TestMedia/" + name)
            }
            let command = line.replacingOccurrences(of: "swift run legible ", with: "legible ")
                .replacingOccurrences(of: "/tmp/", with: folder.path("tmp") + "/")
            runs.append(Run(line: line, output: try ExternalTool.run("/usr/bin/env", ["PATH=\(path)", "sh", "-c", command],
                                                                     in: folder.url)))
        }
        self.runs = runs
    }

    /// The names after `TestMedia/` in a command line.
    static func mediaNames(in line: String) -> [String] {
        line.split(separator: " ").compactMap { word in
            word.hasPrefix("TestMedia/") ? String(word.dropFirst("TestMedia/".count)) : nil
        }
    }

    /// The first run of `subcommand` whose line contains every one of `words`.
    func run(_ subcommand: String, with words: [String] = []) throws -> Run {
        try #require(runs.first { $0.runs(subcommand) && words.allSatisfy($0.line.contains) },
                     "the README has no `legible \(subcommand)` example with \(words)")
    }

    /// Where the folder holds what a README line names `/tmp/NAME`.
    func output(_ name: String) -> String { folder.path("tmp/" + name) }

    /// The path that follows `-o` in a README line, as the run saw it.
    func outputPath(of run: Run) throws -> String {
        let words = run.line.split(separator: " ").map(String.init)
        let index = try #require(words.firstIndex(of: "-o"), "no -o in: \(run.line)")
        let named = try #require(words.dropFirst(index + 1).first, "nothing after -o in: \(run.line)")
        return named.hasPrefix("/tmp/") ? output(String(named.dropFirst("/tmp/".count))) : folder.path(named)
    }
}
