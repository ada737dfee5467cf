import Foundation
import LegibleTestSupport
import Testing

/// `kill -9` in the middle of a full rewrite: the new file is written without a name (or under
/// a hidden temporary one) and only renamed into place when complete, so the target is as it
/// was — absent, or the old file — no temporary file is left beside it, and the source, which
/// is only read, is unchanged.
@Suite struct AddSubtitlesCrashSafetyTests {
    /// demo.mov followed by a 512 MiB `free` box whose payload is a hole in a sparse file: cheap
    /// to make, but long enough to copy (in 64 MiB steps) that the writer can be caught mid-copy.
    static func largeMovie(in folder: TemporaryFolder) throws -> String {
        let path = try folder.copy(TestPaths.testMedia.appendingPathComponent("demo.mov"), as: "large.mov")
        let padding: UInt64 = 512 << 20
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let end = try handle.seekToEnd()
        try handle.write(contentsOf: be32(UInt32(padding + 8)) + Array("free".utf8))
        try handle.truncate(atOffset: end + 8 + padding)
        return path
    }

    static func sha256(_ path: String) throws -> String {
        let output = try ExternalTool.run("sha256sum", [path])
        try #require(output.status == 0, "\(output.stderr)")
        return String(output.stdout.prefix(64))
    }

    /// A `--progress json` line past the first copy step and before the end.
    static func isMidCopy(_ line: String) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let written = object["bytesWritten"] as? Int, let total = object["totalBytes"] as? Int else { return false }
        return written >= 64 << 20 && written < total
    }

    @Test(.enabled(if: ExternalTool.shouldRun("sha256sum")), arguments: [false, true])
    func killedRewriteLeavesTheTargetAsItWas(targetExists: Bool) throws {
        let folder = try TemporaryFolder("cli-kill")
        defer { folder.remove() }
        let source = try Self.largeMovie(in: folder)
        let target = folder.path("out.mov")
        let oldTarget = Data("an older file in the way".utf8)
        if targetExists { try oldTarget.write(to: URL(fileURLWithPath: target)) }
        let names = try folder.contents()
        let sourceHash = try Self.sha256(source)

        let outcome = try ExternalTool.run(TestPaths.legibleExecutable.path,
                                           ["add-subtitles", source, AddSubtitlesScenario.englishSDH.path, "--language", "en",
                                            "-o", target, "--overwrite", "--progress", "json"],
                                           timeout: .seconds(60), killingAtStderrLine: Self.isMidCopy)
        try #require(outcome.wasKilled, "the write ended before it could be killed: \(outcome.stderr)")
        #expect(outcome.signal == SIGKILL)

        #expect(try folder.contents() == names, "nothing but what was there before")
        if targetExists {
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == oldTarget)
        } else {
            #expect(!FileManager.default.fileExists(atPath: target))
        }
        #expect(try Self.sha256(source) == sourceHash)
    }
}
