import FileOutput
import Foundation
import Testing
import ISOBMFF

/// Writing files: positional writes and copies through ``FileByteSink`` (kernel copies and the
/// buffered fallback), whole-file replacement with ``ReplacementFile`` (unnamed and named
/// temporary files), and in-place edits with ``EditableFile``.
@Suite struct FileOutputTests {
    #if os(Linux)
    static let isLinux = true
    #else
    static let isLinux = false
    #endif

    /// Every value a sink's progress callback was given, in order.
    final class ProgressLog: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [UInt64] = []
        var values: [UInt64] { lock.withLock { recorded } }
        func record(_ value: UInt64) { lock.withLock { recorded.append(value) } }

        /// The largest advance between two reports (from zero for the first).
        var largestStep: UInt64 { zip([0] + values, values).map { $1 - $0 }.max() ?? 0 }
    }

    /// A new empty folder; the caller removes it.
    func makeFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url
    }

    func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func bytes(of url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// Bytes that differ from their neighbours and do not repeat every 256, so a misplaced
    /// range shows.
    func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 ^ ($0 >> 8) &* 7) }
    }

    /// A file created empty and opened for writing; the caller closes the descriptor.
    func createFile(_ url: URL) throws -> Int32 {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0, "\(String(cString: strerror(errno)))")
        return descriptor
    }

    func error(_ body: () throws(BoxError) -> Void) -> BoxError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    // MARK: FileByteSink

    @Test func writesMoveOnAndPatchesStayPut() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("out.bin")
        let descriptor = try createFile(url)
        defer { close(descriptor) }

        let sink = FileByteSink(descriptor: descriptor, path: url.path, offset: 2)
        let log = ProgressLog()
        sink.progress = { log.record($0) }
        try sink.write([1, 2, 3])
        #expect(sink.offset == 5 && sink.bytesWritten == 3)
        try sink.write([9], at: 3)
        #expect(sink.offset == 5 && sink.bytesWritten == 3)
        try sink.write([4])
        #expect(try bytes(of: url) == [0, 0, 1, 9, 3, 4])
        #expect(log.values == [3, 4])
    }

    @Test(arguments: [true, false])
    func copiesAFileRangeInSteps(kernel: Bool) throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = pattern(300_000)
        let sourceURL = folder.appendingPathComponent("in.bin"), url = folder.appendingPathComponent("out.bin")
        try Data(input).write(to: sourceURL)
        let source = try FileByteSource(path: sourceURL.path)
        let descriptor = try createFile(url)
        defer { close(descriptor) }

        let sink = FileByteSink(descriptor: descriptor, path: url.path)
        // Small steps and buffer, so the range crosses several of each, none evenly.
        sink.copyStep = 64 << 10
        sink.bufferSize = 50_000
        sink.usesKernelCopy = kernel && Self.isLinux
        let log = ProgressLog()
        sink.progress = { log.record($0) }
        try sink.write([0xAA])
        try sink.copy(from: source, offset: 1234, length: 250_000)
        try sink.copy(from: source, offset: 0, length: 0)
        try sink.sync()

        #expect(try bytes(of: url) == [0xAA] + input[1234..<251_234])
        #expect(sink.offset == 250_001 && sink.bytesWritten == 250_001)
        #expect(log.values.last == 250_001)
        #expect(log.values == log.values.sorted())
        #expect(log.largestStep <= (kernel ? 64 << 10 : 50_000))
        #expect(log.values.count >= (kernel ? 5 : 6))
        // The kernel copied it all: nothing made the sink give up on it.
        #expect(sink.usesKernelCopy == (kernel && Self.isLinux))
    }

    @Test func kernelRefusalFallsBackAndIsRemembered() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("movie.mov")
        let input = pattern(1000)
        try Data(input).write(to: url)

        let file = try EditableFile(path: url.path)
        let sink = file.sink(at: 100)
        // copy_file_range refuses overlapping ranges of one file (EINVAL); the buffer, which
        // holds the whole range, copies them.
        try sink.copy(from: file.source, offset: 0, length: 500)
        #expect(!sink.usesKernelCopy)
        #expect(try bytes(of: url) == Array(input[..<100] + input[..<500] + input[600...]))
    }

    @Test func copiesFromMemoryInPieces() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("out.bin")
        let descriptor = try createFile(url)
        defer { close(descriptor) }
        let input = pattern(100_000)

        let sink = FileByteSink(descriptor: descriptor, path: url.path)
        sink.bufferSize = 30_000
        let log = ProgressLog()
        sink.progress = { log.record($0) }
        try sink.copy(from: MemoryByteSource(input), offset: 10, length: 99_990)
        #expect(try bytes(of: url) == Array(input[10...]))
        #expect(log.values == [30_000, 60_000, 90_000, 99_990])
    }

    /// Runs copied one after another, small close ones gathered into one read and one write:
    /// the output is the runs' bytes in the order given, whatever their sizes, gaps and order.
    @Test func copiesRunsGatheringSmallCloseOnes() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = pattern(3_000_000)
        let sourceURL = folder.appendingPathComponent("in.bin"), url = folder.appendingPathComponent("out.bin")
        try Data(input).write(to: sourceURL)
        let source = try FileByteSource(path: sourceURL.path)
        let descriptor = try createFile(url)
        defer { close(descriptor) }
        let gap = Int(FileByteSink.gatherGap), large = Int(FileByteSink.gatheredRunLimit) + 1
        // Interleaved samples (gathered), a gap too wide, a run too long, a run before the last
        // (not ascending), an empty run, runs that cross the buffer's size, and a lone one at the end.
        var runs: [(offset: UInt64, length: UInt64)] = stride(from: 1000, to: 40_000, by: 700).map { (UInt64($0), 300) }
        runs += [(UInt64(40_000 + gap + 1), 500), (60_000, 10), (200_000, UInt64(large)), (1_300_000, 0)]
        runs += stride(from: 1_400_000, to: 1_400_000 + 90_000, by: 30_000).map { (UInt64($0), 20_000) }
        runs += [(2_999_990, 10)]
        let sink = FileByteSink(descriptor: descriptor, path: url.path)
        sink.bufferSize = 50_000
        try sink.write([0xAA])
        try sink.copy(runs: runs, from: source)
        let expected = runs.flatMap { input[Int($0.offset)..<Int($0.offset + $0.length)] }
        #expect(try bytes(of: url) == [0xAA] + expected)
        #expect(sink.bytesWritten == UInt64(expected.count + 1))
    }

    @Test func runsPastTheSourceEndAreRefused() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sourceURL = folder.appendingPathComponent("in.bin"), url = folder.appendingPathComponent("out.bin")
        try Data(pattern(1000)).write(to: sourceURL)
        let source = try FileByteSource(path: sourceURL.path)
        let descriptor = try createFile(url)
        defer { close(descriptor) }
        let sink = FileByteSink(descriptor: descriptor, path: url.path)
        let failure = try #require(error { () throws(BoxError) in
            try sink.copy(runs: [(0, 10), (20, 10), (990, 20)], from: source)
        })
        #expect(failure.kind == .truncated(needed: 20, available: 10))
    }

    /// Files committed by a batch appear in the order added, each whole; a file is named only
    /// once committed, and a failed commit discards the files after it.
    @Test(arguments: [1, 3])
    func batchCommitsInOrder(window: Int) throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let batch = ReplacementFileBatch(window: window)
        for index in 0..<10 {
            let file = try ReplacementFile(replacing: folder.appendingPathComponent("f\(index)").path)
            try file.sink.write(pattern(1000 + index)[...])
            try batch.add(file)
        }
        try batch.commitAll()
        #expect(try names(in: folder) == (0..<10).map { "f\($0)" }.sorted())
        for index in 0..<10 {
            #expect(try bytes(of: folder.appendingPathComponent("f\(index)")) == pattern(1000 + index))
        }
    }

    @Test func batchStopsAtAFailedCommit() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let batch = ReplacementFileBatch(window: 4)
        // The second target becomes a folder after its file was made: its rename is refused.
        let blocked = folder.appendingPathComponent("f1")
        var failure: BoxError?
        do throws(BoxError) {
            for index in 0..<4 {
                let file = try ReplacementFile(replacing: folder.appendingPathComponent("f\(index)").path)
                try file.sink.write([UInt8(index)])
                if index == 1 { mkdir(blocked.path, 0o755) }
                try batch.add(file)
            }
            try batch.commitAll()
        } catch {
            failure = error
        }
        #expect(failure != nil)
        #expect(try names(in: folder) == ["f0", "f1"])
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: blocked.path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func copyPastTheSourceEndIsRefusedBeforeWriting() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("out.bin")
        let descriptor = try createFile(url)
        defer { close(descriptor) }

        let sink = FileByteSink(descriptor: descriptor, path: url.path)
        let failure = try #require(error { () throws(BoxError) in
            try sink.copy(from: MemoryByteSource(pattern(10)), offset: 5, length: 10)
        })
        #expect(failure.kind == .truncated(needed: 10, available: 5))
        #expect(sink.bytesWritten == 0)
    }

    @Test(arguments: [true, false])
    func sourceThatShrankEndedEarly(kernel: Bool) throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sourceURL = folder.appendingPathComponent("in.bin"), url = folder.appendingPathComponent("out.bin")
        try Data(pattern(100_000)).write(to: sourceURL)
        let source = try FileByteSource(path: sourceURL.path)
        try #require(truncate(sourceURL.path, 40_000) == 0)
        let descriptor = try createFile(url)
        defer { close(descriptor) }

        let sink = FileByteSink(descriptor: descriptor, path: url.path)
        sink.usesKernelCopy = kernel && Self.isLinux
        let failure = try #require(error { () throws(BoxError) in
            try sink.copy(from: source, offset: 0, length: 100_000)
        })
        #expect(failure.description == "cannot copy '\(sourceURL.path)' to '\(url.path)': source ended early")
        #expect(sink.bytesWritten == 40_000)
    }

    // MARK: ReplacementFile

    /// Serialized: the cases set the process's umask.
    @Test(.serialized, arguments: [true, false])
    func commitReplacesTheTargetOnlyThen(unnamed: Bool) throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("movie.mov")
        try Data("old".utf8).write(to: target)

        let mask = umask(0o027)
        let file = try ReplacementFile(replacing: target.path, allowingUnnamed: unnamed)
        umask(mask)
        #expect(file.isUnnamed == (unnamed && Self.isLinux))
        try file.sink.write(Array("new content".utf8)[...])

        #expect(try String(contentsOf: target, encoding: .utf8) == "old")
        let before = try names(in: folder)
        if file.isUnnamed {
            #expect(before == ["movie.mov"])
        } else {
            #expect(before.count == 2 && before.contains { $0.hasPrefix(".movie.mov.legible-") })
        }

        try file.commit()
        #expect(try String(contentsOf: target, encoding: .utf8) == "new content")
        #expect(try names(in: folder) == ["movie.mov"])
        var info = stat()
        #expect(stat(target.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o640)
        // The sink let go of the closed descriptor.
        #expect(error { () throws(BoxError) in try file.sink.write([1]) } != nil)
        file.discard()
        #expect(try names(in: folder) == ["movie.mov"])
    }

    @Test(arguments: [true, false])
    func discardLeavesNothingBehind(unnamed: Bool) throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("movie.mov")

        let file = try ReplacementFile(replacing: target.path, allowingUnnamed: unnamed)
        try file.sink.write(Array("new content".utf8)[...])
        file.discard()
        #expect(try names(in: folder) == [])
        file.discard()

        try Data("old".utf8).write(to: target)
        do {
            let dropped = try ReplacementFile(replacing: target.path, allowingUnnamed: unnamed)
            try dropped.sink.write(Array("new content".utf8)[...])
        }
        #expect(try names(in: folder) == ["movie.mov"])
        #expect(try String(contentsOf: target, encoding: .utf8) == "old")
    }

    @Test(arguments: [true, false])
    func failedCommitRemovesTheNewFile(unnamed: Bool) throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A folder that appears at the target while the new file is written is not replaced.
        let target = folder.appendingPathComponent("movie.mov")
        let file = try ReplacementFile(replacing: target.path, allowingUnnamed: unnamed)
        try file.sink.write([1, 2, 3])
        try FileManager.default.createDirectory(at: target.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let failure = try #require(error { () throws(BoxError) in try file.commit() })
        #expect(failure.description == "cannot write '\(target.path)': it is a folder, not a regular file; only regular files are replaced")
        #expect(try names(in: folder) == ["movie.mov"])
    }

    @Test(arguments: [true, false])
    func missingFolderIsNamed(unnamed: Bool) throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing")
        let failure = try #require(error { () throws(BoxError) in
            _ = try ReplacementFile(replacing: missing.appendingPathComponent("movie.mov").path, allowingUnnamed: unnamed)
        })
        #expect(failure.location == nil)
        #expect(failure.description == "cannot create a temporary file in '\(missing.path)': \(String(cString: strerror(ENOENT)))")
    }

    @Test(.enabled(if: getuid() != 0, "root writes in any folder"), arguments: [true, false])
    func unwritableFolderIsNamed(unnamed: Bool) throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let failure = try #require(error { () throws(BoxError) in
            _ = try ReplacementFile(replacing: folder.appendingPathComponent("movie.mov").path, allowingUnnamed: unnamed)
        })
        #expect(failure.description == "cannot create a temporary file in '\(folder.path)': \(String(cString: strerror(EACCES)))")
    }

    // MARK: EditableFile

    @Test func editsInPlace() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("movie.mov")
        let input = pattern(100)
        try Data(input).write(to: url)

        let file = try EditableFile(path: url.path)
        #expect(try file.source.read(at: 10, count: 4) == Array(input[10..<14]))
        try file.sink(at: 10).write([0xFF])
        let end = file.sink(at: file.size)
        try end.write([1, 2, 3])
        #expect(file.size == 103)
        #expect(file.source.size == 100)
        try file.sync()
        var expected = input + [1, 2, 3]
        expected[10] = 0xFF
        #expect(try bytes(of: url) == expected)
    }

    @Test func sinkKeepsTheFileOpen() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("movie.mov")
        try Data([0, 0]).write(to: url)

        let sink = try EditableFile(path: url.path).sink(at: 1)
        try sink.write([7])
        #expect(try bytes(of: url) == [0, 7])
    }

    @Test func editableFileErrorsNameThePath() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.mov").path
        #expect(error { () throws(BoxError) in _ = try EditableFile(path: missing) }?.description
            == "cannot open '\(missing)': \(String(cString: strerror(ENOENT)))")
        #expect(error { () throws(BoxError) in _ = try EditableFile(path: folder.path) }?.description
            == "cannot open '\(folder.path)': \(String(cString: strerror(EISDIR)))")
    }

    @Test(.enabled(if: getuid() != 0, "root writes any file"))
    func readOnlyFileCannotBeEdited() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("movie.mov")
        try Data([0]).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
        #expect(error { () throws(BoxError) in _ = try EditableFile(path: url.path) }?.description
            == "cannot open '\(url.path)': \(String(cString: strerror(EACCES)))")
    }
}
