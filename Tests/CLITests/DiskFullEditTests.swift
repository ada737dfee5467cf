import Foundation
import LegibleTestSupport
import Testing

/// Running out of room mid-write: an in-place edit that cannot append its new track and `moov`
/// undoes what it wrote, so the file is byte for byte as it was (no partial box at its end,
/// which would lock every later command out), and a new file that cannot be finished leaves
/// nothing behind: no temporary file, no target, or the old target as it was.
///
/// Room runs out two ways: a 2 MiB tmpfs mounted inside the test's folder and filled (ENOSPC),
/// where the test may mount one (as root); and everywhere, a file size limit (RLIMIT_FSIZE,
/// with SIGXFSZ ignored, so writes past it fail with EFBIG as they would on a full disk).
@Suite struct DiskFullEditTests {
    enum Shortage: String, CaseIterable, CustomTestStringConvertible {
        /// ENOSPC on a full tmpfs.
        case fullFileSystem = "full tmpfs"
        /// EFBIG past RLIMIT_FSIZE.
        case fileSizeLimit = "RLIMIT_FSIZE"
        var testDescription: String { rawValue }
    }

    /// Room the filled file system keeps: far less than the edits below append.
    static let room = 64 << 10

    /// A SubRip file of 400 cues of 1,000 characters each, 10 ms apart within demo.mov's 4 s:
    /// about 400 KB of samples, many times the room left.
    static func largeSubtitles(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("large.srt")
        let line = String(repeating: "x", count: 1_000)
        let text = (0..<400).map { index in
            let start = index * 10
            return "\(index + 1)\n\(stamp(start)) --> \(stamp(start + 10))\nCue \(index) \(line)\n"
        }.joined(separator: "\n")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func stamp(_ milliseconds: Int) -> String {
        String(format: "00:00:%02d,%03d", milliseconds / 1000, milliseconds % 1000)
    }

    /// A place where writes run out of room, and how to run `legible` there.
    struct Shortfall {
        /// The folder to write in.
        var folder: String
        /// Arguments that run `legible ARGUMENTS` with room for at most `limit` bytes per file,
        /// or nil on the full file system, where the room is what the file system has left.
        var wrapper: (_ limit: Int) -> [String]?
        var unmount: () -> Void = {}

        func run(_ arguments: [String], fileSizeLimit limit: Int) throws -> ExternalTool.Output {
            if let prefix = wrapper(limit) {
                return try ExternalTool.run(prefix[0], Array(prefix.dropFirst()) + [TestPaths.legibleExecutable.path] + arguments)
            }
            return try LegibleCommand.run(arguments)
        }
    }

    /// Mounts a 2 MiB tmpfs on `FOLDER/fs` and fills it up to ``room``; nil (with the reason
    /// recorded as a warning) where mounting is not allowed.
    static func fullFileSystem(in folder: TemporaryFolder) throws -> Shortfall? {
        let mountPoint = folder.path("fs")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
        let mount = try ExternalTool.run("mount", ["-t", "tmpfs", "-o", "size=2m", "legible-disk-full", mountPoint])
        guard mount.status == 0 else {
            Issue.record("cannot mount a tmpfs here (\(mount.stderr.trimmingCharacters(in: .whitespacesAndNewlines))); the RLIMIT_FSIZE case covers a write that runs out of room",
                         severity: .warning)
            return nil
        }
        let unmount = {
            if (try? ExternalTool.run("umount", [mountPoint]))?.status != 0 { _ = try? ExternalTool.run("umount", ["-l", mountPoint]) }
        }
        return Shortfall(folder: mountPoint, wrapper: { _ in nil }, unmount: unmount)
    }

    /// Fills the file system at `folder` with `filler` until ``room`` bytes are left.
    static func fill(_ folder: String) throws {
        let free = try freeBytes(folder)
        let size = (free - room) / 4096 * 4096
        try #require(size > 0, "the tmpfs has \(free) bytes free")
        try Data(count: size).write(to: URL(fileURLWithPath: folder + "/filler"))
        let left = try freeBytes(folder)
        try #require(left <= room + 8192, "filled up to \(left) bytes")
    }

    static func freeBytes(_ folder: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfFileSystem(forPath: folder)
        return try #require((attributes[.systemFreeSize] as? NSNumber)?.intValue)
    }

    /// python3 sets the limit, ignores SIGXFSZ (which would otherwise kill `legible` at the
    /// limit, as no full disk does) and execs the rest: both survive exec.
    static func fileSizeLimit(in folder: TemporaryFolder) throws -> Shortfall {
        let mountPoint = folder.path("limited")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
        let script = "import os, resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
            + "limit = int(sys.argv[1]); resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit)); os.execv(sys.argv[2], sys.argv[2:])"
        return Shortfall(folder: mountPoint, wrapper: { limit in ["python3", "-c", script, String(limit)] })
    }

    static func shortfall(_ shortage: Shortage, in folder: TemporaryFolder) throws -> Shortfall? {
        switch shortage {
        case .fullFileSystem: try fullFileSystem(in: folder)
        case .fileSizeLimit: try fileSizeLimit(in: folder)
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("sha256sum") && ExternalTool.shouldRun("python3")), arguments: Shortage.allCases)
    func inPlaceEditThatRunsOutOfRoomLeavesTheFileAsItWas(_ shortage: Shortage) throws {
        let folder = try TemporaryFolder("disk-full-in-place")
        defer { folder.remove() }
        guard let place = try Self.shortfall(shortage, in: folder) else { return }
        defer { place.unmount() }
        let movie = try folder.copy(TestPaths.testMedia.appendingPathComponent("demo.mov"), as: "demo.mov")
        let target = place.folder + "/demo.mov"
        try FileManager.default.copyItem(atPath: movie, toPath: target)
        if shortage == .fullFileSystem { try Self.fill(place.folder) }
        let subtitles = try Self.largeSubtitles(in: folder)
        let hash = try AddSubtitlesCrashSafetyTests.sha256(target)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: target)[.size] as? Int)
        let names = try FileManager.default.contentsOfDirectory(atPath: place.folder).sorted()

