import Foundation
import Testing
import LegibleTestSupport

/// `legible info` lists a chapter image track among the tracks but offers it in no menu.
@Suite struct ChapterTrackInfoTests {
    /// chapter-images.mov (Scripts/make-test-media): track 3 holds the chapter images (`jpeg`),
    /// track 4 the chapter titles; tracks 1 (video) and 2 (audio) are the program.
    @Test func chapterImagesAreListedButNotOffered() throws {
        let path = TestPaths.testMedia.appendingPathComponent("chapter-images.mov").path
        let output = try ExternalTool.run(TestPaths.legibleExecutable.path, ["info", "--json", path])
        #expect(output.status == 0, "\(output.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let tracks = try #require(report["tracks"] as? [[String: Any]])
        #expect(tracks.compactMap { $0["id"] as? Int } == [1, 2, 3, 4])
        #expect(tracks[2]["codec"] as? String == "jpeg")
        #expect(tracks[2]["mediaType"] as? String == "video")
        let groups = try #require(report["selectionGroups"] as? [[String: Any]])
        let offered = groups.flatMap { ($0["options"] as? [[String: Any]] ?? []).compactMap { $0["trackID"] as? Int } }
        #expect(offered.sorted() == [1, 2])
    }
}
