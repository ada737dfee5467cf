import Foundation
import LegibleTestSupport
import Testing

/// HLS chapters: master.m3u8 names `chapters.json` by `EXT-X-SESSION-DATA` with DATA-ID
/// `com.apple.hls.chapters`, and the file is Apple's JSON chapter format ("Providing JavaScript
/// Object Notation (JSON) chapters": an array of entries with `chapter`, `start-time` and
/// `duration` in seconds, `titles` of `language` and `title`). PyPI `m3u8` reads the tag; each
/// chapter equals ffprobe's `-show_chapters` of the source, on the packaged timeline (movie
/// time 0 where ffprobe finds the first video frame of master.m3u8).
extension PackageCommandTests {
    static let sessionDataScript = #"""
    import json, sys, m3u8
    master = m3u8.load(sys.argv[1])
    print(json.dumps([{"id": d.data_id, "uri": d.uri, "value": d.value, "language": d.language} for d in master.session_data]))
    """#

    /// ffprobe's chapters: start and end (seconds) and title.
    func ffprobeChapters(_ input: String) throws -> [(start: Double, end: Double, title: String)] {
        let output = try ExternalTool.run("ffprobe", ["-v", "error", "-show_chapters", "-of", "json", input])
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        return (object?["chapters"] as? [[String: Any]] ?? []).compactMap { chapter in
            guard let start = (chapter["start_time"] as? String).flatMap(Double.init),
                  let end = (chapter["end_time"] as? String).flatMap(Double.init),
                  let title = (chapter["tags"] as? [String: Any])?["title"] as? String else { return nil }
            return (start, end, title)
        }
    }

    @Test(.enabled(if: DeliveryValidation.pythonAvailable && ExternalTool.shouldRun("ffprobe")),
          arguments: ["chapters.mov", "chapters.mp4"])
    func chaptersAreHLSSessionData(_ name: String) throws {
        let folder = try TemporaryFolder("cli-package-chapters")
        defer { folder.remove() }
        let source = TestPaths.testMedia.appendingPathComponent(name).path
        let result = try LegibleCommand.run(["package", source, "-o", folder.path("out"), "--hls", "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.jsonObject?["chapters"] as? String == "chapters.json")

        let sessionData = try #require(try DeliveryValidation.python(Self.sessionDataScript, [folder.path("out/master.m3u8")]) as? [[String: Any]])
        try #require(sessionData.count == 1)
        #expect(sessionData[0]["id"] as? String == "com.apple.hls.chapters")
        let uri = try #require(sessionData[0]["uri"] as? String)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path("out/" + uri)))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])

        let expected = try ffprobeChapters(source)
        try #require(!expected.isEmpty)
        // Where movie time 0 plays in the packaged presentation, by ffprobe's reading of both.
        let shift = try presentationTime(folder.path("out/master.m3u8"), "v:0", packet: 0) - presentationTime(source, "v:0", packet: 0)
        try #require(entries.count == expected.count)
        for (index, (entry, chapter)) in zip(entries, expected).enumerated() {
            #expect(entry["chapter"] as? Int == index + 1)
            let start = try #require(entry["start-time"] as? Double)
            #expect(abs(start - (chapter.start + shift)) < 0.001, "chapter \(index + 1): \(start) against \(chapter.start) + \(shift)")
            let duration = try #require(entry["duration"] as? Double)
            #expect(abs(duration - (chapter.end - chapter.start)) < 0.001, "chapter \(index + 1)")
            let titles = try #require(entry["titles"] as? [[String: String]])
            // The chapter track's language: ffprobe's stream tag (TestMedia/README.md: eng).
            #expect(titles == [["language": "en", "title": chapter.title]])
        }
    }

    @Test func aMovieWithoutChaptersHasNoSessionData() throws {
        let folder = try TemporaryFolder("cli-package-no-chapters")
        defer { folder.remove() }
        let output = try package(in: folder, ["--hls"])
        let master = try String(contentsOfFile: output + "/master.m3u8", encoding: .utf8)
        #expect(!master.contains("EXT-X-SESSION-DATA"))
        #expect(!FileManager.default.fileExists(atPath: output + "/chapters.json"))
    }
}
