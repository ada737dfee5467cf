import Foundation
import LegibleTestSupport
import Testing

/// WPT WebVTT suite inputs (TestMedia/wpt-webvtt) through `add-subtitles` as tx3g and as wvtt,
/// then out again through `hls` and `html`: every path shows the cues the suite expects.
/// `header-timings` has its only cue right after the header line with no blank line between,
/// which the reader used to take for header and lose; `comment-in-cue-text` has NOTE blocks
/// between cues and cue text lines that start with "NOTE".
@Suite struct WPTWebVTTDeliveryTests {
    static let cases = ["header-timings", "comment-in-cue-text"]

    @Test(arguments: cases, ["tx3g", "wvtt"])
    func addSubtitlesThenHLSAndHTMLShowTheSuitesCues(name: String, format: String) throws {
        let expected = try Self.expectedCues(name)
        try #require(!expected.isEmpty)
        let folder = try TemporaryFolder("wpt-webvtt-\(name)-\(format)")
        defer { folder.remove() }
        let input = TestPaths.testMedia.appendingPathComponent("wpt-webvtt/file-parsing/\(name).vtt").path
        let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path
        let added = try LegibleCommand.run(["add-subtitles", demo, input, "--language", "en", "--format", format, "-o", folder.path("movie.mov")])
        try #require(added.status == 0, "\(added.stderr)")

        let hls = try LegibleCommand.run(["hls", folder.path("movie.mov"), "-o", folder.path("hls")])
        try #require(hls.status == 0, "\(hls.stderr)")
        #expect(try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: folder.path("hls/5.en.0.vtt"))) == expected)

        let html = try LegibleCommand.run(["html", folder.path("movie.mov"), "-o", folder.path("html")])
        try #require(html.status == 0, "\(html.stderr)")
        #expect(try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: folder.path("html/movie.5.en.vtt"))) == expected)
    }

    /// The cues the suite's assertions name (start, end, text), from expectations.json.
    static func expectedCues(_ name: String) throws -> [TimedCue] {
        let url = TestPaths.testMedia.appendingPathComponent("wpt-webvtt/expectations.json")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let cases = try #require(root["fileParsing"] as? [[String: Any]])
        let testCase = try #require(cases.first { $0["name"] as? String == name })
        let assertions = try #require(testCase["assertions"] as? [[String: Any]])
        var values: [String: Any] = [:]
        for assertion in assertions {
            if let path = assertion["path"] as? String, let value = assertion["equals"] { values[path] = value }
        }
        let count = try #require(values["cues.length"] as? Int)
        return try (0..<count).map { index in
            let start = try #require(values["cues[\(index)].startTime"] as? Double)
            let end = try #require(values["cues[\(index)].endTime"] as? Double)
            let text = try #require(values["cues[\(index)].text"] as? String)
            return TimedCue(start: Int((start * 1_000).rounded()), end: Int((end * 1_000).rounded()), text: text)
        }
    }
}
