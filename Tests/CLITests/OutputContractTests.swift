import Foundation
import LegibleTestSupport
import Testing

/// One contract for every command that writes (issue 29 §5, DESIGN property 9): an existing
/// output is replaced only with `--overwrite` (and left byte for byte as it was without it),
/// what is not a regular file is never replaced, a folder output that holds anything needs
/// `--overwrite`, `--quiet`, `--progress` and `--json` are taken alike, and a dry run needs no
/// output. Every file is made in the test's own folder.
@Suite struct OutputContractTests {
    static func media(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent(name).path }

    /// A writing command that writes one file, with the arguments that make it write `output`.
    enum FileCommand: String, CaseIterable, CustomTestStringConvertible {
        case addSubtitles = "add-subtitles", addCaptions = "add-captions", setTrack = "set-track", setMetadata = "set-metadata"
        case addMetadataTrack = "add-metadata-track", strip, checkFix = "check", addChapters = "add-chapters"
        case extract, convert, report, addTrack = "add-track"

        var testDescription: String { self == .checkFix ? "check --fix" : rawValue }

        /// The output's name: its extension chooses the format where one does.
        var outputName: String {
            switch self {
            case .extract, .convert: "out.vtt"
            case .report: "out.html"
            default: "out.mov"
            }
        }

        func arguments(writing output: String, in folder: TemporaryFolder) throws -> [String] {
            let movie = OutputContractTests.media("demo.mov")
            let srt = OutputContractTests.media("english-sdh.srt")
            switch self {
            case .addSubtitles, .addCaptions: return [rawValue, movie, srt, "--language", "en", "-o", output]
            case .setTrack: return [rawValue, movie, "--track", "1", "--name", "Video", "-o", output]
            case .setMetadata: return [rawValue, movie, "--set", "title=Contract", "-o", output]
            case .addMetadataTrack: return [rawValue, movie, "--from", OutputContractTests.media("route.gpx"), "-o", output]
            case .strip: return [rawValue, movie, "-o", output]
            case .checkFix: return [rawValue, movie, "--fix", "-o", output]
            case .addChapters:
                let chapters = folder.path("chapters.txt")
                try "0:00 Opening\n0:02 Second\n".write(toFile: chapters, atomically: true, encoding: .utf8)
                return [rawValue, movie, chapters, "-o", output]
            case .extract: return [rawValue, movie, "--track", "4", "-o", output]
            case .convert: return [rawValue, srt, "-o", output]
            case .report: return [rawValue, movie, "-o", output]
            case .addTrack: return [rawValue, movie, OutputContractTests.media("demo.mp4"), "--track", "3", "-o", output]
            }
        }

        /// Whether the run succeeded: `check` exits 1 when an error-level finding remains after
        /// the fixes, which is not a refusal.
        func succeeded(_ result: ExternalTool.Output) -> Bool {
            result.status == 0 || (self == .checkFix && result.status == 1)
        }
    }

    static let older = "an older file"

    @Test(arguments: FileCommand.allCases)
    func existingOutputIsReplacedOnlyWithOverwrite(_ command: FileCommand) throws {
        let folder = try TemporaryFolder("contract-exists")
        defer { folder.remove() }
        let output = folder.path(command.outputName)
        try Data(Self.older.utf8).write(to: URL(fileURLWithPath: output))
        let arguments = try command.arguments(writing: output, in: folder)
        let names = try folder.contents()

        let refused = try LegibleCommand.run(arguments)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.errorLines.count == 1 && refused.errorLines.first?.hasPrefix("error: '\(output)' exists; use --overwrite to replace it") == true,
                "\(refused.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == Self.older, "the file is unchanged")
        #expect(try folder.contents() == names, "nothing written beside it")

        let replaced = try LegibleCommand.run(arguments + ["--overwrite"])
        #expect(command.succeeded(replaced), "\(replaced.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) != Data(Self.older.utf8), "replaced")
        #expect(try folder.contents() == names)
    }

