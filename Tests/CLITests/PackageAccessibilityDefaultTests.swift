import Foundation
import LegibleTestSupport
import Testing

/// `check`'s `accessibility-default` rule in `legible package`: an accessibility option that is
/// its group's enabled track is not offered as the default. RFC 8216 §4.3.4.1: DEFAULT=YES is
/// the rendition a client plays "in the absence of information from the user"; Apple's HLS
/// Authoring Specification keeps accessibility renditions AUTOSELECT=YES so a player picks them
/// for viewers whose settings ask, and AVMediaFormat.h calls them options for those who ask.
/// DASH (ISO/IEC 23009-1 Table 5): `main` is the default, so such tracks are `alternate`.
extension PackageCommandTests {
    /// demo.mov with the Spanish audio (3) tagged as audio description and made the enabled
    /// track of the audio group, and an English SDH track (5) made the enabled subtitle track,
    /// each with `legible set-track --default`.
    func accessibleDefaultsMovie(in folder: TemporaryFolder) throws -> String {
        let srt = TestPaths.testMedia.appendingPathComponent("english-sdh.srt").path
        let steps: [[String]] = [
            ["set-track", TestPaths.testMedia.appendingPathComponent("demo.mov").path, "--track", "3",
             "--characteristic", "public.accessibility.describes-video", "--default", "-o", folder.path("a.mov")],
            ["add-subtitles", folder.path("a.mov"), srt, "--language", "en", "--sdh", "-o", folder.path("b.mov")],
            ["set-track", folder.path("b.mov"), "--track", "5", "--default", "-o", folder.path("c.mov")],
        ]
        for step in steps {
            let result = try LegibleCommand.run(step)
            try #require(result.status == 0, "\(step): \(result.stderr)")
        }
        return folder.path("c.mov")
    }

    /// The `roles` of each rendition in `--json`, by movie track.
    func roles(_ json: [String: Any]?) -> [Int: [String]] {
        let renditions = json?["renditions"] as? [[String: Any]] ?? []
        return Dictionary(renditions.compactMap { rendition in
            (rendition["trackID"] as? Int).map { ($0, rendition["roles"] as? [String] ?? []) }
        }, uniquingKeysWith: { first, _ in first })
    }

    @Test(.enabled(if: DeliveryValidation.pythonAvailable))
    func accessibilityOptionsAreNotTheDefault() throws {
        let folder = try TemporaryFolder("cli-package-accessibility-default")
        defer { folder.remove() }
        let movie = try accessibleDefaultsMovie(in: folder)
        // check, the rule's source, finds both.
        let check = try LegibleCommand.run(["check", "--json", movie])
        #expect(check.stdout.components(separatedBy: "\"accessibility-default\"").count - 1 == 2, "\(check.stdout)")

        let result = try LegibleCommand.run(["package", movie, "-o", folder.path("out"), "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("track 3 is the movie's default audio track but is for viewers who ask for it (audio description), so no rendition is the default; --default-track 3 makes it one"),
                "\(result.stderr)")
        #expect(result.stderr.contains("track 5 is the movie's default subtitle track but is for viewers who ask for it (SDH or captions)"),
                "\(result.stderr)")
        let master = try #require(try DeliveryValidation.python(Self.m3u8Script, [folder.path("out")]) as? [String: Any])
        let media = try #require(master["media"] as? [[String: Any]])
        let audio = media.filter { $0["type"] as? String == "AUDIO" }
        let subtitles = media.filter { $0["type"] as? String == "SUBTITLES" }
        try #require(audio.count == 2)
        #expect(audio.allSatisfy { $0["default"] as? String == "NO" && $0["autoselect"] as? String == "YES" })
        #expect(audio[1]["characteristics"] as? String == "public.accessibility.describes-video")
        #expect(subtitles.allSatisfy { $0["default"] as? String == "NO" })
        #expect(subtitles.contains { ($0["characteristics"] as? String ?? "").contains("public.accessibility.describes-music-and-sound") })
        let roles = roles(result.jsonObject)
        #expect(roles[2] == ["alternate"])
        #expect(roles[3] == ["alternate", "description"])
        #expect(roles[5] == ["caption"])
    }

    @Test(.enabled(if: DeliveryValidation.pythonAvailable))
    func defaultTrackNamesAnAccessibilityOption() throws {
        let folder = try TemporaryFolder("cli-package-accessibility-named")
        defer { folder.remove() }
        let movie = try accessibleDefaultsMovie(in: folder)
        for (trackID, output) in [(3, "audio"), (5, "text")] {
            let result = try LegibleCommand.run(["package", movie, "-o", folder.path(output), "--default-track", "\(trackID)", "--json"])
            try #require(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("--default-track \(trackID) makes it one"), "\(result.stderr)")
            let master = try #require(try DeliveryValidation.python(Self.m3u8Script, [folder.path(output)]) as? [String: Any])
            let media = try #require(master["media"] as? [[String: Any]])
            let defaults = media.filter { $0["default"] as? String == "YES" }.compactMap { $0["type"] as? String }
            #expect(defaults == [trackID == 3 ? "AUDIO" : "SUBTITLES"])
            let roles = roles(result.jsonObject)
            #expect(roles[trackID]?.first == "main")
        }
        let video = try LegibleCommand.run(["package", movie, "-o", folder.path("video"), "--default-track", "1"])
        #expect(video.status != 0)
        #expect(video.stderr.contains("--default-track 1"), "\(video.stderr)")
    }
}
