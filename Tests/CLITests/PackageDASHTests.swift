import Foundation
import LegibleTestSupport
import Testing

/// `legible package`'s DASH output (manifest.mpd over the same CMAF segments as HLS), read by
/// others: ffmpeg's DASH demuxer plays every video and audio stream frame for frame as the
/// source and reads the subtitle cues, PyPI `mpegdash` parses the MPD with the values the movie
/// gives, xmllint finds it well-formed, MP4Box's DASH client lists its tracks; and the Role and
/// Accessibility descriptors of a movie with audio description, SDH, forced subtitles and
/// closed captions are those ISO/IEC 23009-1 Table 5 and TV-Anytime AudioPurposeCS name.
extension PackageCommandTests {
    /// ffmpeg 5.1's DASH demuxer opens only files whose extension is on its `allowed_extensions`
    /// list (aac, m4a, m4s, m4v, mov, mp4, webm, ts), so the side-loaded WebVTT files need it
    /// widened; the option is the demuxer's own (`ffmpeg -h demuxer=dash`).
    static let dashInput = ["-allowed_extensions", "ALL"]

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func dashPlaysEveryStreamAsTheSource() throws {
        let folder = try TemporaryFolder("cli-package-dash-ffmpeg")
        defer { folder.remove() }
        let manifest = try package(in: folder, ["--dash"]) + "/manifest.mpd"
        try expectStreamsAsTheSource(through: manifest, inputOptions: Self.dashInput)
        // The subtitle AdaptationSet's WebVTT file: ffmpeg reads the source track's cues. With
        // -copyts: otherwise ffmpeg moves every stream by the input's earliest time, which in the
        // package is the AAC priming at -21 ms (its header's edit list skips it, as the source's
        // does; ffmpeg 5.1 marks it skipped only in an unfragmented file).
        func cues(_ input: String, _ options: [String]) throws -> String {
            let output = try ExternalTool.run("ffmpeg", ["-v", "error", "-copyts"] + options + ["-i", input, "-map", "0:s:0", "-f", "webvtt", "-"])
            try #require(output.status == 0, "\(output.stderr)")
            return output.stdout
        }
        let source = try cues(Self.demo, [])
        #expect(source.contains("-->"))
        #expect(try cues(manifest, Self.dashInput) == source)
    }

