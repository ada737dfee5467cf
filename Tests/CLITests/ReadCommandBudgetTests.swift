import Foundation
import Testing
import LegibleTestSupport

/// Every read command on every file we have — TestMedia, the real-world corpus (malformed and
/// fuzz files included) and the crafted hostile set — ends with exit status 0 or 2, prints
/// exactly one `error:` line when it fails, and stays within a second of CPU time and 64 MiB of
/// memory (measured by GNU time). The second is for a release build, which `Scripts/test` uses;
/// a debug build is allowed five.
@Suite struct ReadCommandBudgetTests {
    static let binary = TestPaths.legibleExecutable.path
    static let memoryLimitKiB = 64 * 1024
    static var cpuLimitSeconds: Double { binary.contains("/debug/") ? 5 : 1 }

    /// The crafted files, written once to a temporary folder.
    static let craftedFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("legible-hostile-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for hostile in CraftedMovie.hostileSet {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(hostile.name).path, contents: Data(hostile.bytes))
        }
        return folder
    }()

    static var files: [String] {
        TestPaths.testMediaFiles.map(\.path)
            + CorpusIndex.entries.filter { !$0.isRawPayload }.map(\.url.path)
            + CraftedMovie.hostileSet.map { craftedFolder.appendingPathComponent($0.name).path }
    }

    struct Measured {
        var status: Int32
        var stdout: Data
        var errorLines: [String]
        var cpuSeconds: Double
        var maxResidentKiB: Int
    }

    /// Runs `legible ARGUMENTS` under GNU time, whose report is the last line of standard error.
    static func measure(_ arguments: [String]) throws -> Measured {
        let output = try ExternalTool.run("/usr/bin/time", ["-f", "legible-budget %U %S %M", binary] + arguments)
        var lines = output.stderr.split(separator: "\n").map(String.init)
        let report = try #require(lines.last.flatMap { $0.hasPrefix("legible-budget ") ? $0 : nil }, "no time report: \(output.stderr)")
        lines.removeLast()
        let fields = report.split(separator: " ").dropFirst().compactMap { Double($0) }
        try #require(fields.count == 3, "unreadable time report: \(report)")
        return Measured(status: output.status, stdout: output.stdoutData,
                        errorLines: lines.filter { $0.hasPrefix("error:") },
                        cpuSeconds: fields[0] + fields[1], maxResidentKiB: Int(fields[2]))
    }

    @Test(.corpus, .enabled(if: ExternalTool.interopRequired || FileManager.default.isExecutableFile(atPath: "/usr/bin/time"),
                            "GNU time (/usr/bin/time) is not installed"))
    func everyReadCommandEndsCleanlyWithinBudget() throws {
        var runs = 0
        for file in Self.files {
            var commands = [["info", file], ["info", "--json", file], ["boxes", file], ["boxes", "--json", file],
                            ["check", file], ["check", "--json", file], ["chapters", "--json", file]]
            let info = try Self.measure(["info", "--json", file])
            if info.status == 0, let report = try JSONSerialization.jsonObject(with: info.stdout) as? [String: Any],
               let tracks = report["tracks"] as? [[String: Any]] {
                for track in tracks where ["tx3g", "wvtt", "text"].contains(track["codec"] as? String ?? "") {
                    commands.append(["extract", file, "--track", "\(track["id"] ?? 0)"])
                }
            }
            for arguments in commands {
                let result = try Self.measure(arguments)
                runs += 1
                let what = "legible \(arguments.joined(separator: " "))"
                // `check` exits 1 when it finds an error in a movie it read.
                let read: Set<Int32> = arguments[0] == "check" ? [0, 1] : [0]
                #expect(read.contains(result.status) || result.status == 2, "\(what): exit status \(result.status)")
                #expect(result.errorLines.count == (read.contains(result.status) ? 0 : 1), "\(what): \(result.errorLines)")
                #expect(result.cpuSeconds <= Self.cpuLimitSeconds, "\(what): \(result.cpuSeconds) s of CPU")
                #expect(result.maxResidentKiB <= Self.memoryLimitKiB, "\(what): \(result.maxResidentKiB) KiB")
            }
        }
        #expect(runs >= Self.files.count * 6)
    }
}
