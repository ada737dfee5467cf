import Conversion
import Foundation
import LegibleTestSupport
import Testing

/// Every kind of loss a conversion names, triggered from the command line: a warning line per
/// kind with the cue numbers, the same in `--json`, and with `--strict` an error, exit status 2
/// and nothing written. The expected cues are the input files' (Tests/TimedTextTests/Fixtures
/// features.vtt and features.ttml, whose cues are numbered from 1; identifiers.vtt, whose cues
/// 1 and 3 have identifiers; style-blocks.vtt, with two STYLE blocks; background-font.ttml,
/// black behind cues 1, 2 and 4 and most of 3, orange behind a span of 3, the fonts Courier New
/// (1), monospace (2) and the list "Arial, proportionalSansSerif" (4)), the expected kinds what the
/// target format has no field for.
@Suite struct ConversionLossCommandTests {
    static func fixture(_ name: String) -> String {
        TestPaths.packageRoot.appendingPathComponent("Tests/TimedTextTests/Fixtures").appendingPathComponent(name).path
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// The arguments before the output (`-o FILE` is added).
        var arguments: [String]
        /// The output's file name.
        var output: String
        /// Kind → cue numbers.
        var losses: [String: [Int]]
        /// What the numbers count, as the warning names one.
        var subject = "cue"
        var testDescription: String { name }
    }

    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path

    static let cases: [Case] = [
        Case(name: "WebVTT into tx3g", arguments: ["add-subtitles", demo, fixture("features.vtt"), "--language", "en", "--past-end", "extend"], output: "out.mov",
             losses: ["identifier": [1], "voice": [2], "class": [2], "language-span": [3], "ruby": [5], "region": [5], "vertical-text": [6], "alignment": [7]]),
        Case(name: "TTML into tx3g", arguments: ["add-subtitles", demo, fixture("features.ttml"), "--past-end", "extend"], output: "out.mov",
             losses: ["outline": [3], "forced-span": [4]]),
        Case(name: "TTML into wvtt", arguments: ["add-subtitles", demo, fixture("features.ttml"), "--format", "wvtt", "--past-end", "extend"], output: "out.mov",
             losses: ["font-size": [1], "color": [2], "outline": [3], "forced-span": [4], "forced": [5]]),
        Case(name: "WebVTT into SubRip", arguments: ["convert", fixture("features.vtt")], output: "out.srt",
             losses: ["identifier": [1], "position": [1, 3], "voice": [2], "class": [2], "language-span": [3], "karaoke": [4], "ruby": [5], "region": [5],
                      "vertical-text": [6], "alignment": [7]]),
        Case(name: "TTML into WebVTT", arguments: ["convert", fixture("features.ttml")], output: "out.vtt",
             losses: ["font-size": [1], "color": [2], "outline": [3], "forced-span": [4], "forced": [5]]),
        // select-forced.mov's track 6 is a forced-only tx3g track of one cue.
        Case(name: "forced tx3g extracted to WebVTT",
             arguments: ["extract", TestPaths.testMedia.appendingPathComponent("rules/select-forced.mov").path, "--track", "6"],
             output: "out.vtt", losses: ["forced": [1]]),
        // A tx3g sample and a SubRip cue have no identifier (SubRip's cue numbers only count).
        Case(name: "WebVTT identifiers into tx3g", arguments: ["add-subtitles", demo, fixture("identifiers.vtt"), "--past-end", "extend"],
             output: "out.mov", losses: ["identifier": [1, 3]]),
        Case(name: "WebVTT identifiers into SubRip", arguments: ["convert", fixture("identifiers.vtt")], output: "out.srt",
             losses: ["identifier": [1, 3]]),
        // STYLE blocks are CSS, which only WebVTT and wvtt (vttC) hold.
        Case(name: "STYLE blocks into tx3g", arguments: ["add-subtitles", demo, fixture("style-blocks.vtt"), "--past-end", "extend"],
             output: "out.mov", losses: ["style-block": [1, 2]], subject: "STYLE block"),
        Case(name: "STYLE blocks into stpp", arguments: ["add-subtitles", demo, fixture("style-blocks.vtt"), "--format", "stpp", "--past-end", "extend"],
             output: "out.mp4", losses: ["style-block": [1, 2]], subject: "STYLE block"),
        Case(name: "STYLE blocks into SubRip", arguments: ["convert", fixture("style-blocks.vtt")], output: "out.srt",
             losses: ["style-block": [1, 2]], subject: "STYLE block"),
        Case(name: "STYLE blocks into TTML", arguments: ["convert", fixture("style-blocks.vtt")], output: "out.ttml",
             losses: ["style-block": [1, 2]], subject: "STYLE block"),
        // A tx3g track has one background (black, behind most of the text) and one font per
        // style record; WebVTT has bg_black but not orange, and no fonts; SubRip neither.
        Case(name: "TTML backgrounds and fonts into tx3g", arguments: ["add-subtitles", demo, fixture("background-font.ttml"), "--past-end", "extend"],
             output: "out.mov", losses: ["background-color": [3], "font-family": [4]]),
        Case(name: "TTML backgrounds and fonts into WebVTT", arguments: ["convert", fixture("background-font.ttml")], output: "out.vtt",
             losses: ["background-color": [3], "font-family": [1, 2, 4]]),
        Case(name: "TTML backgrounds and fonts into SubRip", arguments: ["convert", fixture("background-font.ttml")], output: "out.srt",
             losses: ["background-color": [1, 2, 3, 4], "font-family": [1, 2, 4]]),
        Case(name: "STYLE blocks into SCC", arguments: ["convert", fixture("style-blocks.vtt")], output: "out.scc",
             losses: ["style-block": [1, 2]], subject: "STYLE block"),
    ]