    static let mpegdashScript = #"""
    import json, sys
    from mpegdash.parser import MPEGDASHParser
    mpd = MPEGDASHParser.parse(sys.argv[1])
    def descriptors(items):
        return [[d.scheme_id_uri, d.value] for d in (items or [])]
    result = {"type": mpd.type, "profiles": mpd.profiles, "duration": mpd.media_presentation_duration, "sets": []}
    for period in mpd.periods:
        for a in period.adaptation_sets:
            reps = []
            for r in a.representations:
                rep = {"id": r.id, "bandwidth": r.bandwidth, "codecs": r.codecs, "width": r.width, "height": r.height,
                       "frameRate": r.frame_rate, "audioSamplingRate": r.audio_sampling_rate,
                       "channels": descriptors(r.audio_channel_configurations),
                       "baseURLs": [b.base_url_value for b in (r.base_urls or [])]}
                for t in (r.segment_templates or []):
                    rep["template"] = {"initialization": t.initialization, "media": t.media, "startNumber": t.start_number,
                                       "timescale": t.timescale, "presentationTimeOffset": t.presentation_time_offset,
                                       "timeline": [[s.t, s.d, s.r or 0] for tl in (t.segment_timelines or []) for s in (tl.Ss or [])]}
                reps.append(rep)
            result["sets"].append({"contentType": a.content_type, "mimeType": a.mime_type, "lang": a.lang,
                                   "roles": descriptors(a.roles), "accessibility": descriptors(a.accessibilities),
                                   "representations": reps})
    print(json.dumps(result))
    """#

    static let roleScheme = "urn:mpeg:dash:role:2011"

    @Test(.enabled(if: DeliveryValidation.pythonAvailable))
    func mpegdashReadsTheManifestAsMeant() throws {
        let folder = try TemporaryFolder("cli-package-mpegdash")
        defer { folder.remove() }
        let output = try package(in: folder)
        let mpd = try #require(try DeliveryValidation.python(Self.mpegdashScript, [output + "/manifest.mpd"]) as? [String: Any])
        #expect(mpd["type"] as? String == "static")
        #expect(mpd["profiles"] as? String == "urn:mpeg:dash:profile:isoff-live:2011")
        // demo.mp4's mvhd: 4 s.
        #expect(mpd["duration"] as? String == "PT4.000S")
        let sets = try #require(mpd["sets"] as? [[String: Any]])
        #expect(sets.map { $0["contentType"] as? String } == ["video", "audio", "audio", "text"])
        #expect(sets.map { $0["lang"] as? String } == [nil, "en", "es", "es"])
        // English is the enabled track of the audio group, Spanish subtitles the enabled (default) text.
        #expect(sets.map { $0["roles"] as? [[String]] } == [[[Self.roleScheme, "main"]], [[Self.roleScheme, "main"]],
                                                             [[Self.roleScheme, "alternate"]], [[Self.roleScheme, "main"], [Self.roleScheme, "subtitle"]]])
        let representations = sets.compactMap { ($0["representations"] as? [[String: Any]])?.first }
        try #require(representations.count == 4)
        // ffprobe of demo.mp4: H.264 Constrained Baseline level 1.2, 320x180, 25 fps; AAC LC 48 kHz stereo.
        let video = representations[0]
        #expect(video["codecs"] as? String == "avc1.42C00C")
        #expect(video["width"] as? Int == 320 && video["height"] as? Int == 180)
        #expect(video["frameRate"] as? String == "25")
        for audio in representations[1...2] {
            #expect(audio["codecs"] as? String == "mp4a.40.2")
            #expect("\(audio["audioSamplingRate"] ?? "")" == "48000")
            #expect(audio["channels"] as? [[String]] == [["urn:mpeg:dash:23003:3:audio_channel_configuration:2011", "2"]])
        }
        #expect(representations[3]["baseURLs"] as? [String] == ["demo.4.es.vtt"])
        #expect(FileManager.default.fileExists(atPath: output + "/demo.4.es.vtt"))
        // Each template names files that are there, one per S element, and the timeline's
        // durations add up to the track's length (4 s of video; the source's 189 AAC frames, the
        // last 512 samples long in its stts: 193024 at 48 kHz, `legible info`'s 4.021 s, shown
        // from media time 1024).
        var lengths: [String: Double] = [:]
        for representation in representations[0...2] {
            let id = try #require(representation["id"] as? String)
            let template = try #require(representation["template"] as? [String: Any])
            let timescale = try #require(template["timescale"] as? Int)
            // [t, d, r]: t is null (JSON) where the S element leaves it implied.
            let timeline = try #require(template["timeline"] as? [[Any]]).map { $0.map { $0 as? Int } }
            let count = timeline.reduce(0) { $0 + 1 + ($1[2] ?? 0) }
            #expect(count == 4, "\(id)")
            #expect(FileManager.default.fileExists(atPath: output + "/" + (template["initialization"] as? String ?? "?")))
            let media = try #require(template["media"] as? String)
            for number in 1...count {
                #expect(FileManager.default.fileExists(atPath: output + "/" + media.replacingOccurrences(of: "$Number$", with: "\(number)")),
                        "\(id) segment \(number)")
            }
            #expect(!FileManager.default.fileExists(atPath: output + "/" + media.replacingOccurrences(of: "$Number$", with: "\(count + 1)")))
            lengths[id] = Double(timeline.reduce(0) { $0 + ($1[1] ?? 0) * (1 + ($1[2] ?? 0)) }) / Double(timescale)
            // Movie time 0 is presentation time 0 in every track: the AAC priming that the
            // source's edit list skips is skipped by the audio header's edit list (before 0).
            #expect(template["presentationTimeOffset"] as? Int == 0, "\(id)")
        }
        #expect(lengths["video.1"] == 4)
        // The audio from its first frame after the priming (media time 1024, demo.mp4's elst).
        #expect(lengths["audio.2.en"] == Double(188 * 1024 + 512 - 1024) / 48000)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("xmllint")))
    func xmllintFindsTheManifestWellFormed() throws {
        let folder = try TemporaryFolder("cli-package-xmllint")
        defer { folder.remove() }
        let output = try package(in: folder)
        let result = try ExternalTool.run("xmllint", ["--noout", output + "/manifest.mpd"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    /// MP4Box's DASH client (GPAC's `dashin`) opens the MPD, each AdaptationSet's init segment
    /// and the WebVTT file, and lists the tracks with their languages.
    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func mp4BoxListsTheManifestsTracks() throws {
        let folder = try TemporaryFolder("cli-package-dash-mp4box")
        defer { folder.remove() }
        let output = try package(in: folder, ["--dash"])
        let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", "manifest.mpd"], in: URL(fileURLWithPath: output))
        #expect(info.status == 0, "\(info.stderr)")
        let text = (info.stdout + info.stderr).replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(text.contains("File has 4 tracks"), "\(text)")
        #expect(text.contains("type: Video - Codec MPEG-4 AVC|H264 Video"), "\(text)")
        #expect(text.contains("Codec MPEG-4 AAC Audio lang eng"), "\(text)")
        #expect(text.contains("Codec MPEG-4 AAC Audio lang spa"), "\(text)")
        #expect(text.contains("Codec WebVTT Text"), "\(text)")
    }

    @Test func formatsChooseWhatIsWritten() throws {
        let folder = try TemporaryFolder("cli-package-formats")
        defer { folder.remove() }
        let hls = try LegibleCommand.run(["package", Self.demo, "-o", folder.path("hls"), "--hls"])
        #expect(hls.status == 0, "\(hls.stderr)")
        let hlsFiles = try FileManager.default.contentsOfDirectory(atPath: folder.path("hls"))
        #expect(hlsFiles.contains("master.m3u8") && !hlsFiles.contains("manifest.mpd") && !hlsFiles.contains("demo.4.es.vtt"))
        let dash = try LegibleCommand.run(["package", Self.demo, "-o", folder.path("dash"), "--dash", "--json"])
        #expect(dash.status == 0, "\(dash.stderr)")
        let dashFiles = try FileManager.default.contentsOfDirectory(atPath: folder.path("dash"))
        #expect(dashFiles.contains("manifest.mpd") && !dashFiles.contains { $0.hasSuffix(".m3u8") }, "\(dashFiles.sorted())")
        // The segments are the same files either way.
        #expect(Set(hlsFiles.filter { $0.hasSuffix(".m4s") || $0.hasSuffix(".mp4") })
            == Set(dashFiles.filter { $0.hasSuffix(".m4s") || $0.hasSuffix(".mp4") }))
        let json = try #require(dash.jsonObject)
        #expect(json["manifest"] as? String == "manifest.mpd")
        #expect(json["multivariantPlaylist"] is NSNull)
        #expect(json["text"] as? String == "webvtt")
        let renditions = try #require(json["renditions"] as? [[String: Any]])
        #expect(renditions.map { $0["trackID"] as? Int } == [2, 3, 4, 1])
        #expect(renditions.map { $0["representation"] as? String } == ["audio.2.en", "audio.3.es", "text.4.es", "video.1"])
        #expect(renditions.allSatisfy { $0["playlist"] is NSNull })
        // --text is DASH's: with HLS alone it is a usage error, and nothing is written.
        let textWithoutDASH = try LegibleCommand.run(["package", Self.demo, "-o", folder.path("text"), "--hls", "--text", "wvtt"])
        #expect(textWithoutDASH.status == 2)
        #expect(textWithoutDASH.errorLines.count == 1, "\(textWithoutDASH.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("text")))
        let both = try LegibleCommand.run(["package", Self.demo, "-o", folder.path("both"), "--json"])
        let bothRenditions = try #require(both.jsonObject?["renditions"] as? [[String: Any]])
        #expect(bothRenditions.map { $0["playlist"] as? String } == ["audio.2.en.m3u8", "audio.3.es.m3u8", "4.es.m3u8", "video.1.m3u8"])
        #expect(bothRenditions.map { $0["representation"] as? String } == ["audio.2.en", "audio.3.es", "text.4.es", "video.1"])
    }

    /// What the movie does not say is said, not invented (TestMedia/rules, Scripts/make-rule-media):
    /// check-none-enabled.mov enables neither audio track of its group, check-no-language.mov
    /// leaves its subtitle track's language undetermined.
    @Test func missingFactsAreNamed() throws {
        let folder = try TemporaryFolder("cli-package-dash-missing")
        defer { folder.remove() }
        func rules(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent("rules/\(name)").path }
        let none = try LegibleCommand.run(["package", rules("check-none-enabled.mov"), "-o", folder.path("none"), "--dash"])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.stderr.contains("no audio track is the one enabled track of its group, so the movie names no default; track 2, the first, gets DEFAULT=YES and Role main"),
                "\(none.stderr)")
        let unnamed = try LegibleCommand.run(["package", rules("check-no-language.mov"), "-o", folder.path("und"), "--dash"])
        #expect(unnamed.status == 0, "\(unnamed.stderr)")
        #expect(unnamed.stderr.contains("track 5: the text track has no language (mdhd und, no elng); @lang is left out"), "\(unnamed.stderr)")
        let mpd = try String(contentsOfFile: folder.path("und/manifest.mpd"), encoding: .utf8)
        #expect(mpd.contains(#"<AdaptationSet id="4" contentType="text" mimeType="text/vtt">"#), "\(mpd)")
    }

    /// demo.mov made accessible with legible's own commands: the Spanish audio (3) tagged as
    /// audio description, an English SDH track (5), an English forced-only track (6) and English
    /// CEA-608 closed captions (7). Each signal comes from the movie: Role `description` and
    /// AudioPurposeCS 1 for the described audio, `caption` and 2 for SDH and closed captions,
    /// `forced-subtitle` for the forced track; the DEFAULT subtitle keeps `main`.
    @Test func accessibilitySignalsComeFromTheMovie() throws {
        let folder = try TemporaryFolder("cli-package-dash-accessibility")
        defer { folder.remove() }
        let srt = TestPaths.testMedia.appendingPathComponent("english-sdh.srt").path
        let steps: [[String]] = [
            ["set-track", TestPaths.testMedia.appendingPathComponent("demo.mov").path, "--track", "3",
             "--characteristic", "public.accessibility.describes-video", "-o", folder.path("a.mov")],
            ["add-subtitles", folder.path("a.mov"), srt, "--language", "en", "--sdh", "-o", folder.path("b.mov")],
            ["add-subtitles", folder.path("b.mov"), srt, "--language", "en", "--forced", "-o", folder.path("c.mov")],
            ["convert", srt, "-o", folder.path("en.scc")],
            ["add-captions", folder.path("c.mov"), folder.path("en.scc"), "--language", "en", "-o", folder.path("d.mov")],
        ]
        for step in steps {
            let result = try LegibleCommand.run(step)
            try #require(result.status == 0, "\(step): \(result.stderr)")
        }
        let result = try LegibleCommand.run(["package", folder.path("d.mov"), "-o", folder.path("out"), "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        let renditions = try #require(result.jsonObject?["renditions"] as? [[String: Any]])
        func signals(_ trackID: Int) -> (roles: [String], accessibility: [String]) {
            let rendition = renditions.first { $0["trackID"] as? Int == trackID }
            let accessibility = (rendition?["accessibility"] as? [[String: String]] ?? []).map { "\($0["scheme"] ?? ""):\($0["value"] ?? "")" }
            return (rendition?["roles"] as? [String] ?? [], accessibility)
        }
        let purpose = "urn:tva:metadata:cs:AudioPurposeCS:2007"
        #expect(signals(1).roles == ["main"])
        #expect(signals(2).roles == ["main"] && signals(2).accessibility.isEmpty)
        #expect(signals(3).roles == ["alternate", "description"] && signals(3).accessibility == [purpose + ":1"])
        #expect(signals(4).roles == ["main", "subtitle"] && signals(4).accessibility.isEmpty)
        #expect(signals(5).roles == ["caption"] && signals(5).accessibility == [purpose + ":2"])
        #expect(signals(6).roles == ["forced-subtitle"] && signals(6).accessibility.isEmpty)
        #expect(signals(7).roles == ["caption"] && signals(7).accessibility == [purpose + ":2"])
        // The same in the MPD, as an independent parser reads it: one AdaptationSet per track here.
        guard DeliveryValidation.pythonAvailable else { return }
        let mpd = try #require(try DeliveryValidation.python(Self.mpegdashScript, [folder.path("out/manifest.mpd")]) as? [String: Any])
        let sets = try #require(mpd["sets"] as? [[String: Any]])
        let byRepresentation = Dictionary(uniqueKeysWithValues: sets.compactMap { set -> (String, [String: Any])? in
            guard let id = (set["representations"] as? [[String: Any]])?.first?["id"] as? String else { return nil }
            return (id, set)
        })
        #expect(sets.count == 7)
        #expect(byRepresentation["audio.3.es"]?["accessibility"] as? [[String]] == [[purpose, "1"]])
        #expect(byRepresentation["audio.3.es"]?["roles"] as? [[String]] == [[Self.roleScheme, "alternate"], [Self.roleScheme, "description"]])
        #expect(byRepresentation["text.5.en"]?["roles"] as? [[String]] == [[Self.roleScheme, "caption"]])
        #expect(byRepresentation["text.5.en"]?["accessibility"] as? [[String]] == [[purpose, "2"]])
        #expect(byRepresentation["text.6.en"]?["roles"] as? [[String]] == [[Self.roleScheme, "forced-subtitle"]])
        #expect(byRepresentation["text.7.en"]?["lang"] as? String == "en")
        #expect(byRepresentation["text.7.en"]?["mimeType"] as? String == "text/vtt")
    }
}

/// `--text wvtt`: the legible tracks as CMAF WebVTT tracks, so the MPD names only MP4 files and
/// ffmpeg's DASH demuxer opens it with no option; MP4Box reads the text track (init and
/// segments joined) and exports the source's cues, moved by the presentationTimeOffset.
extension PackageCommandTests {
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func wvttTextLetsFFmpegOpenTheManifestAsItIs() throws {
        let folder = try TemporaryFolder("cli-package-dash-wvtt")
        defer { folder.remove() }
        let manifest = try package(in: folder, ["--dash", "--text", "wvtt"]) + "/manifest.mpd"
        // ffmpeg -i DIR/manifest.mpd -map 0:v -map 0:a -c copy -f framemd5 -, stream by stream.
        for stream in ["v:0", "a:0", "a:1"] {
            let source = try framemd5(Self.demo, stream)
            let packaged = try framemd5(manifest, stream)
            #expect(!source.isEmpty)
            #expect(packaged.map { $0.split(separator: ",").dropFirst().joined() } == source.map { $0.split(separator: ",").dropFirst().joined() },
                    "stream \(stream)")
            #expect(packaged.dropLast() == source.dropLast(), "stream \(stream)")
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box) && ExternalTool.shouldRun("ffmpeg")))
    func mp4BoxExportsTheWvttTracksCues() throws {
        let folder = try TemporaryFolder("cli-package-dash-wvtt-mp4box")
        defer { folder.remove() }
        let output = try package(in: folder, ["--dash", "--text", "wvtt"])
        let mpd = try String(contentsOfFile: output + "/manifest.mpd", encoding: .utf8)
        #expect(mpd.contains(#"<AdaptationSet id="4" contentType="text" mimeType="application/mp4" lang="es""#), "\(mpd)")
        #expect(mpd.contains(#"<Representation id="text.4.es" "#) && mpd.contains(#"codecs="wvtt""#), "\(mpd)")
        let offset = try #require(mpd.firstMatch(of: /timescale="1000" presentationTimeOffset="(\d+)"/).flatMap { Int($0.1) })
        // The header and its segments, joined as a client appends them.
        var joined = try Data(contentsOf: URL(fileURLWithPath: output + "/text.4.es.init.mp4"))
        for number in 1...4 { joined += try Data(contentsOf: URL(fileURLWithPath: output + "/text.4.es.\(number).m4s")) }
        let track = folder.path("text.mp4")
        try joined.write(to: URL(fileURLWithPath: track))
        let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", track])
        #expect(info.status == 0, "\(info.stderr)")
        #expect((info.stdout + info.stderr).contains("Media Type: text:wvtt"), "\(info.stdout + info.stderr)")
        let export = try ExternalTool.run(TestPaths.mp4Box, ["-raw", "4", track, "-out", folder.path("text.vtt")])
        #expect(export.status == 0, "\(export.stderr)")
        let exported = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: folder.path("text.vtt")))
        // The source's cues as ffmpeg reads demo.mp4 (its edit lists applied).
        let sourcePath = folder.path("source.vtt")
        let source = try ExternalTool.run("ffmpeg", ["-v", "error", "-i", Self.demo, "-map", "0:s:0", "-f", "webvtt", sourcePath])
        try #require(source.status == 0, "\(source.stderr)")
        let expected = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: sourcePath))
        #expect(!expected.isEmpty)
        #expect(exported.map(\.text) == expected.map(\.text))
        #expect(exported.map { $0.start - offset } == expected.map(\.start), "\(exported) against \(expected)")
        #expect(exported.map { $0.end - offset } == expected.map(\.end))
    }
}

/// `--text stpp`: the legible tracks as CMAF TTML tracks (ISO/IEC 14496-30 `stpp`), one IMSC1
/// Text document per segment; MP4Box reads the text track (init and segments joined) and its
/// `-raw` export (the documents merged), read by ttconv, has the source's cues, moved by the
/// presentationTimeOffset as the documents' times are on the track's timeline.
extension PackageCommandTests {
    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box) && ExternalTool.shouldRun("ffmpeg") && IMSC1Validation.available))
    func mp4BoxExportsTheStppTracksCues() throws {
        let folder = try TemporaryFolder("cli-package-dash-stpp")
        defer { folder.remove() }
        let output = try package(in: folder, ["--dash", "--text", "stpp"])
        let mpd = try String(contentsOfFile: output + "/manifest.mpd", encoding: .utf8)
        #expect(mpd.contains(#"<AdaptationSet id="4" contentType="text" mimeType="application/mp4" lang="es""#), "\(mpd)")
        #expect(mpd.contains(#"<Representation id="text.4.es" "#) && mpd.contains(#"codecs="stpp.ttml.im1t""#), "\(mpd)")
        let offset = try #require(mpd.firstMatch(of: /timescale="1000" presentationTimeOffset="(\d+)"/).flatMap { Int($0.1) })
        // The header and its segments, joined as a client appends them.
        let segments = try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasPrefix("text.4.es.") && $0.hasSuffix(".m4s") }
        #expect(!segments.isEmpty)
        var joined = try Data(contentsOf: URL(fileURLWithPath: output + "/text.4.es.init.mp4"))
        for number in 1...segments.count { joined += try Data(contentsOf: URL(fileURLWithPath: output + "/text.4.es.\(number).m4s")) }
        let track = folder.path("text.mp4")
        try joined.write(to: URL(fileURLWithPath: track))
        let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", track])
        #expect(info.status == 0, "\(info.stderr)")
        #expect((info.stdout + info.stderr).contains("subt:stpp"), "\(info.stdout + info.stderr)")
        #expect((info.stdout + info.stderr).contains("\(segments.count) samples"), "\(info.stdout + info.stderr)")
        let export = try ExternalTool.run(TestPaths.mp4Box, ["-raw", "4", track, "-out", folder.path("text.ttml")])
        #expect(export.status == 0, "\(export.stderr)")
        // Read by ttconv (W3C IMSC reference tooling), not by Legible.
        let exported = try IMSC1Validation.ttconvCues(folder.path("text.ttml"), in: folder)
        // The source's cues as ffmpeg reads demo.mp4 (its edit lists applied).
        let sourcePath = folder.path("source.vtt")
        let source = try ExternalTool.run("ffmpeg", ["-v", "error", "-i", Self.demo, "-map", "0:s:0", "-f", "webvtt", sourcePath])
        try #require(source.status == 0, "\(source.stderr)")
        let expected = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: sourcePath))
        #expect(!expected.isEmpty)
        #expect(exported.map(\.plainText) == expected.map(\.plainText))
        #expect(exported.map { $0.start - offset } == expected.map(\.start), "\(exported) against \(expected)")
        #expect(exported.map { $0.end - offset } == expected.map(\.end))
        // Each sample (MP4Box -raws: one document per segment) is an IMSC1 Text document.
        let raws = try ExternalTool.run(TestPaths.mp4Box, ["-raws", "4", track], in: folder.url)
        try #require(raws.status == 0, "\(raws.stderr)")
        let documents = try folder.contents().filter { $0.hasPrefix("text_track4_") && $0.hasSuffix(".xml") }
            .sorted { $0.count == $1.count ? $0 < $1 : $0.count < $1.count }
        #expect(documents.count == segments.count, "\(documents)")
        let problems = try IMSC1Validation.ruleProblems(documents.map { folder.path($0) })
        #expect(problems.allSatisfy { $0.isEmpty }, "\(problems)")
        // One-second segments and a cue that starts with one: every document, at its sample's
        // time, within the IMSC HRM (a cue a millisecond off the segment start is not).
        try IMSC1Validation.checkHRM(documents: documents, of: track, stream: 0, in: folder)
    }

    /// What IMSC1 Text cannot carry is named, as `convert` names it: WebVTT voice spans (a `wvtt`
    /// track keeps them, so `--text wvtt` names nothing).
    @Test func stppNamesWhatTTMLCannotCarry() throws {
        let folder = try TemporaryFolder("cli-package-dash-stpp-loss")
        defer { folder.remove() }
        let subtitles = folder.path("voices.vtt")
        try "WEBVTT\n\n00:00:00.500 --> 00:00:01.500\n<v Anna>Hello there\n\n00:00:02.000 --> 00:00:03.000\n<v Ben>Hi\n"
            .write(toFile: subtitles, atomically: true, encoding: .utf8)
        let movie = folder.path("voices.mp4")
        let added = try LegibleCommand.run(["add-subtitles", Self.demo, subtitles, "--language", "en", "--format", "wvtt", "-o", movie])
        try #require(added.status == 0, "\(added.stderr)")
        let stpp = try LegibleCommand.run(["package", movie, "-o", folder.path("stpp"), "--dash", "--text", "stpp"])
        #expect(stpp.status == 0, "\(stpp.stderr)")
        #expect(stpp.stderr.contains("track 5: cues 1, 2: WebVTT voice spans have no TTML form"), "\(stpp.stderr)")
        let wvtt = try LegibleCommand.run(["package", movie, "-o", folder.path("wvtt"), "--dash", "--text", "wvtt"])
        #expect(wvtt.status == 0, "\(wvtt.stderr)")
        #expect(!wvtt.stderr.contains("voice"), "\(wvtt.stderr)")
    }

    @Test(.enabled(if: DeliveryValidation.pythonAvailable))
    func mpegdashReadsTheStppTrack() throws {
        let folder = try TemporaryFolder("cli-package-mpegdash-stpp")
        defer { folder.remove() }
        let output = try package(in: folder, ["--dash", "--text", "stpp"])
        let mpd = try #require(try DeliveryValidation.python(Self.mpegdashScript, [output + "/manifest.mpd"]) as? [String: Any])
        let sets = try #require(mpd["sets"] as? [[String: Any]])
        let text = try #require(sets.first { $0["contentType"] as? String == "text" })
        #expect(text["mimeType"] as? String == "application/mp4")
        // demo.mp4's subtitle track is Spanish.
        #expect(text["lang"] as? String == "es")
        let representation = try #require((text["representations"] as? [[String: Any]])?.first)
        // DASH-IF IOP §6.4.4: IMSC1 Text in ISO BMFF.
        #expect(representation["codecs"] as? String == "stpp.ttml.im1t")
        let template = try #require(representation["template"] as? [String: Any])
        let timeline = try #require(template["timeline"] as? [[Any]])
        let segmentCount = timeline.reduce(0) { $0 + 1 + (($1[2] as? Int) ?? 0) }
        let files = try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasPrefix("text.4.es.") && $0.hasSuffix(".m4s") }
        #expect(segmentCount == files.count && segmentCount > 1, "\(timeline) \(files)")
        #expect(template["initialization"] as? String == "text.4.es.init.mp4")
    }
}