    @Test(arguments: FileCommand.allCases, [SpecialFile.fifo, .folder])
    func nonRegularOutputIsNeverReplaced(_ command: FileCommand, kind: SpecialFile) throws {
        let folder = try TemporaryFolder("contract-special")
        defer { folder.remove() }
        let output = folder.path(command.outputName)
        guard try kind.make(at: output) else { return }
        let arguments = try command.arguments(writing: output, in: folder)
        let before = SpecialFile.snapshot(output)
        let names = try folder.contents()
        for overwrite in [false, true] {
            let result = try LegibleCommand.run(arguments + (overwrite ? ["--overwrite"] : []))
            #expect(result.status == 2, "--overwrite \(overwrite): \(result.stderr)")
            #expect(result.errorLines == ["error: '\(output)' exists and is not a regular file (a link, a FIFO, a device or a folder); Legible writes only regular files"],
                    "--overwrite \(overwrite): \(result.stderr)")
            #expect(SpecialFile.snapshot(output) == before)
            #expect(try folder.contents() == names)
        }
    }

    /// The commands that write a folder of files.
    enum FolderCommand: String, CaseIterable, CustomTestStringConvertible {
        case hls, package
        var testDescription: String { rawValue }
        func arguments(writing output: String) -> [String] {
            [rawValue, OutputContractTests.media(self == .hls ? "subtitles-multi.mp4" : "demo.mp4"), "-o", output]
        }
    }

    @Test(arguments: FolderCommand.allCases)
    func nonEmptyOutputFolderNeedsOverwrite(_ command: FolderCommand) throws {
        let folder = try TemporaryFolder("contract-folder")
        defer { folder.remove() }
        let output = folder.path("out")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
        try Data("kept".utf8).write(to: URL(fileURLWithPath: output + "/kept.txt"))

        let refused = try LegibleCommand.run(command.arguments(writing: output))
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.errorLines == ["error: the output folder '\(output)' is not empty; use --overwrite to replace files of the same name"],
                "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["kept.txt"], "nothing written")

        let written = try LegibleCommand.run(command.arguments(writing: output) + ["--overwrite"])
        #expect(written.status == 0, "\(written.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: output)
        #expect(names.contains("kept.txt") && names.count > 1, "\(names)")
        #expect(try String(contentsOfFile: output + "/kept.txt", encoding: .utf8) == "kept", "other files are left alone")
    }

    @Test(arguments: FolderCommand.allCases, [SpecialFile.fifo, .linkToFile])
    func outputFolderThatIsNotAFolderIsRefused(_ command: FolderCommand, kind: SpecialFile) throws {
        let folder = try TemporaryFolder("contract-folder-special")
        defer { folder.remove() }
        let output = folder.path("out")
        guard try kind.make(at: output) else { return }
        let before = SpecialFile.snapshot(output)
        let names = try folder.contents()
        for overwrite in [false, true] {
            let result = try LegibleCommand.run(command.arguments(writing: output) + (overwrite ? ["--overwrite"] : []))
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.errorLines == ["error: '\(output)' exists and is not a folder (a file, a link, a FIFO or a device); give a folder to write into"],
                    "\(result.stderr)")
            #expect(SpecialFile.snapshot(output) == before)
            #expect(try folder.contents() == names)
        }
    }

    /// `html` writes beside other files (a web page's folder): a file of the name it writes is
    /// replaced only with `--overwrite`, a FIFO of that name never.
    @Test func htmlReplacesItsFilesOnlyWithOverwrite() throws {
        let folder = try TemporaryFolder("contract-html")
        defer { folder.remove() }
        let first = try LegibleCommand.run(["html", Self.media("demo.mov"), "-o", folder.url.path])
        try #require(first.status == 0, "\(first.stderr)")
        let names = try folder.contents()
        let vtt = try #require(names.first { $0.hasSuffix(".vtt") })
        try Data(Self.older.utf8).write(to: folder.url.appendingPathComponent(vtt))
        let refused = try LegibleCommand.run(["html", Self.media("demo.mov"), "-o", folder.url.path])
        #expect(refused.status == 2)
        #expect(refused.errorLines.first?.contains("use --overwrite") == true, "\(refused.stderr)")
        #expect(try String(contentsOfFile: folder.path(vtt), encoding: .utf8) == Self.older)
        let replaced = try LegibleCommand.run(["html", Self.media("demo.mov"), "-o", folder.url.path, "--overwrite"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try String(contentsOfFile: folder.path(vtt), encoding: .utf8).hasPrefix("WEBVTT"))

        try FileManager.default.removeItem(atPath: folder.path(vtt))
        #expect(try SpecialFile.fifo.make(at: folder.path(vtt)))
        let fifo = try LegibleCommand.run(["html", Self.media("demo.mov"), "-o", folder.url.path, "--overwrite"])
        #expect(fifo.status == 2, "\(fifo.stderr)")
        #expect(SpecialFile.snapshot(folder.path(vtt)) == "FIFO")
    }

    /// `--quiet`, `--progress` and `--json` are taken by every writing command: quiet prints
    /// nothing on standard output, `--json` one JSON value.
    @Test(arguments: FileCommand.allCases)
    func quietProgressAndJSONAreTakenAlike(_ command: FileCommand) throws {
        let folder = try TemporaryFolder("contract-quiet")
        defer { folder.remove() }
        let quiet = try LegibleCommand.run(try command.arguments(writing: folder.path("q-" + command.outputName), in: folder)
                                           + ["--quiet", "--progress", "none"])
        #expect(command.succeeded(quiet), "\(quiet.stderr)")
        #expect(quiet.stdout.isEmpty, "\(quiet.stdout)")
        #expect(!quiet.stderr.contains("warning:"), "\(quiet.stderr)")
        let json = try LegibleCommand.run(try command.arguments(writing: folder.path("j-" + command.outputName), in: folder)
                                          + ["--json", "--progress", "json"])
        #expect(command.succeeded(json), "\(json.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: json.stdoutData)) is [String: Any], "\(json.stdout)")
    }

    @Test(arguments: FolderCommand.allCases)
    func folderCommandsAreQuietWhenAsked(_ command: FolderCommand) throws {
        let folder = try TemporaryFolder("contract-folder-quiet")
        defer { folder.remove() }
        let quiet = try LegibleCommand.run(command.arguments(writing: folder.path("out")) + ["--quiet", "--progress", "bar"])
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stdout)\(quiet.stderr)")
    }

    /// A dry run writes nothing, so it needs no -o: it reviews as for a new file. Without the
    /// dry run, strip still asks where to write.
    @Test func stripDryRunNeedsNoOutput() throws {
        let folder = try TemporaryFolder("contract-dry-run")
        defer { folder.remove() }
        let movie = try folder.copy(URL(fileURLWithPath: Self.media("metadata.mov")), as: "in.mov")
        let before = try Data(contentsOf: URL(fileURLWithPath: movie))
        let dry = try LegibleCommand.run(["strip", movie, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("new file: removed items and boxes are not copied"), "\(dry.stdout)")
        #expect(dry.stdout.contains("remove"), "\(dry.stdout)")
        let json = try LegibleCommand.run(["strip", movie, "--dry-run", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        #expect(report["mode"] as? String == "new-file")
        #expect(try folder.contents() == ["in.mov"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: movie)) == before)

        let nowhere = try LegibleCommand.run(["strip", movie])
        #expect(nowhere.status == 2)
        #expect(nowhere.stderr.contains("say where to write: -o FILE, or --in-place to edit the source"), "\(nowhere.stderr)")
    }
}
