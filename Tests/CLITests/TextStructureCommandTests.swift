import Foundation
import LegibleTestSupport
import Testing

/// `convert` and `extract` never let a cue's text forge a cue (DESIGN property 6): the reported
/// case, a cue holding a blank line, a cue number and an hour-long timing line, is written to
/// SubRip with the lines changed, one warning per kind of change naming the cue, and `--strict`
/// refuses it. The input is WebVTT: by W3C WebVTT §6.1 its first cue's text runs on over the line
/// of one space (not empty) and the escaped `--&gt;`, so it holds two cues.
@Suite struct TextStructureCommandTests {
    static let hostile = """
        WEBVTT

        00:00:01.000 --> 00:00:02.000
        hello
        \u{20}
        2
        00:00:00,000 --&gt; 00:59:59,000

        00:00:03.000 --> 00:00:04.000
        bye

        """

    /// The two cues of the input, in milliseconds.
    static let inputTimes = [[1_000, 2_000], [3_000, 4_000]]

    static func writeInput(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("hostile.vtt")
        try Data(hostile.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The kinds of change and their cue numbers in a result's `--json` losses.
    static func changes(_ result: ExternalTool.Output) throws -> [String: [Int]] {
        let losses = try #require(result.jsonObject)["losses"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: losses.compactMap { loss in
            (loss["kind"] as? String).map { ($0, loss["numbers"] as? [Int] ?? []) }
        })
    }

    static func expectWarnings(_ result: ExternalTool.Output, sourceLocation: SourceLocation = #_sourceLocation) {
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") && $0.contains("cue 1:") }
        #expect(warnings.contains { $0.contains("blank lines inside cue text were dropped") }, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(warnings.contains { $0.contains("'-->' in cue text was written '->'") }, "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func convertToSubRipChangesTheTextAndSaysSo() throws {
        let folder = try TemporaryFolder("structure-convert")
        defer { folder.remove() }
        let input = try Self.writeInput(in: folder)
        let result = try LegibleCommand.run(["convert", input, "-o", folder.path("out.srt"), "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.changes(result) == ["blank-line": [1], "timing-line": [1]])
        Self.expectWarnings(result)
        let cues = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: folder.path("out.srt")))
        #expect(cues.map { [$0.start, $0.end] } == Self.inputTimes, "\(cues)")
    }

    @Test func convertStrictRefusesAndWritesNothing() throws {
        let folder = try TemporaryFolder("structure-strict")
        defer { folder.remove() }
        let input = try Self.writeInput(in: folder)
        let result = try LegibleCommand.run(["convert", input, "-o", folder.path("out.srt"), "--strict"])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.srt")))
    }

    /// The cues as a tx3g track keep their text; extracting to SubRip changes it (and says so,
    /// or refuses with `--strict`); to WebVTT nothing needs changing (`>` is escaped, the line of
    /// one space is not empty), so nothing is said.
    @Test func extractToSubRipChangesTheTextAndSaysSo() throws {
        let folder = try TemporaryFolder("structure-extract")
        defer { folder.remove() }
        let input = try Self.writeInput(in: folder)
        let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path
        let added = try LegibleCommand.run(["add-subtitles", demo, input, "--language", "en", "-o", folder.path("movie.mov")])
        try #require(added.status == 0, "\(added.stderr)")
        // demo.mov has tracks 1–4: the subtitle track added is 5.
        let extracted = try LegibleCommand.run(["extract", folder.path("movie.mov"), "--track", "5", "-o", folder.path("out.srt"), "--json"])
        #expect(extracted.status == 0, "\(extracted.stderr)")
        #expect(try Self.changes(extracted) == ["blank-line": [1], "timing-line": [1]])
        Self.expectWarnings(extracted)
        let cues = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: folder.path("out.srt")))
        #expect(cues.map { [$0.start, $0.end] } == Self.inputTimes, "\(cues)")

        let strict = try LegibleCommand.run(["extract", folder.path("movie.mov"), "--track", "5", "-o", folder.path("strict.srt"), "--strict"])
        #expect(strict.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.path("strict.srt")))

        let webVTT = try LegibleCommand.run(["extract", folder.path("movie.mov"), "--track", "5", "-o", folder.path("out.vtt"), "--strict"])
        #expect(webVTT.status == 0, "\(webVTT.stderr)")
        let read = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: folder.path("out.vtt")))
        #expect(read.map { [$0.start, $0.end] } == Self.inputTimes, "\(read)")
    }

    /// TTML can say what SubRip and WebVTT files cannot: two line breaks in a row (`<br/><br/>`,
    /// TTML1 §7.1.7), an empty line inside the cue. The WebVTT files `hls` and `html` write drop
    /// it and say which cue; each file still holds the input's two cues.
    static let emptyLineTTML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div>
        <p begin="00:00:01.000" end="00:00:02.000">hello<br/><br/>00:00:00.000 --&gt; 00:59:59.000</p>
        <p begin="00:00:03.000" end="00:00:04.000">bye</p>
        </div></body></tt>

        """

    @Test func hlsAndHTMLWebVTTFilesKeepTheCuesAndSaySo() throws {
        let folder = try TemporaryFolder("structure-delivery")
        defer { folder.remove() }
        let input = folder.path("empty-line.ttml")
        try Data(Self.emptyLineTTML.utf8).write(to: URL(fileURLWithPath: input))
        let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path
        let added = try LegibleCommand.run(["add-subtitles", demo, input, "--language", "en", "-o", folder.path("movie.mov")])
        try #require(added.status == 0, "\(added.stderr)")
        let warning = "track 5: cue 1: blank lines inside cue text were dropped"
        let hls = try LegibleCommand.run(["hls", folder.path("movie.mov"), "-o", folder.path("hls")])
        #expect(hls.status == 0, "\(hls.stderr)")
        #expect(hls.stderr.contains(warning), "\(hls.stderr)")
        let segment = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: folder.path("hls/5.en.0.vtt")))
        #expect(segment.map { [$0.start, $0.end] } == Self.inputTimes, "\(segment)")
        let html = try LegibleCommand.run(["html", folder.path("movie.mov"), "-o", folder.path("html")])
        #expect(html.status == 0, "\(html.stderr)")
        #expect(html.stderr.contains(warning), "\(html.stderr)")
        let file = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: folder.path("html/movie.5.en.vtt")))
        #expect(file.map { [$0.start, $0.end] } == Self.inputTimes, "\(file)")
    }
}
