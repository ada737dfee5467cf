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
}
