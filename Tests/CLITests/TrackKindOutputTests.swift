import Foundation
import Testing
import LegibleTestSupport

/// `kind` boxes in `info --json` (key `kinds`) and in `boxes --json` (decoded fields).
@Suite struct TrackKindOutputTests {
    static let binary = TestPaths.legibleExecutable.path
    static let subtitlesMulti = TestPaths.testMedia.appendingPathComponent("subtitles-multi.mp4").path

    func json(_ arguments: [String]) throws -> [String: Any] {
        let output = try ExternalTool.run(Self.binary, arguments)
        #expect(output.status == 0, "\(output.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
    }

    /// TestMedia/README.md: ffmpeg wrote DASH role `caption` for track 4 and `forced-subtitle`
    /// for track 5, and no kind for tracks 1–3.
    @Test func infoListsKindsPerTrack() throws {
        let tracks = try #require(try json(["info", "--json", Self.subtitlesMulti])["tracks"] as? [[String: Any]])
        let kinds = tracks.map { ($0["kinds"] as? [[String: String]]) ?? [["missing": ""]] }
        #expect(kinds == [[], [], [],
                          [["scheme": "urn:mpeg:dash:role:2011", "value": "caption"]],
                          [["scheme": "urn:mpeg:dash:role:2011", "value": "forced-subtitle"]]])
    }

    @Test func boxesDecodesKindFields() throws {
        var found: [String: [String: String]] = [:]
        func visit(_ boxes: [[String: Any]]) {
            for box in boxes {
                if box["type"] as? String == "kind", let path = box["path"] as? String {
                    found[path] = box["fields"] as? [String: String]
                }
                visit(box["children"] as? [[String: Any]] ?? [])
            }
        }
        visit(try #require(try json(["boxes", "--json", Self.subtitlesMulti])["boxes"] as? [[String: Any]]))
        #expect(found == [
            "moov/trak[4]/udta/kind": ["schemeURI": "urn:mpeg:dash:role:2011", "value": "caption"],
            "moov/trak[5]/udta/kind": ["schemeURI": "urn:mpeg:dash:role:2011", "value": "forced-subtitle"],
        ])
    }
}