    func lossTable(_ json: [String: Any]) -> [String: [Int]] {
        let losses = json["losses"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: losses.compactMap { loss in
            (loss["kind"] as? String).map { ($0, loss["numbers"] as? [Int] ?? []) }
        })
    }

    /// The numbers as a warning names them (issue 29 §3, which changed the form on purpose):
    /// runs of three or more as ranges, and then the count, `cues 1-4 (4 cues)`.
    static func listing(_ numbers: [Int], subject: String) -> String {
        var pieces: [String] = []
        var runs: [[Int]] = []
        for number in numbers {
            if let last = runs.last?.last, last + 1 == number { runs[runs.count - 1].append(number) } else { runs.append([number]) }
        }
        for run in runs { pieces += run.count >= 3 ? ["\(run[0])-\(run[run.count - 1])"] : run.map(String.init) }
        let names = subject + (numbers.count == 1 ? " " : "s ") + pieces.joined(separator: ", ")
        return pieces.count == numbers.count ? names : names + " (\(numbers.count) \(subject)s)"
    }

    /// Thousands of cues with one loss are one warning line, the cues as ranges and a count;
    /// the JSON has every number.
    @Test func manyCuesAreOneLineOfRanges() throws {
        let folder = try TemporaryFolder("loss-ranges")
        defer { folder.remove() }
        let voiced = Set([1, 2, 3, 7] + Array(10...2000))
        var text = "WEBVTT\n"
        for number in 1...2000 {
            let start = number * 2, end = number * 2 + 1
            text += "\n\(String(format: "%02d:%02d:%02d.000", start / 3600, start / 60 % 60, start % 60)) --> "
                + "\(String(format: "%02d:%02d:%02d.000", end / 3600, end / 60 % 60, end % 60))\n"
                + (voiced.contains(number) ? "<v Bob>Line \(number)</v>\n" : "Line \(number)\n")
        }
        let input = folder.path("many.vtt")
        try text.write(toFile: input, atomically: true, encoding: .utf8)
        let result = try LegibleCommand.run(["convert", input, "-o", folder.path("out.srt"), "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let voiceLines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") && $0.contains("voice") }
        #expect(voiceLines.count == 1, "\(result.stderr)")
        #expect(voiceLines.first?.contains("cues 1-3, 7, 10-2000 (1995 cues): ") == true, "\(result.stderr)")
        #expect(lossTable(try #require(result.jsonObject))["voice"] == voiced.sorted())
    }

