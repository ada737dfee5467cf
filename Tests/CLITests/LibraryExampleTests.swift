import Foundation
import LegibleTestSupport
import Testing

/// The library example of the Remux documentation ("Add an SDH subtitle track") is
/// `Examples/add-sdh-track/main.swift`, built with the package: it must be the article's text, and
/// it must do what the article says.
@Suite struct LibraryExampleTests {
    static let source = TestPaths.packageRoot.appendingPathComponent("Examples/add-sdh-track/main.swift")

    static let article = TestPaths.packageRoot.appendingPathComponent("Sources/Remux/Remux.docc/AddAnSDHSubtitleTrack.md")

    @Test func theArticleShowsTheExampleAsBuilt() throws {
        let article = try String(contentsOf: Self.article, encoding: .utf8)
        let example = try String(contentsOf: Self.source, encoding: .utf8)
        #expect(article.contains("```swift\n" + example + "```\n"))
        #expect(example.split(separator: "\n").count <= 12)
    }

    /// The example, run beside a copy of demo.mov and english-sdh.srt, writes demo-sdh.mov:
    /// ffprobe finds the four streams of the source, bit-identical (framemd5), and a fifth, a
    /// tx3g subtitle stream in English; `legible info` lists it as "English SDH", followed by the
    /// English sound track.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe") && ExternalTool.shouldRun("ffmpeg")))
    func theExampleAddsAnSDHTrack() throws {
        let folder = try TemporaryFolder("library-example")
        defer { folder.remove() }
        let movie = try folder.copy(TestPaths.testMedia.appendingPathComponent("demo.mov"), as: "demo.mov")
        _ = try folder.copy(TestPaths.testMedia.appendingPathComponent("english-sdh.srt"), as: "english-sdh.srt")
        let run = try ExternalTool.run(TestPaths.builtExecutable("add-sdh-track").path, [], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "added track 5 to demo-sdh.mov\n")

        let output = folder.path("demo-sdh.mov")
        let before = try FFmpegReading.streams(movie)
        let after = try FFmpegReading.streams(output)
        try #require(after.count == before.count + 1, "\(after)")
        #expect(Array(after.prefix(before.count)) == before)
        #expect(after.last?.codecType == "subtitle")
        #expect(after.last?.codecTag == "tx3g")
        #expect(after.last?.language == "eng")
        for stream in before.map(\.index) {
            #expect(try FFmpegReading.framemd5(output, stream: stream) == FFmpegReading.framemd5(movie, stream: stream), "stream \(stream)")
        }

        let info = try LegibleCommand.run(["info", output])
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("English SDH              track 5, eng"), "\(info.stdout)")
        #expect(info.stdout.contains("English                  track 2, eng, followed by track 5"), "\(info.stdout)")
    }

    /// A missing subtitle file is a typed error the example prints, and nothing is written.
    @Test func aMissingSubtitleFileIsReported() throws {
        let folder = try TemporaryFolder("library-example-missing")
        defer { folder.remove() }
        _ = try folder.copy(TestPaths.testMedia.appendingPathComponent("demo.mov"), as: "demo.mov")
        let run = try ExternalTool.run(TestPaths.builtExecutable("add-sdh-track").path, [], in: folder.url)
        #expect(run.stdout == "cannot add the track: english-sdh.srt: cannot open 'english-sdh.srt': \(String(cString: strerror(ENOENT)))\n")
        #expect(try folder.contents() == ["demo.mov"])
    }
}
