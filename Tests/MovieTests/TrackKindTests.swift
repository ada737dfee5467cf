import Foundation
import Testing
import LegibleTestSupport
import ISOBMFF
@testable import Movie

/// MP4 `kind` boxes are read into the track model and used by the selection view where a DASH
/// role (ISO/IEC 23009-1 §5.8.5.5) says what a `tagc` characteristic would.
@Suite struct TrackKindTests {
    static let dashRoles = "urn:mpeg:dash:role:2011"

    func kindBox(_ value: String) -> Box { TrackKindBox(schemeURI: Self.dashRoles, value: value).makeBox() }

    /// subtitles-multi.mp4 was written by ffmpeg with track 4 hearing_impaired and track 5 forced
    /// (Scripts/make-test-media), which it stores as DASH roles `caption` and `forced-subtitle`.
    @Test func ffmpegDispositionsBecomeKindsAndLabels() throws {
        let movie = try MovieFixture("subtitles-multi.mp4").movie()
        #expect(movie.tracks.map(\.userData.kinds) == [
            [], [], [],
            [TrackKind(schemeURI: Self.dashRoles, value: "caption")],
            [TrackKind(schemeURI: Self.dashRoles, value: "forced-subtitle")],
        ])
        let legible = try #require(MediaSelection(movie: movie).groups.first { $0.characteristic == .legible })
        #expect(legible.options.map(\.displayName) == ["English", "English SDH", "French (Forced)"])
        #expect(legible.options[1].characteristics == [MediaCharacteristic.transcribesSpokenDialog,
                                                       MediaCharacteristic.describesMusicAndSound])
        #expect(legible.options[2].isForcedOnly)
        #expect(legible.options[2].characteristics == [MediaCharacteristic.containsOnlyForcedSubtitles])
    }

    @Test func descriptionRoleOnAudioIsAudioDescription() throws {
        var fixture = try MovieFixture("demo.mp4")
        try fixture.editTrack(3) { track in track.addUserData(kindBox("description")) }
        let audible = try #require(MediaSelection(movie: try fixture.movie()).groups.first { $0.characteristic == .audible })
        #expect(audible.options.map(\.displayName) == ["English", "Spanish AD"])
        #expect(audible.options[1].characteristics == [MediaCharacteristic.describesVideo])
    }

    @Test func rolesOnlyImplyWhatTheyMeanForTheMediaType() throws {
        var fixture = try MovieFixture("demo.mp4")
        // `caption` and `forced-subtitle` describe text; `description` on a subtitle track is a
        // textual description, not audio description.
        try fixture.editTrack(3) { track in
            track.addUserData(kindBox("caption"))
            track.addUserData(kindBox("forced-subtitle"))
        }
        try fixture.editTrack(4) { track in track.addUserData(kindBox("description")) }
        let options = MediaSelection(movie: try fixture.movie()).groups.flatMap(\.options)
        #expect(options.allSatisfy { $0.characteristics.isEmpty }, "\(options.map(\.characteristics))")
    }

    @Test func otherSchemesAreReadButImplyNothing() throws {
        var fixture = try MovieFixture("demo.mp4")
        let other = TrackKindBox(schemeURI: "urn:example:roles", value: "caption").makeBox()
        try fixture.editTrack(4) { track in track.addUserData(other) }
        let movie = try fixture.movie()
        #expect(movie.track(id: 4)?.userData.kinds == [TrackKind(schemeURI: "urn:example:roles", value: "caption")])
        let legible = try #require(MediaSelection(movie: movie).groups.first { $0.characteristic == .legible })
        #expect(legible.options.map(\.displayName) == ["Spanish"])
    }

    @Test func malformedKindIsSkippedNotFatal() throws {
        var fixture = try MovieFixture("demo.mp4")
        // A scheme URI without its terminator, then a well-formed kind.
        let broken = Box(type: "kind", payload: [0, 0, 0, 0] + ascii(Self.dashRoles))
        try fixture.editTrack(4) { track in
            track.addUserData(broken)
            track.addUserData(kindBox("forced-subtitle"))
        }
        let movie = try fixture.movie()
        #expect(movie.track(id: 4)?.userData.kinds == [TrackKind(schemeURI: Self.dashRoles, value: "forced-subtitle")])
    }

    /// ffmpeg's mp4 muxer writes a `kind` box per disposition and its reader turns them back into
    /// dispositions (libavformat isom.c, `dash_role_map`): caption ↔ hearing_impaired + captions,
    /// commentary ↔ comment, description ↔ visual_impaired + descriptions, dub ↔ dub,
    /// forced-subtitle ↔ forced. Our kinds must say what ffprobe's dispositions say, track by track.
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe")))
    func kindsAgreeWithFFprobeDispositions() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("legible-kinds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let subtitles = directory.appendingPathComponent("cue.srt")
        try "1\n00:00:00,000 --> 00:00:00,500\nHello\n".write(to: subtitles, atomically: true, encoding: .utf8)
        let movieURL = directory.appendingPathComponent("dispositions.mp4")
        let tone = "sine=frequency=440:sample_rate=48000:duration=1"
        let made = try ExternalTool.run("ffmpeg", [
            "-nostdin", "-v", "error", "-y",
            "-f", "lavfi", "-i", "testsrc=size=64x36:rate=5:duration=1",
            "-f", "lavfi", "-i", tone, "-f", "lavfi", "-i", tone, "-f", "lavfi", "-i", tone,
            "-i", subtitles.path, "-i", subtitles.path, "-i", subtitles.path,
            "-map", "0", "-map", "1", "-map", "2", "-map", "3", "-map", "4", "-map", "5", "-map", "6",
            "-c:v", "mpeg4", "-c:a", "aac", "-c:s", "mov_text",
            "-disposition:a:0", "default", "-disposition:a:1", "visual_impaired", "-disposition:a:2", "comment+dub",
            "-disposition:s:0", "hearing_impaired", "-disposition:s:1", "forced", "-disposition:s:2", "captions",
            "-f", "mp4", movieURL.path,
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "stream=id:stream_disposition",
                                                     "-of", "json", movieURL.path])
        #expect(probe.status == 0)
        let json = try JSONSerialization.jsonObject(with: probe.stdoutData) as? [String: Any]
        let streams = json?["streams"] as? [[String: Any]] ?? []
        let movie = try Movie.open(path: movieURL.path)
        #expect(streams.count == movie.tracks.count)
        let roleForDisposition = ["hearing_impaired": "caption", "captions": "caption", "comment": "commentary",
                                  "visual_impaired": "description", "descriptions": "description", "dub": "dub",
                                  "forced": "forced-subtitle"]
        var rolesSeen: Set<String> = []
        for stream in streams {
            let id = try #require((stream["id"] as? String).flatMap { UInt32($0.dropFirst(2), radix: 16) })
            let track = try #require(movie.track(id: id))
            let dispositions = stream["disposition"] as? [String: Int] ?? [:]
            let expected = Set(roleForDisposition.filter { dispositions[$0.key] == 1 }.values)
            let ours = Set(track.userData.kinds.filter { $0.schemeURI == Self.dashRoles }.map(\.value))
            #expect(ours == expected, "track \(id): kinds \(ours), ffprobe dispositions \(dispositions.filter { $0.value == 1 }.keys.sorted())")
            rolesSeen.formUnion(ours)
        }
        #expect(rolesSeen == ["caption", "commentary", "description", "dub", "forced-subtitle"])
        let options = MediaSelection(movie: movie).groups.flatMap(\.options)
        #expect(options.map(\.displayName) == ["Unknown language", "Unknown language", "Unknown language AD",
                                               "Unknown language", "Unknown language SDH",
                                               "Unknown language (Forced)", "Unknown language SDH"])
    }
}
