import Foundation
import LegibleTestSupport
import Testing

/// An audio description added by `add-track --describes-video`, followed through every command
/// that signals it, each read by a reader of its own: `package`'s multivariant playlist by PyPI
/// `m3u8` and its MPD by PyPI `mpegdash`, `--dry-run`'s placement against MP4Box `-info` of the
/// file then written, and `report`'s tracks table and menus for a viewer with Audio Descriptions on.
@Suite(.enabled(if: ExternalTool.shouldRun("ffmpeg"))) struct AddTrackSignallingTests {
    static let describesVideo = "public.accessibility.describes-video"

    /// demo.mov (English and Spanish audio in group 1) with a 3-second English audio
    /// description (ffmpeg's sine as ADTS AAC) added as track 5.
    static func describedMovie(in folder: TemporaryFolder, extraOptions: [String] = []) throws -> String {
        let stream = folder.path("ad.aac")
        let made = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=300:duration=3",
                                                   "-c:a", "aac", "-b:a", "48k", "-f", "adts", stream])
        try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        let output = folder.path("described.mov")
        let result = try LegibleCommand.run(["add-track", AddTrackCommandTests.media("demo.mov"), stream, "--language", "en",
                                             "--describes-video", "-o", output] + extraOptions)
        try #require(result.status == 0, "\(result.stderr)")
        return output
    }

    /// HLS (RFC 8216 §4.3.4.1: CHARACTERISTICS) and DASH (ISO/IEC 23009-1 §5.8.5.5 Role
    /// `description`; DVB's AudioPurposeCS 1, "visually impaired", as Accessibility) both say
    /// the new track describes the video, and only that track.
    @Test(.enabled(if: DeliveryValidation.pythonAvailable))
    func packageSignalsTheDescriptionInBothManifests() throws {
        let folder = try TemporaryFolder("add-track-signals-package")
        defer { folder.remove() }
        let movie = try Self.describedMovie(in: folder)
        let output = folder.path("package")
        let packaged = try LegibleCommand.run(["package", movie, "-o", output])
        try #require(packaged.status == 0, "\(packaged.stderr)")
        let hls = try #require(try DeliveryValidation.python(#"""
            import json, sys, m3u8
            master = m3u8.load(sys.argv[1])
            print(json.dumps([{"language": m.language, "characteristics": m.characteristics, "uri": m.uri}
                              for m in master.media if m.type == "AUDIO"]))
            """#, [output + "/master.m3u8"]) as? [[String: Any]])
        let described = hls.filter { ($0["characteristics"] as? String)?.split(separator: ",").contains(Substring(Self.describesVideo)) == true }
        #expect(hls.count == 3)
        #expect(described.count == 1)
        #expect(described.first?["language"] as? String == "en")
        #expect((described.first?["uri"] as? String)?.contains(".5.") == true, "the rendition of track 5: \(described)")

        let mpd = try #require(try DeliveryValidation.python(PackageCommandTests.mpegdashScript, [output + "/manifest.mpd"]) as? [String: Any])
        let audio = try #require(mpd["sets"] as? [[String: Any]]).filter { $0["contentType"] as? String == "audio" }
        let descriptions = audio.filter { set in
            (set["roles"] as? [[String]])?.contains([PackageCommandTests.roleScheme, "description"]) == true
        }
        #expect(audio.count == 3)
        #expect(descriptions.count == 1)
        #expect(descriptions.first?["lang"] as? String == "en")
        #expect((descriptions.first?["accessibility"] as? [[String]]) == [["urn:tva:metadata:cs:AudioPurposeCS:2007", "1"]])
    }

    /// What `--dry-run` says of each new track is what MP4Box then reads in the file written:
    /// the alternate group, and disabled (or, with `--default`, enabled).
    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)), arguments: [false, true])
    func aDryRunNamesTheGroupAndWhetherEnabled(_ makesDefault: Bool) throws {
        let folder = try TemporaryFolder("add-track-signals-dry-run")
        defer { folder.remove() }
        let options = makesDefault ? ["--default"] : []
        let movie = try Self.describedMovie(in: folder, extraOptions: options)
        let stream = folder.path("ad.aac")
        let json = try LegibleCommand.run(["add-track", movie, stream, "--language", "en", "--dry-run", "--json"] + options)
        try #require(json.status == 0, "\(json.stderr)")
        let planned = try #require((json.jsonObject?["addedTracks"] as? [[String: Any]])?.first)
        let text = try LegibleCommand.run(["add-track", movie, stream, "--language", "en", "--dry-run"] + options)
        let written = folder.path("again.mov")
        try #require(try LegibleCommand.run(["add-track", movie, stream, "--language", "en", "-o", written] + options).status == 0)

        let info = try AddTrackCommandTests.mp4BoxInfo(written, track: 6)
        let group = try #require(info.split(separator: "\n").first { $0.hasPrefix("Alternate Group ID ") }?.split(separator: " ").last)
        let enabled = info.contains("Track flags: Enabled")
        #expect(enabled == makesDefault)
        #expect(planned["track"] as? Int == 6)
        #expect(planned["alternateGroup"] as? Int == Int(group))
        #expect(planned["enabled"] as? Bool == enabled)
        #expect(text.stdout.contains("would add track 6 from \(stream), in alternate group \(group), \(enabled ? "enabled" : "disabled")"),
                "\(text.stdout)")
    }

    /// `report` shows the viewer with Audio Descriptions on by default for a movie with one,
    /// takes `en+ad` from the command line, and that viewer's menu picks the description the way
    /// `select --prefer-audio-description` does.
    @Test func reportViewersTakeAudioDescriptions() throws {
        let folder = try TemporaryFolder("add-track-signals-report")
        defer { folder.remove() }
        let movie = try Self.describedMovie(in: folder)
        let selected = try LegibleCommand.run(["select", movie, "--languages", "en", "--prefer-audio-description"])
        #expect(selected.stdout.contains("audible  group 1: track 5 "), "\(selected.stdout)")

        let page = folder.path("report.html")
        let byDefault = try LegibleCommand.run(["report", movie, "-o", page, "--json"])
        try #require(byDefault.status == 0, "\(byDefault.stderr)")
        #expect((byDefault.jsonObject?["viewers"] as? [String])?.contains("en+ad") == true, "\(byDefault.stdout)")

        let chosen = try LegibleCommand.run(["report", movie, "-o", page, "--overwrite", "--viewers", "en,en+ad"])
        try #require(chosen.status == 0, "\(chosen.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let row = try #require(html.range(of: "<tr data-track-id=\"5\">"))
        #expect(html[row.upperBound...].prefix { $0 != "\n" }.split(separator: "</tr>").first?.contains(Self.describesVideo) == true,
                "the tracks table shows the characteristic")
        let viewer = try #require(html.range(of: "data-viewer=\"en+ad\""))
        let audible = try #require(html[viewer.upperBound...].range(of: "data-characteristic=\"audible\""))
        #expect(html[audible.upperBound...].prefix(80).contains("data-track-id=\"5\""))
        let plain = try #require(html.range(of: "data-viewer=\"en\""))
        let plainAudible = try #require(html[plain.upperBound...].range(of: "data-characteristic=\"audible\""))
        #expect(html[plainAudible.upperBound...].prefix(80).contains("data-track-id=\"2\""))

        let refused = try LegibleCommand.run(["report", movie, "-o", page, "--overwrite", "--viewers", "en+ad+ad"])
        #expect(refused.status == 2 && refused.errorLines.count == 1, "\(refused.stderr)")
    }

    /// `info`'s audio menu names the description as Apple's players do, by its language and AD.
    @Test func infoNamesTheDescriptionInTheAudioMenu() throws {
        let folder = try TemporaryFolder("add-track-signals-info")
        defer { folder.remove() }
        let movie = try Self.describedMovie(in: folder)
        let info = try LegibleCommand.run(["info", movie])
        let line = try #require(info.stdout.split(separator: "\n").first { $0.contains("track 5, eng") })
        #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix("English AD "), "\(info.stdout)")
    }
}