        let result = try place.run(["add-subtitles", target, subtitles, "--language", "en", "--in-place"],
                                   fileSizeLimit: size + 4096)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.errorLines.count == 1, "one error line: \(result.stderr)")
        let reason = shortage == .fullFileSystem ? "No space left on device" : "File too large"
        #expect(result.errorLines.first?.contains(reason) == true, "\(result.stderr)")
        #expect(result.errorLines.first?.contains("the file was left as it was") == true, "\(result.stderr)")
        #expect(try AddSubtitlesCrashSafetyTests.sha256(target) == hash, "byte for byte as before: no partial trailing box")
        #expect(try FileManager.default.contentsOfDirectory(atPath: place.folder).sorted() == names)

        // And the file still edits once there is room.
        try? FileManager.default.removeItem(atPath: place.folder + "/filler")
        let again = try LegibleCommand.run(["add-subtitles", target, subtitles, "--language", "en", "--in-place"])
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test(.enabled(if: ExternalTool.shouldRun("python3")), arguments: Shortage.allCases, [false, true])
    func newFileThatRunsOutOfRoomLeavesNothing(_ shortage: Shortage, targetExists: Bool) throws {
        let folder = try TemporaryFolder("disk-full-output")
        defer { folder.remove() }
        guard let place = try Self.shortfall(shortage, in: folder) else { return }
        defer { place.unmount() }
        let movie = try folder.copy(TestPaths.testMedia.appendingPathComponent("demo.mov"), as: "demo.mov")
        let target = place.folder + "/out.mov"
        let oldTarget = Data("an older file in the way".utf8)
        if targetExists { try oldTarget.write(to: URL(fileURLWithPath: target)) }
        if shortage == .fullFileSystem { try Self.fill(place.folder) }
        let names = try FileManager.default.contentsOfDirectory(atPath: place.folder).sorted()
        let free = shortage == .fullFileSystem ? try Self.freeBytes(place.folder) : 0

        let result = try place.run(["add-subtitles", movie, Self.largeSubtitles(in: folder), "--language", "en", "-o", target, "--overwrite"],
                                   fileSizeLimit: 64 << 10)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.errorLines.count == 1, "one error line: \(result.stderr)")
        let reason = shortage == .fullFileSystem ? "No space left on device" : "File too large"
        #expect(result.errorLines.first?.contains(reason) == true, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: place.folder).sorted() == names, "no temporary file is left")
        if targetExists {
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == oldTarget)
        } else {
            #expect(!FileManager.default.fileExists(atPath: target))
        }
        if shortage == .fullFileSystem {
            // An unnamed temporary file (O_TMPFILE) would still hold its blocks while open: its
            // room is back, so nothing of it lingers anywhere.
            #expect(try Self.freeBytes(place.folder) >= free)
        }
    }
}
