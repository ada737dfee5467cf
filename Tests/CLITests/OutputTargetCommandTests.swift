import Foundation
import LegibleTestSupport
import Testing

/// `-o X` as a user types it: X that is not a regular file (a FIFO, a link to a file, a
/// dangling link, a folder, a character device, all made in the test's folder) is refused with
/// or without `--overwrite`, with one error line that says why, and stays as it was; an
/// existing file is replaced only with `--overwrite`; names up to 255 bytes work, new or
/// replaced.
@Suite struct OutputTargetCommandTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov")

    static func edit(to target: String, overwrite: Bool) throws -> ExternalTool.Output {
        try LegibleCommand.run(["set-metadata", demo.path, "--set", "title=Target test", "-o", target] + (overwrite ? ["--overwrite"] : []))
    }

    @Test(arguments: SpecialFile.allCases, [false, true])
    func specialTargetIsRefused(_ kind: SpecialFile, overwrite: Bool) throws {
        let folder = try TemporaryFolder("cli-target")
        defer { folder.remove() }
        let target = folder.path("out.mov")
        guard try kind.make(at: target) else { return }
        let before = SpecialFile.snapshot(target)
        let names = try folder.contents()

        let result = try Self.edit(to: target, overwrite: overwrite)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.errorLines == ["error: '\(target)' exists and is not a regular file (a link, a FIFO, a device or a folder); Legible writes only regular files"],
                "\(result.stderr)")
        #expect(SpecialFile.snapshot(target) == before)
        #expect(try folder.contents() == names, "nothing written beside it")
    }

    @Test func existingFileIsReplacedOnlyWithOverwrite() throws {
        let folder = try TemporaryFolder("cli-target-exists")
        defer { folder.remove() }
        let target = folder.path("out.mov")
        try Data("an older file".utf8).write(to: URL(fileURLWithPath: target))
        let refused = try Self.edit(to: target, overwrite: false)
        #expect(refused.status == 2)
        #expect(refused.errorLines == ["error: '\(target)' exists; use --overwrite to replace it, or --in-place to edit the source"], "\(refused.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "an older file")

        let replaced = try Self.edit(to: target, overwrite: true)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try folder.contents() == ["out.mov"])
        #expect(try LegibleCommand.run(["info", target]).status == 0)
    }

    /// Output names of 241 to 255 bytes (the limit of Linux file systems), and 255 bytes of
    /// two-byte characters: written new, then replaced (which names the new file beside the
    /// target before renaming it), each time with nothing else left in the folder.
    static let longNames: [String] = (241...255).map { String(repeating: "n", count: $0 - 4) + ".mov" }
        + ["x" + String(repeating: "é", count: 125) + ".mov"]

    @Test(arguments: longNames)
    func longOutputNamesWork(_ name: String) throws {
        let folder = try TemporaryFolder("cli-target-long")
        defer { folder.remove() }
        let target = folder.path(name)
        for overwrite in [false, true] {
            let result = try Self.edit(to: target, overwrite: overwrite)
            #expect(result.status == 0, "\(name.utf8.count) bytes, --overwrite \(overwrite): \(result.stderr)")
            #expect(try folder.contents() == [name])
        }
        guard ExternalTool.shouldRun("ffprobe") else { return }
        #expect(try FFmpegReading.streams(target).count == 4)
    }
}