    /// Captions the 608 channel cannot load in time are one "late" warning however many there
    /// are (100,000 captions once printed 26,980 lines): add-captions and convert to SCC alike.
    @Test func lateCaptionsAreOneLine() throws {
        let folder = try TemporaryFolder("loss-late")
        defer { folder.remove() }
        // Three seconds of long captions 100 ms apart: each needs about a second to load.
        var text = ""
        for number in 1...30 {
            let start = 500 + number * 100
            text += "\(number)\n00:00:0\(start / 1000),\(String(format: "%03d", start % 1000)) --> 00:00:0\((start + 90) / 1000),\(String(format: "%03d", (start + 90) % 1000))\n"
                + "A caption far too long to load in time \(number)\n\n"
        }
        let input = folder.path("fast.srt")
        try text.write(toFile: input, atomically: true, encoding: .utf8)
        let runs = [
            try LegibleCommand.run(["add-captions", Self.demo, input, "--language", "en", "-o", folder.path("out.mov")]),
            try LegibleCommand.run(["convert", input, "-o", folder.path("out.scc")]),
        ]
        for result in runs {
            #expect(result.status == 0, "\(result.stderr)")
            let late = result.stderr.split(separator: "\n").filter { $0.contains(" late") }
            #expect(late.count == 1, "\(result.stderr)")
            #expect(late.first?.contains("cues): shown up to ") == true, "\(result.stderr)")
        }
    }

