import Foundation
import LegibleTestSupport
import Testing

/// MediaInfo sees the new track as the command line asked: English, not the default (disabled),
/// in the alternate group of demo's subtitles; and the Spanish subtitle stays the default.
@Suite struct AddSubtitlesMediaInfoTests {
    static func tracks(_ path: String) throws -> [[String: Any]] {
        let output = try ExternalTool.run("mediainfo", ["--Output=JSON", path])
        try #require(output.status == 0, "\(output.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        return (root["media"] as? [String: Any])?["track"] as? [[String: Any]] ?? []
    }

    @Test(.enabled(if: ExternalTool.shouldRun("mediainfo")), arguments: AddSubtitlesScenario.all)
    func newTrackIsEnglishDisabledInTheSubtitleGroup(_ scenario: AddSubtitlesScenario) throws {
        let folder = try TemporaryFolder("cli-mediainfo")
        defer { folder.remove() }
        let edited = try scenario.run(in: folder)
        let tracks = try Self.tracks(edited)
        let added = try #require(tracks.first { $0["ID"] as? String == String(AddSubtitlesScenario.newTrackID) },
                                 "no track \(AddSubtitlesScenario.newTrackID) in \(tracks.compactMap { $0["ID"] })")
        #expect(added["@type"] as? String == "Text")
        #expect(added["CodecID"] as? String == scenario.format)
        #expect(added["Language"] as? String == "en")
        #expect(added["Default"] as? String == "No")
        #expect(added["AlternateGroup"] as? String == String(AddSubtitlesScenario.subtitleGroup))
        let spanish = try #require(tracks.first { $0["ID"] as? String == "4" })
        #expect(spanish["Default"] as? String == "Yes")
        #expect(spanish["AlternateGroup"] as? String == String(AddSubtitlesScenario.subtitleGroup))
    }
}
