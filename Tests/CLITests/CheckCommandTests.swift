import Foundation
import LegibleTestSupport
import Testing

/// `legible check` through the built binary: exit statuses, the JSON contract, `--fix` (which
/// must repair what it says it repairs, keep every sample, and leave a file ffprobe reads the
/// same way), and golden outputs for every movie we have.
@Suite struct CheckCommandTests {
    static let binary = TestPaths.legibleExecutable.path

    static func rules(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent("rules/\(name)").path }

    func legible(_ arguments: [String], in directory: URL? = nil) throws -> ExternalTool.Output {
        try ExternalTool.run(Self.binary, arguments, in: directory)
    }

    func findings(_ output: ExternalTool.Output) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any], "\(output.stdout)")
        return try #require(object["findings"] as? [[String: Any]])
    }

    /// A movie followed by more boxes than the reader holds (160,000 8-byte `free` boxes: the
    /// top level holds one box per 16 bytes of the file, `Limits.inputBytesPerIndexRecord`) is checked as far as it was read, and `check`
    /// says where that was, in text and JSON, as `info` does: "no findings" alone would vouch for
    /// a part it never saw.
    @Test func aMovieReadUpToALimitIsSaidSo() throws {
        let folder = try TemporaryFolder("check-limit")
        defer { folder.remove() }
        let path = folder.path("flood.mov")
        let movie = CraftedMovie.ftyp + TestBox.container("moov", [CraftedMovie.mvhd(), CraftedMovie.trak(id: 1)]).bytes
        let flood = [TestBox](repeating: .leaf("free", []), count: 160_000).flatMap(\.bytes)
        try Data(movie + flood).write(to: URL(fileURLWithPath: path))
        let text = try legible(["check", path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("warning: ") && text.stdout.contains("the file is read only up to here")
                && text.stdout.contains("more than \((movie.count + flood.count) / 16) boxes at the top level"), "\(text.stdout)")
        let json = try legible(["check", "--json", path])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any], "\(json.stdout)")
        #expect((object["readingStop"] as? String)?.contains("read only up to here") == true, "\(json.stdout)")
        let info = try legible(["info", path])
        #expect(info.stdout.contains("the file is read only up to here"), "\(info.stdout)")
        let clean = try legible(["check", "--json", Self.rules("clean.mov")])
        let cleanObject = try #require(try JSONSerialization.jsonObject(with: clean.stdoutData) as? [String: Any])
        #expect(cleanObject["readingStop"] == nil, "a movie read whole has no such key")
    }

    @Test func exitStatusSaysWhetherAnErrorRemains() throws {
        #expect(try legible(["check", Self.rules("clean.mov")]).status == 0)
        #expect(try legible(["check", Self.rules("check-outside-group.mov")]).status == 0, "a warning alone")
        let error = try legible(["check", Self.rules("check-two-enabled.mov")])
        #expect(error.status == 1)
        #expect(error.stderr.isEmpty)
        let missing = try legible(["check", "/nonexistent.mov"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: /nonexistent.mov: "))
    }

    @Test(arguments: [
        (["--fix"], "--fix -o FILE, or --fix --in-place"),
        (["-o", "/tmp/x.mov"], "add --fix"),
        (["--fix", "-o", "/tmp/x.mov", "--in-place"], "-o and --in-place exclude each other"),
    ])
    func usageErrors(arguments: [String], says: String) throws {
        let output = try legible(["check", Self.rules("clean.mov")] + arguments)
        #expect(output.status == 2)
        #expect(output.stderr.contains(says), "\(output.stderr)")
    }

    /// The documented contract: {"findings": [{"severity", "trackID" (null for the movie),
    /// "rule", "message", "fix" (a command line or null)}]}.
    @Test func jsonFollowsTheContract() throws {
        let group = try findings(try legible(["check", "--json", Self.rules("check-two-enabled.mov")]))
        #expect(group.count == 1)
        #expect(group[0]["severity"] as? String == "error")
        #expect(group[0]["trackID"] is NSNull)
        #expect(group[0]["rule"] as? String == "group-enabled-tracks")
        #expect((group[0]["message"] as? String)?.isEmpty == false)
        #expect((group[0]["fix"] as? String)?.hasPrefix("legible set-track ") == true)
        let track = try findings(try legible(["check", "--json", Self.rules("check-forced-alone.mov")]))
        #expect(track[0]["trackID"] as? Int == 6)
        #expect(track[0]["fix"] is NSNull)
    }

    /// Movies whose finding has an automatic fix.
    static let fixable = ["check-outside-group.mov", "check-mixed-group.mov", "check-none-enabled.mov",
                          "check-forced-unpaired.mov", "check-forced-pair-group.mov", "check-follower-regular.mov",
                          "check-follower-from-video.mov", "check-follower-to-audio.mov", "check-missing-target.mov",
                          "check-elng.mov", "check-tagc-nul.mov", "check-audio-description.mov", "check-text-handler.mov",
                          "check-chapter-in-group.mov", "check-text-placement.mov", "check-fallback-enabled.mov"]

    /// `--fix -o` repairs each fixable finding: the output has none of the findings the source
    /// had an automatic fix for, ffprobe lists the same streams, and every stream's framemd5
    /// is the source's.
    @Test(arguments: fixable)
    func fixRepairsAndKeepsEverySample(_ name: String) throws {
        let folder = try TemporaryFolder("check-fix")
        defer { folder.remove() }
        let source = Self.rules(name)
        let before = try findings(try legible(["check", "--json", source]))
        let fixedOutput = folder.path("fixed.mov")
        let run = try legible(["check", source, "--fix", "-o", fixedOutput, "--json", "--progress", "none"])
        let after = try findings(run)
        let automatic = before.filter { $0["fixIsAutomatic"] as? Bool == true }
        try #require(!automatic.isEmpty)
        for finding in automatic {
            #expect(!after.contains { $0["rule"] as? String == finding["rule"] as? String && $0["message"] as? String == finding["message"] as? String },
                    "\(name): \(finding["rule"] ?? "") remains")
        }
        #expect(run.status == (after.contains { $0["severity"] as? String == "error" } ? 1 : 0))
        #expect(try legible(["check", fixedOutput]).stdout.contains("error") == false || run.status == 1)
        try Self.expectSameStreams(source, fixedOutput)
    }

    /// Every TestMedia and corpus movie with an automatic fix: `--fix -o` removes those findings,
    /// leaves no error, and keeps ffprobe's streams and every stream's framemd5.
    @Test(.corpus) func fixRepairsEveryMovieWeHave() throws {
        let folder = try TemporaryFolder("check-fix-all")
        defer { folder.remove() }
        let files = TestPaths.testMediaFiles.map(\.path)
            + CorpusIndex.entries.filter { !$0.isRawPayload && !$0.isMalformed && !$0.ffprobeRefuses }.map(\.url.path)
        var repaired = 0
        for (index, file) in files.enumerated() {
            let check = try legible(["check", "--json", file])
            guard check.status != 2 else { continue }
            let automatic = try findings(check).filter { $0["fixIsAutomatic"] as? Bool == true }
            guard !automatic.isEmpty else { continue }
            let output = folder.path("\(index).\(URL(fileURLWithPath: file).pathExtension)")
            let run = try legible(["check", file, "--fix", "-o", output, "--json", "--progress", "none"])
            #expect(run.status == 0, "\(file): \(run.stdout) \(run.stderr)")
            let after = try findings(run)
            for finding in automatic {
                #expect(!after.contains { $0["message"] as? String == finding["message"] as? String }, "\(file): \(finding["rule"] ?? "") remains")
            }
            try Self.expectSameStreams(file, output)
            repaired += 1
        }
        #expect(repaired >= 3)
    }

    static func expectSameStreams(_ source: String, _ output: String) throws {
        guard ExternalTool.shouldRun("ffprobe") else { return }
        // Languages aside: a fix may set one (language-agreement).
        let streams = try FFmpegReading.streams(source)
        #expect(try FFmpegReading.streams(output).map { [$0.codecType, $0.codecTag] } == streams.map { [$0.codecType, $0.codecTag] })
        for stream in streams where stream.codecType != "data" {
            #expect(try FFmpegReading.framemd5(output, stream: stream.index) == FFmpegReading.framemd5(source, stream: stream.index),
                    "stream \(stream)")
        }
    }

    /// The README's first command: the demo movie with an English SDH track passes with no error.
    @Test func demoWithSDHTrackHasNoError() throws {
        let folder = try TemporaryFolder("check-demo")
        defer { folder.remove() }
        let output = folder.path("demo-sdh.mov")
        let media = TestPaths.testMedia
        let add = try legible(["add-subtitles", media.appendingPathComponent("demo.mov").path,
                               media.appendingPathComponent("english-sdh.srt").path,
                               "--language", "en", "--sdh", "--follow-audio", "auto", "-o", output, "--quiet"])
        try #require(add.status == 0, "\(add.stderr)")
        let check = try legible(["check", "--json", output])
        #expect(check.status == 0)
        #expect(try findings(check).allSatisfy { $0["severity"] as? String != "error" })
    }

    /// In place, on a copy: the fixed file passes.
    @Test func fixInPlace() throws {
        let folder = try TemporaryFolder("check-fix-in-place")
        defer { folder.remove() }
        let copy = try folder.copy(URL(fileURLWithPath: Self.rules("check-missing-target.mov")), as: "movie.mov")
        let run = try legible(["check", copy, "--fix", "--in-place", "--progress", "none"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("fixed 1 finding"))
        let recheck = try legible(["check", copy])
        #expect(recheck.status == 0)
        #expect(recheck.stdout.contains("no findings"), "\(recheck.stdout)")
        try Self.expectSameStreams(Self.rules("check-missing-target.mov"), copy)
    }

    /// The printed `try:`/`fix:` command, run as printed (in place, on a copy), repairs the finding.
    @Test func printedCommandRepairsTheFinding() throws {
        let folder = try TemporaryFolder("check-command")
        defer { folder.remove() }
        let copy = try folder.copy(URL(fileURLWithPath: Self.rules("check-two-enabled.mov")), as: "movie.mov")
        let fix = try #require(try findings(try legible(["check", "--json", copy])).first?["fix"] as? String)
        let words = fix.split(separator: " ").map(String.init)
        #expect(words.first == "legible")
        let run = try legible(Array(words.dropFirst()))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try legible(["check", copy]).status == 0)
    }

    /// Golden outputs: every TestMedia movie and rule movie, and every corpus file. Each finding
    /// in them was read against the file (see the rule movies' descriptions and the closing
    /// notes); regenerate with LEGIBLE_UPDATE_GOLDEN=1 after an intended change and review the diff.
    @Test func goldenTestMedia() throws {
        let names = TestPaths.testMediaFiles.map(\.lastPathComponent)
            + (try FileManager.default.contentsOfDirectory(atPath: TestPaths.testMedia.appendingPathComponent("rules").path))
                .filter { $0.hasSuffix(".mov") }.sorted().map { "rules/\($0)" }
        try expectGolden("check-testmedia.txt", files: names, in: TestPaths.testMedia)
    }

    @Test(.corpus) func goldenCorpus() throws {
        let names = CorpusIndex.entries.filter { !$0.isRawPayload }.map(\.name).sorted()
        try #require(!names.isEmpty)
        try expectGolden("check-corpus.txt", files: names, in: CorpusIndex.root)
    }

    private func expectGolden(_ goldenName: String, files: [String], in directory: URL) throws {
        var text = ""
        for file in files {
            let output = try legible(["check", file], in: directory)
            text += output.stdout + output.stderr + "(exit \(output.status))\n\n"
        }
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(goldenName)")
        if ProcessInfo.processInfo.environment["LEGIBLE_UPDATE_GOLDEN"] == "1" {
            try text.write(to: golden, atomically: true, encoding: .utf8)
            Issue.record("golden file rewritten: Golden/\(goldenName); review the diff, then rerun without LEGIBLE_UPDATE_GOLDEN")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(text == expected, "legible check output differs from Golden/\(goldenName)")
    }
}
