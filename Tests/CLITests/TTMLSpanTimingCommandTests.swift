import Foundation
import LegibleTestSupport
import Testing

/// A TTML document whose paragraphs are timed through their spans, and one with no end at all,
/// through `add-subtitles` (tx3g, wvtt, stpp) and then `hls`, `html` and `package`: every
/// output shows the same cues, those TTML1 3rd Ed. §10.4 gives.
@Suite struct TTMLSpanTimingCommandTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div>
          <p begin="0.5s" end="2.5s">Hello <span begin="1s" end="2s">world</span></p>
          <p><span begin="3s" end="3.5s">late</span></p>
          <p begin="3.5s">to the end</p>
        </div></body></tt>
        """
    /// §10.4: a span's times count from its paragraph's begin (0.5 s + 1 s = 1.5 s, its end 2.5 s
    /// is the paragraph's); the second paragraph lasts as its span; the third has no end, so it
    /// shows until the document, here the 4 s movie, ends.
    static let expected = ["500-1500 Hello", "1500-2500 Hello world", "3000-3500 late", "3500-4000 to the end"]

    private func summary(_ cues: [TimedCue]) -> [String] { cues.map { "\($0.start)-\($0.end) \($0.plainText)" } }

    private func addSubtitles(_ format: String, _ options: [String] = [], in folder: TemporaryFolder) throws -> String {
        let input = folder.path("span.ttml")
        try Self.document.write(toFile: input, atomically: true, encoding: .utf8)
        let output = folder.path("\(format).mov")
        let result = try LegibleCommand.run(["add-subtitles", Self.demo, input, "--language", "en", "--format", format, "-o", output] + options)
        try #require(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("warning"), "an open end held to the movie's end is no loss: \(result.stderr)")
        return output
    }

    private func extractedCues(_ movie: String, in folder: TemporaryFolder) throws -> [TimedCue] {
        let srt = folder.path(URL(fileURLWithPath: movie).lastPathComponent + ".srt")
        let result = try LegibleCommand.run(["extract", movie, "--track", "5", "-o", srt])
        try #require(result.status == 0, "\(result.stderr)")
        return try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: srt))
    }

    @Test(arguments: ["tx3g", "wvtt", "stpp"])
    func addSubtitlesShowsEachIntervalOfConstantContent(format: String) throws {
        let folder = try TemporaryFolder("ttml-span-\(format)")
        defer { folder.remove() }
        let movie = try addSubtitles(format, in: folder)
        #expect(summary(try extractedCues(movie, in: folder)) == Self.expected)
    }

    /// Lengthening the movie for cues past its end does not lengthen it for a cue with no end.
    @Test func openEndDoesNotLengthenTheMovie() throws {
        let folder = try TemporaryFolder("ttml-span-extend")
        defer { folder.remove() }
        let movie = try addSubtitles("tx3g", ["--past-end", "extend"], in: folder)
        #expect(summary(try extractedCues(movie, in: folder)) == Self.expected)
        let info = try LegibleCommand.run(["info", movie, "--json"])
        #expect(info.jsonObject?["duration"] as? Double == 4, "\(info.stdout)")
    }

    /// A file conversion has no movie to end the open cue with: SubRip gets the latest time there
    /// is, named in a warning; TTML keeps the cue open (no `end`).
    @Test func convertNamesTheOpenEnd() throws {
        let folder = try TemporaryFolder("ttml-span-convert")
        defer { folder.remove() }
        let input = folder.path("span.ttml")
        try Self.document.write(toFile: input, atomically: true, encoding: .utf8)
        let srt = try LegibleCommand.run(["convert", input, "-o", folder.path("out.srt")])
        try #require(srt.status == 0, "\(srt.stderr)")
        #expect(srt.stderr.contains("cue 4: no end in the source"), "\(srt.stderr)")
        let cues = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: folder.path("out.srt")))
        #expect(summary(Array(cues.prefix(3))) == Array(Self.expected.prefix(3)))
        let ttml = try LegibleCommand.run(["convert", input, "-o", folder.path("out.ttml")])
        try #require(ttml.status == 0, "\(ttml.stderr)")
        #expect(!ttml.stderr.contains("no end"), "\(ttml.stderr)")
        let written = try String(contentsOfFile: folder.path("out.ttml"), encoding: .utf8)
        let last = try #require(written.components(separatedBy: "<p ").last)
        #expect(last.contains("begin=\"00:00:03.500\"") && !last.contains("end="), "\(written)")
    }

    /// The WebVTT files `hls`, `html` and `package` write for the new track (segments joined,
    /// a cue repeated in the next segment counted once).
    @Test func deliveryShowsTheSameCues() throws {
        let folder = try TemporaryFolder("ttml-span-delivery")
        defer { folder.remove() }
        let movie = try addSubtitles("tx3g", in: folder)
        for command in ["hls", "html", "package"] {
            let out = folder.path(command)
            let result = try LegibleCommand.run([command, movie, "-o", out])
            try #require(result.status == 0, "\(command): \(result.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: out)
                .filter { ($0.hasPrefix("5.") || $0.contains(".5.")) && $0.hasSuffix(".vtt") }.sorted()
            try #require(!files.isEmpty, "\(command) wrote no WebVTT for track 5")
            var cues: [TimedCue] = []
            for file in files {
                for cue in try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: "\(out)/\(file)")) where !cues.contains(cue) {
                    cues.append(cue)
                }
            }
            #expect(summary(cues) == Self.expected, "\(command)")
        }
    }
}