    @Test(arguments: cases)
    func eachKindIsOneWarningLineAndInTheJSON(_ scenario: Case) throws {
        let folder = try TemporaryFolder("loss")
        defer { folder.remove() }
        let result = try LegibleCommand.run(scenario.arguments + ["-o", folder.path(scenario.output), "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(lossTable(try #require(result.jsonObject)) == scenario.losses)
        let lines = result.stderr.split(separator: "\n").filter { line in
            line.hasPrefix("warning:") && line.contains(" \(scenario.subject)")
        }
        #expect(lines.count == scenario.losses.count, "\(result.stderr)")
        for (kind, numbers) in scenario.losses {
            let list = Self.listing(numbers, subject: scenario.subject) + ":"
            #expect(lines.contains { $0.contains(list) }, "no warning naming \(list) for \(kind): \(result.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: folder.path(scenario.output)))
    }

    @Test(arguments: cases)
    func strictMakesAnyLossAnErrorAndWritesNothing(_ scenario: Case) throws {
        let folder = try TemporaryFolder("loss-strict")
        defer { folder.remove() }
        let result = try LegibleCommand.run(scenario.arguments + ["-o", folder.path(scenario.output), "--strict"])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(try folder.contents().isEmpty)
    }

    /// What the formats carry raises nothing: features.vtt, identifiers.vtt and style-blocks.vtt
    /// into wvtt, or to WebVTT; the STYLE blocks are in the wvtt track's vttC and come back out.
    @Test(arguments: ["features.vtt", "identifiers.vtt", "style-blocks.vtt"])
    func nothingLostIsNothingSaid(_ input: String) throws {
        let folder = try TemporaryFolder("loss-none")
        defer { folder.remove() }
        let movie = try LegibleCommand.run(["add-subtitles", Self.demo, Self.fixture(input), "--format", "wvtt", "--strict", "--past-end", "extend",
                                            "-o", folder.path("out.mp4"), "--json"])
        #expect(movie.status == 0, "\(movie.stderr)")
        #expect(lossTable(try #require(movie.jsonObject)).isEmpty)
        let file = try LegibleCommand.run(["convert", Self.fixture(input), "--strict", "-o", folder.path("out.vtt")])
        #expect(file.status == 0, "\(file.stderr)")
        let source = try String(contentsOfFile: Self.fixture(input), encoding: .utf8)
        let styleBlocks = source.components(separatedBy: "\nSTYLE\n").count - 1
        #expect(try String(contentsOfFile: folder.path("out.vtt"), encoding: .utf8).components(separatedBy: "\nSTYLE\n").count - 1 == styleBlocks)
        // demo.mov has tracks 1–4 (video, two sound tracks, a subtitle): the wvtt track added is 5.
        let extracted = try LegibleCommand.run(["extract", folder.path("out.mp4"), "--track", "5", "--strict", "-o", folder.path("back.vtt")])
        #expect(extracted.status == 0, "\(extracted.stderr)")
        #expect(try String(contentsOfFile: folder.path("back.vtt"), encoding: .utf8).components(separatedBy: "\nSTYLE\n").count - 1 == styleBlocks)
    }

    /// TTML keeps TTML's backgrounds and fonts.
    @Test func ttmlKeepsBackgroundsAndFonts() throws {
        let folder = try TemporaryFolder("loss-ttml")
        defer { folder.remove() }
        let file = try LegibleCommand.run(["convert", Self.fixture("background-font.ttml"), "--strict", "-o", folder.path("out.ttml")])
        #expect(file.status == 0, "\(file.stderr)")
        let written = try String(contentsOfFile: folder.path("out.ttml"), encoding: .utf8)
        #expect(written.contains("tts:backgroundColor=\"#FFA500\"") && written.contains("tts:fontFamily=\"'Courier New'\""), "\(written)")
    }

    /// Overlapping cues with their own positions share a tx3g sample, which has one.
    @Test func overlapIsALossAndStrictRefusesIt() throws {
        let folder = try TemporaryFolder("loss-overlap")
        defer { folder.remove() }
        let input = folder.path("overlap.vtt")
        try "WEBVTT\n\n00:00:00.500 --> 00:00:02.000 line:10%\nfirst\n\n00:00:01.000 --> 00:00:02.500 line:60%\nsecond\n"
            .write(toFile: input, atomically: true, encoding: .utf8)
        let loose = try LegibleCommand.run(["add-subtitles", Self.demo, input, "-o", folder.path("out.mov"), "--json"])
        #expect(loose.status == 0, "\(loose.stderr)")
        #expect(lossTable(try #require(loose.jsonObject)) == ["overlap": [2]])
        let strict = try LegibleCommand.run(["add-subtitles", Self.demo, input, "-o", folder.path("strict.mov"), "--strict"])
        #expect(strict.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.path("strict.mov")))
    }

    /// SMPTE-TT image subtitles are refused; --skip-images converts the text and names what it
    /// left out; with --strict that is refused too.
    @Test func imageSubtitlesAreRefusedUnlessSkipped() throws {
        let folder = try TemporaryFolder("loss-images")
        defer { folder.remove() }
        let input = Self.fixture("image.ttml")
        for command in [["convert", input, "-o", folder.path("a.vtt")], ["add-subtitles", Self.demo, input, "-o", folder.path("a.mov")]] {
            let refused = try LegibleCommand.run(command)
            #expect(refused.status == 2)
            #expect(refused.errorLines.first?.contains("image subtitles are not supported") == true, "\(refused.stderr)")
            #expect(refused.errorLines.first?.contains("line 7") == true)
            let skipped = try LegibleCommand.run(command + ["--skip-images"])
            #expect(skipped.status == 0, "\(skipped.stderr)")
            #expect(skipped.stderr.contains("warning: \(input): line 7: image subtitles (SMPTE-TT smpte:backgroundImage) are left out"))
            let strict = try LegibleCommand.run(command.map { $0.replacingOccurrences(of: "/a.", with: "/b.") } + ["--skip-images", "--strict"])
            #expect(strict.status == 2)
        }
        #expect(try folder.contents() == ["a.mov", "a.vtt"])
    }
}
