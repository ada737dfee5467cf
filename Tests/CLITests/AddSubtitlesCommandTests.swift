import Foundation
import LegibleTestSupport
import Testing

/// `legible add-subtitles` as a user meets it: usage errors, what it prints, its JSON report and
/// progress, and plans with several files.
@Suite struct AddSubtitlesCommandTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov")
    static let englishSDH = AddSubtitlesScenario.englishSDH.path

    /// A usage error: the arguments (`SRC` and `OUT` stand for a copy of demo.mov and a path
    /// beside it, `PLAN` for a plan file) and what the one error line must say.
    struct UsageError: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var says: String
        /// Whether OUT exists (holding `old`) before the run.
        var outputExists = false
        /// The movie SRC is a copy of.
        var source = "demo.mov"
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let usageErrors = [
        UsageError(arguments: ["SRC", englishSDH], says: "-o FILE, or --in-place"),
        UsageError(arguments: ["SRC", englishSDH, "-o", "OUT", "--in-place"], says: "-o and --in-place exclude each other"),
        UsageError(arguments: ["SRC", englishSDH, "--language", "en-", "-o", "OUT"], says: "--language"),
        UsageError(arguments: ["SRC", "--plan", "PLAN", "--sdh", "-o", "OUT"], says: "with --plan"),
        UsageError(arguments: ["SRC", "-o", "OUT"], says: "give one subtitle file, or --plan"),
        UsageError(arguments: ["SRC", englishSDH, "--forced-for", "4", "-o", "OUT"], says: "--forced"),
        UsageError(arguments: ["SRC", englishSDH, "--in-place", "--brand", "mp4"], says: "--brand"),
        UsageError(arguments: ["SRC", englishSDH, "-o", "OUT"], says: "exists", outputExists: true),
        UsageError(arguments: ["SRC", englishSDH, "-o", "SRC"], says: "exists"),
        UsageError(arguments: ["SRC", englishSDH, "-o", "SRC", "--overwrite"], says: "is the source"),
        UsageError(arguments: ["SRC", "/nonexistent.srt", "-o", "OUT"], says: "/nonexistent.srt"),
        UsageError(arguments: ["SRC", englishSDH, "--follow-audio", "4", "-o", "OUT"], says: "track 4"),
        UsageError(arguments: ["SRC", englishSDH, "--follow-audio", "9", "-o", "OUT"], says: "track 9"),
        UsageError(arguments: ["SRC", englishSDH, "--forced", "--forced-for", "9", "-o", "OUT"], says: "track 9"),
        // The library's refusal (EditError) with the option that gets past it: demo.mov's sound
        // tracks are 2 (eng) and 3 (spa), TestMedia/README.md.
        UsageError(arguments: ["SRC", englishSDH, "--language", "de", "--follow-audio", "auto", "-o", "OUT"],
                   says: "no sound track is in 'de'; sound tracks: 2 (eng), 3 (spa); name one with --follow-audio TRACK"),
        UsageError(arguments: ["SRC", englishSDH, "--follow-audio", "auto", "-o", "OUT"],
                   says: "--follow-audio auto needs the subtitle language (--language)"),
        UsageError(arguments: ["SRC", englishSDH, "--in-place"], says: "cannot be edited in place", source: "fragmented.mp4"),
    ]

    /// Exit status 2, one `error:` line (argument errors add the usage after it), nothing on
    /// standard output, and neither the source nor the output touched.
    @Test(arguments: usageErrors)
    func usageErrorExitsWith2AndOneErrorLine(_ error: UsageError) throws {
        let folder = try TemporaryFolder("cli-add-usage")
        defer { folder.remove() }
        let original = TestPaths.testMedia.appendingPathComponent(error.source)
        let source = try folder.copy(original, as: error.source)
        let output = folder.path("out.mov")
        let plan = folder.path("plan.json")
        try Data(#"{"subtitles": [{"file": "\#(Self.englishSDH)"}]}"#.utf8).write(to: URL(fileURLWithPath: plan))
        let old = Data("old".utf8)
        if error.outputExists { try old.write(to: URL(fileURLWithPath: output)) }
        let arguments = error.arguments.map { ["SRC": source, "OUT": output, "PLAN": plan][$0] ?? $0 }

        let result = try LegibleCommand.run(["add-subtitles"] + arguments)
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.errorLines.first?.contains(error.says) == true, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try Data(contentsOf: original) == Data(contentsOf: URL(fileURLWithPath: source)))
        if error.outputExists {
            #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == old)
        } else {
            #expect(!FileManager.default.fileExists(atPath: output))
        }
        #expect(try folder.contents() == ([error.source, "plan.json"] + (error.outputExists ? ["out.mov"] : [])).sorted())
    }

    /// One line naming the new track, the file and its size, which is the file's.
    @Test func successSaysWhatWasWritten() throws {
        let folder = try TemporaryFolder("cli-add")
        defer { folder.remove() }
        let output = folder.path("out.mov")
        let result = try LegibleCommand.run(["add-subtitles", Self.demo.path, Self.englishSDH, "--language", "en", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int)
        #expect(result.stdout == "added track \(AddSubtitlesScenario.newTrackID) to \(output) (\(size) bytes)\n")
        #expect(result.stderr.isEmpty, "no progress when standard error is not a terminal")
    }

    @Test func quietPrintsNothing() throws {
        let folder = try TemporaryFolder("cli-add")
        defer { folder.remove() }
        let result = try LegibleCommand.run(["add-subtitles", Self.demo.path, Self.englishSDH, "-o", folder.path("out.mov"),
                                             "--quiet", "--progress", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
    }

    @Test func jsonReportNamesTheAddedTracks() throws {
        let folder = try TemporaryFolder("cli-add")
        defer { folder.remove() }
        let output = folder.path("out.mp4")
        let result = try LegibleCommand.run(["add-subtitles", TestPaths.testMedia.appendingPathComponent("demo.mp4").path,
                                             Self.englishSDH, "--sdh", "--json", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(result.jsonObject, "stdout is one JSON object: \(result.stdout)")
        #expect(report["output"] as? String == output)
        #expect(report["addedTracks"] as? [Int] == [AddSubtitlesScenario.newTrackID])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int)
        #expect(report["fileSize"] as? Int == size)
        #expect(report["bytesWritten"] as? Int == size, "a full rewrite writes the whole file")
        #expect((report["warnings"] as? [Any])?.isEmpty == true)
    }

    /// A cue that cannot be shown is dropped with a warning, on standard error and in the report.
    @Test func droppedCueIsAWarning() throws {
        let folder = try TemporaryFolder("cli-add-warning")
        defer { folder.remove() }
        let subtitles = folder.path("zero.srt")
        try Data("1\n00:00:01,000 --> 00:00:01,000\nnever shown\n\n2\n00:00:02,000 --> 00:00:03,000\nshown\n".utf8)
            .write(to: URL(fileURLWithPath: subtitles))
        let result = try LegibleCommand.run(["add-subtitles", Self.demo.path, subtitles, "-o", folder.path("out.mov"), "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = try #require(result.jsonObject?["warnings"] as? [String])
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("cue 1") == true, "\(warnings)")
        #expect(result.stderr.split(separator: "\n").contains { $0.hasPrefix("warning: ") && $0.contains("cue 1") }, "\(result.stderr)")
        #expect(result.errorLines.isEmpty)
    }

    /// `--progress json`: one object per line on standard error, never going back, ending at
    /// the whole file.
    @Test(arguments: [false, true])
    func jsonProgressEndsAtTheWholeWrite(inPlace: Bool) throws {
        let folder = try TemporaryFolder("cli-add-progress")
        defer { folder.remove() }
        let source = try folder.copy(Self.demo, as: "demo.mov")
        let output = folder.path("out.mov")
        let before = try #require(try FileManager.default.attributesOfItem(atPath: source)[.size] as? Int)
        let result = try LegibleCommand.run(["add-subtitles", source, Self.englishSDH, "--progress", "json"]
                                            + (inPlace ? ["--in-place"] : ["-o", output]))
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        try #require(!lines.isEmpty)
        var fractions: [Double] = []
        var last: [String: Any] = [:]
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            fractions.append(try #require(object["fraction"] as? Double, "\(line)"))
            last = object
        }
        #expect(fractions == fractions.sorted())
        #expect(fractions.last == 1)
        let after = try #require(try FileManager.default.attributesOfItem(atPath: inPlace ? source : output)[.size] as? Int)
        // A full rewrite writes the whole output; an edit in place what it appends.
        let expected = inPlace ? after - before : after
        #expect(last["bytesWritten"] as? Int == expected)
        #expect(last["totalBytes"] as? Int == expected)
    }

    /// A plan adds several tracks in one run; its files are found beside it, wherever the
    /// command runs from, and the new subtitle tracks share one alternate group.
    @Test func planAddsTracksThatShareAGroup() throws {
        let folder = try TemporaryFolder("cli-add-plan")
        defer { folder.remove() }
        let plans = folder.url.appendingPathComponent("plans")
        try FileManager.default.createDirectory(at: plans.appendingPathComponent("subs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: AddSubtitlesScenario.englishSDH, to: plans.appendingPathComponent("subs/en-sdh.srt"))
        let french = "WEBVTT\n\n00:00:00.600 --> 00:00:01.800\nBienvenue.\n\n00:00:02.000 --> 00:00:03.500\n<i>Qui est là ?</i>\n"
        try Data(french.utf8).write(to: plans.appendingPathComponent("subs/fr.vtt"))
        let plan = """
        {"subtitles": [{"file": "subs/en-sdh.srt", "language": "en", "sdh": true},
                       {"file": "subs/fr.vtt", "language": "fr-CA", "name": "Français", "format": "wvtt"}]}
        """
        try Data(plan.utf8).write(to: plans.appendingPathComponent("plan.json"))
        let output = folder.path("out.mp4")
        let result = try LegibleCommand.run(["add-subtitles", TestPaths.testMedia.appendingPathComponent("demo.mp4").path,
                                             "--plan", "plans/plan.json", "-o", output, "--json"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let added = try #require(result.jsonObject?["addedTracks"] as? [Int])
        #expect(added == [AddSubtitlesScenario.newTrackID, AddSubtitlesScenario.newTrackID + 1])

        let info = try LegibleCommand.run(["info", "--json", output])
        let tracks = try #require(info.jsonObject?["tracks"] as? [[String: Any]])
        let new = tracks.filter { added.contains($0["id"] as? Int ?? 0) }
        try #require(new.count == 2)
        #expect(new.map { $0["codec"] as? String } == ["tx3g", "wvtt"])
        #expect(new.map { $0["language"] as? String } == ["eng", "fra"])
        #expect(new[1]["extendedLanguage"] as? String == "fr-CA")
        #expect(new[1]["name"] as? String == "Français")
        #expect(new.map { $0["alternateGroup"] as? Int } == [AddSubtitlesScenario.subtitleGroup, AddSubtitlesScenario.subtitleGroup])
        #expect(new.map { $0["enabled"] as? Bool } == [false, false])
    }

    @Test func inPlaceEditsTheSource() throws {
        let folder = try TemporaryFolder("cli-add-inplace")
        defer { folder.remove() }
        let source = try folder.copy(Self.demo, as: "demo.mov")
        let result = try LegibleCommand.run(["add-subtitles", source, Self.englishSDH, "--language", "en", "--in-place"])
        #expect(result.status == 0, "\(result.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: source)[.size] as? Int)
        #expect(result.stdout == "added track \(AddSubtitlesScenario.newTrackID) to \(source) (\(size) bytes)\n")
        let info = try LegibleCommand.run(["info", "--json", source])
        #expect((info.jsonObject?["tracks"] as? [Any])?.count == 5)
        #expect(try folder.contents() == ["demo.mov"])
    }

    /// The output's extension chooses its file type when it differs from the source's.
    @Test(arguments: [("out.mp4", "isom"), ("out.m4v", "M4V "), ("out.mov", "qt  ")])
    func outputExtensionSetsTheBrand(name: String, majorBrand: String) throws {
        let folder = try TemporaryFolder("cli-add-brand")
        defer { folder.remove() }
        let output = folder.path(name)
        let result = try LegibleCommand.run(["add-subtitles", Self.demo.path, Self.englishSDH, "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let head = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)).prefix(12))
        #expect(String(decoding: head[4..<8], as: UTF8.self) == "ftyp")
        #expect(String(decoding: head[8..<12], as: UTF8.self) == majorBrand)
    }

    @Test func helpTeachesWithExamples() throws {
        for command in ["add-subtitles", "set-track"] {
            let output = try LegibleCommand.run([command, "--help"])
            #expect(output.status == 0)
            #expect(output.stdout.contains("Examples:"), "\(command) --help has examples")
        }
    }
}
