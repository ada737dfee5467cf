import Foundation
import Testing
import LegibleTestSupport

/// Every error the CLI prints is one `error:` line; a file that cannot be opened is named
/// without a box location, as `error: FILE: cannot open 'FILE': reason`.
@Suite struct ErrorMessageTests {
    static let binary = TestPaths.legibleExecutable.path

    func legible(_ arguments: [String]) throws -> ExternalTool.Output {
        try ExternalTool.run(Self.binary, arguments)
    }

    /// The command line of each command that reads `file`.
    static func commands(reading file: String) -> [[String]] {
        [["info", file], ["info", "--json", file], ["boxes", file], ["extract", file, "--track", "1"], ["convert", file]]
    }

    @Test func missingFileIsNamedWithoutALocation() throws {
        let path = "/nonexistent/legible/movie.mov"
        for arguments in Self.commands(reading: path) {
            let output = try legible(arguments)
            #expect(output.status == 2, "\(arguments)")
            // The reason is the C library's text for ENOENT (POSIX open(2)).
            #expect(output.stderr == "error: \(path): cannot open '\(path)': \(String(cString: strerror(ENOENT)))\n", "\(arguments)")
        }
    }

    @Test func directoryIsNamedWithoutALocation() throws {
        let path = FileManager.default.temporaryDirectory.path
        for arguments in Self.commands(reading: path) {
            let output = try legible(arguments)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stderr == "error: \(path): cannot open '\(path)': \(String(cString: strerror(EISDIR)))\n", "\(arguments)")
        }
    }

    /// swift-argument-parser's usage errors are printed in the same style as ours: the first
    /// line starts `error:`, the usage text follows, and the status is 2.
    @Test(arguments: [
        ["info"], ["frob"], ["info", "--bogus", "x.mov"], ["boxes", "--depth", "0", "x.mov"],
        ["extract", "x.mov", "--track", "abc"], ["convert", "in.srt", "-o", "out.txt"],
    ])
    func usageErrorsUseTheSameStyle(_ arguments: [String]) throws {
        let output = try legible(arguments)
        #expect(output.status == 2)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("error: ") == true, "\(output.stderr)")
        #expect(lines.contains { $0.hasPrefix("Usage: ") }, "\(output.stderr)")
        #expect(!output.stderr.contains("Error:"), "\(output.stderr)")
    }
}
