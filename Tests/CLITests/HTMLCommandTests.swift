import Foundation
import LegibleTestSupport
import Testing

/// `legible html`: the `<track>` lines read by Python's html.parser, the files by webvtt-py.
@Suite struct HTMLCommandTests {
    static let binary = TestPaths.legibleExecutable.path
    static func media(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent(name).path }

    /// subtitles-multi.mp4: three legible tracks, so three elements; the SDH track is captions
    /// (HTML §4.8.11), the English one the default; each file holds the track's cues as ffmpeg
    /// reads them.
    @Test(.enabled(if: DeliveryValidation.pythonAvailable && ExternalTool.shouldRun("ffmpeg")))
    func trackElementsAndFiles() throws {
        let folder = try TemporaryFolder("html")
        defer { folder.remove() }
        let output = try ExternalTool.run(Self.binary, ["html", Self.media("subtitles-multi.mp4"), "-o", folder.path("site")])
        try #require(output.status == 0, "\(output.stderr)")
        let page = folder.path("page.html")
        try output.stdout.write(toFile: page, atomically: true, encoding: .utf8)
        let tracks = try #require(try DeliveryValidation.python(DeliveryValidation.htmlScript, [page]) as? [[String: String]])
        #expect(tracks.count == 3)
        #expect(tracks.map { $0["kind"] } == ["subtitles", "captions", "subtitles"])
        #expect(tracks.map { $0["srclang"] } == ["en", "en", "fr"])
        #expect(tracks.map { $0["label"] } == ["English", "English SDH", "French (Forced)"])
        #expect(tracks.map { $0["src"] } == ["subtitles-multi.3.en.vtt", "subtitles-multi.4.en.vtt", "subtitles-multi.5.fr.vtt"])
        #expect(tracks.map { $0["default"] != nil } == [true, false, false])
        for (index, track) in tracks.enumerated() {
            let file = folder.path("site/" + (try #require(track["src"])))
            let cues = try #require(try DeliveryValidation.python(DeliveryValidation.hlsScript, ["cues", file]) as? [[Any]])
            let reference = try DeliveryValidation.ffmpegCues(Self.media("subtitles-multi.mp4"), subtitleStream: index, in: folder)
            #expect(!reference.isEmpty, "ffmpeg reads cues from the movie")
            #expect(cues.map { "\($0[0]) \($0[1]) \($0[2])" } == reference.map { "\($0[0]) \($0[1]) \($0[2])" })
        }
    }

    @Test func refusesToReplaceFilesUnlessOverwrite() throws {
        let folder = try TemporaryFolder("html-again")
        defer { folder.remove() }
        let arguments = ["html", Self.media("demo.mov"), "-o", folder.url.path]
        let first = try ExternalTool.run(Self.binary, arguments)
        #expect(first.status == 0)
        #expect(first.stdout == "<track kind=\"subtitles\" srclang=\"es\" label=\"Spanish\" src=\"demo.4.es.vtt\" default>\n")
        let again = try ExternalTool.run(Self.binary, arguments)
        #expect(again.status == 2 && again.stderr.contains("demo.4.es.vtt"))
        #expect(try ExternalTool.run(Self.binary, arguments + ["--overwrite"]).status == 0)
        let help = try ExternalTool.run(Self.binary, ["html", "--help"])
        #expect(help.stdout.contains("Examples:"))
    }
}
