import Foundation
import LegibleTestSupport
import Testing

/// `legible hls` checked by independent readers: PyPI m3u8 parses the media playlists and a
/// multivariant playlist holding the EXT-X-MEDIA tags, webvtt-py every segment, and ffmpeg the
/// playlists and the movie's own subtitle streams.
@Suite struct HLSCommandTests {
    static let binary = TestPaths.legibleExecutable.path
    static func media(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent(name).path }

    func legible(_ arguments: [String]) throws -> ExternalTool.Output {
        try ExternalTool.run(Self.binary, arguments)
    }

    /// Runs `hls` into a fresh folder and reads the result with m3u8 and webvtt-py.
    func package(_ movie: String, _ options: [String] = [], group: String = "subs") throws -> (output: ExternalTool.Output, reading: [String: Any], folder: TemporaryFolder) {
        let folder = try TemporaryFolder("hls")
        let out = folder.path("out")
        let output = try legible(["hls", Self.media(movie), "-o", out] + options)
        try #require(output.status == 0, "\(output.stderr)")
        let reading = try #require(try DeliveryValidation.python(DeliveryValidation.hlsScript, ["read", out, group]) as? [String: Any])
        return (output, reading, folder)
    }

    /// subtitles-multi.mp4 (TestMedia/README.md): English (default), English SDH (kind
    /// `caption`), French forced; 4.000 s long. 1.5 s segments: 1.5, 1.5 and 1.0 s, target 2
    /// (1.5 rounds to 2, RFC 8216 §4.3.3.1). The tags come back from m3u8 as written.
    @Test(.enabled(if: DeliveryValidation.pythonAvailable))
    func playlistsAndTagsParse() throws {
        let (output, reading, folder) = try package("subtitles-multi.mp4", ["--segment-duration", "1.5", "--group-id", "text"], group: "text")
        defer { folder.remove() }
        let media = try #require(reading["media"] as? [[String: Any]])
        #expect(media.map { $0["type"] as? String } == ["SUBTITLES", "SUBTITLES", "SUBTITLES"])
        #expect(media.map { $0["group_id"] as? String } == ["text", "text", "text"])
        #expect(media.map { $0["name"] as? String } == ["English", "English SDH", "French (Forced)"])
        #expect(media.map { $0["language"] as? String } == ["en", "en", "fr"])
        #expect(media.map { $0["default"] as? String } == ["YES", "NO", "NO"])
        #expect(media.map { $0["autoselect"] as? String } == ["YES", "YES", "YES"])
        #expect(media.map { $0["forced"] as? String } == ["NO", "NO", "YES"])
        // No tagc in the file (ffmpeg never writes one), so no CHARACTERISTICS.
        #expect(media.allSatisfy { $0["characteristics"] is NSNull })
        #expect(media.map { $0["uri"] as? String } == ["3.en.m3u8", "4.en.m3u8", "5.fr.m3u8"])
        #expect(reading["variantSubtitles"] as? [String] == ["text"])
        // Printed on stdout exactly as in the tags file.
        let tagsFile = try String(contentsOfFile: folder.path("out/subtitles.m3u8-media"), encoding: .utf8)
        let printed: [String] = output.stdout.split(separator: "\n").map(String.init)
        let filed: [String] = tagsFile.split(separator: "\n").map(String.init).filter { $0.hasPrefix("#EXT-X-MEDIA") }
        #expect(printed == filed)

        let playlists = try #require(reading["playlists"] as? [String: [String: Any]])
        #expect(playlists.count == 3)
        for (uri, playlist) in playlists {
            #expect(playlist["version"] as? Int == 3, "\(uri)")
            #expect(playlist["target"] as? Int == 2, "\(uri)")
            #expect(playlist["type"] as? String == "vod", "\(uri)")
            #expect(playlist["sequence"] as? Int == 0, "\(uri)")
            #expect(playlist["endlist"] as? Bool == true, "\(uri)")
            #expect(playlist["durations"] as? [Double] == [1.5, 1.5, 1.0], "\(uri)")
        }
        let segments = try #require(reading["segments"] as? [String: [String: Any]])
        #expect(segments.count == 9, "every segment, empty ones too, parses as WebVTT")
        for (uri, segment) in segments {
            // RFC 8216 §3.5; 126000 is the documented default.
            #expect(segment["maps"] as? [[String]] == [["00:00:00.000", "126000"]], "\(uri)")
        }
    }

    /// The cues of all segments, spanning cues counted once, are the track's cues as ffmpeg
    /// reads them from the movie: nothing lost, nothing moved. 1 s segments make the 0.5–1.5 s
    /// and 1.8–2.8 s cues span boundaries.
    @Test(.enabled(if: DeliveryValidation.pythonAvailable && ExternalTool.shouldRun("ffmpeg")),
          arguments: [("subtitles-multi.mp4", [3, 4, 5]), ("demo.mov", [4]), ("rules/select-forced.mov", [5, 6, 7])])
    func segmentsReassembleToTheTrack(movie: String, trackIDs: [Int]) throws {
        let (_, reading, folder) = try package(movie, ["--segment-duration", "1", "--mpegts-offset", "900000"])
        defer { folder.remove() }
        let media = try #require(reading["media"] as? [[String: Any]])
        let playlists = try #require(reading["playlists"] as? [String: [String: Any]])
        let segments = try #require(reading["segments"] as? [String: [String: Any]])
        #expect(media.count == trackIDs.count)
        var spanning = 0
        for (index, tag) in media.enumerated() {
            let uri = try #require(tag["uri"] as? String)
            #expect(uri.hasPrefix("\(trackIDs[index])."))
            var seen: [String] = []
            var cues: [[Any]] = []
            for segmentURI in try #require(playlists[uri]?["uris"] as? [String]) {
                let segment = try #require(segments[segmentURI])
                #expect(segment["maps"] as? [[String]] == [["00:00:00.000", "900000"]])
                for cue in try #require(segment["cues"] as? [[Any]]) {
                    let key = "\(cue[0]) \(cue[1]) \(cue[2])"
                    if seen.contains(key) { spanning += 1; continue }
                    seen.append(key)
                    cues.append(cue)
                }
            }
            // LOCAL 0 = MPEGTS 900000 in every segment: cue times are movie times offset by a
            // constant, so subtracting the map leaves them as they are.
            let reference = try DeliveryValidation.ffmpegCues(Self.media(movie), subtitleStream: index, in: folder)
            #expect(!reference.isEmpty, "ffmpeg reads cues from the movie")
            #expect(cues.map { "\($0[0]) \($0[1]) \($0[2])" } == reference.map { "\($0[0]) \($0[1]) \($0[2])" }, "\(movie) \(uri)")
        }
        if movie == "subtitles-multi.mp4" { #expect(spanning > 0, "the test needs cues that span segments") }
    }

    /// ffmpeg 5.1 reads a subtitle-only playlist. `-f null -` alone fails as it does for any
    /// WebVTT file ("Output file #0 does not contain any stream": the null muxer picks no
    /// subtitle stream by default), so the stream is mapped; `-f webvtt` shows what ffmpeg's HLS
    /// demuxer, which joins the segments, reads: the cues and no stray header lines.
    @Test(.enabled(if: DeliveryValidation.pythonAvailable && ExternalTool.shouldRun("ffmpeg")))
    func ffmpegReadsThePlaylists() throws {
        let (_, reading, folder) = try package("subtitles-multi.mp4", ["--segment-duration", "1.5"])
        defer { folder.remove() }
        let media = try #require(reading["media"] as? [[String: Any]])
        for (index, tag) in media.enumerated() {
            let playlist = folder.path("out/" + (try #require(tag["uri"] as? String)))
            let unmapped = try ExternalTool.run("ffmpeg", ["-v", "error", "-i", playlist, "-f", "null", "-"])
            let plain = try ExternalTool.run("ffmpeg", ["-v", "error", "-i", folder.path("out/3.en.0.vtt"), "-f", "null", "-"])
            let sameFailure = unmapped.status == plain.status && unmapped.stderr.contains("does not contain any stream")
            #expect(sameFailure, "\(unmapped.stderr)")
            let mapped = try ExternalTool.run("ffmpeg", ["-v", "error", "-i", playlist, "-map", "0", "-c", "copy", "-f", "null", "-"])
            #expect(mapped.status == 0, "\(mapped.stderr)")
            let joined = folder.path("joined-\(index).vtt")
            let converted = try ExternalTool.run("ffmpeg", ["-v", "error", "-i", playlist, "-f", "webvtt", joined])
            try #require(converted.status == 0, "\(converted.stderr)")
            let cues = try #require(try DeliveryValidation.python(DeliveryValidation.hlsScript, ["cues", joined]) as? [[Any]])
            let reference = try DeliveryValidation.ffmpegCues(Self.media("subtitles-multi.mp4"), subtitleStream: index, in: folder)
            #expect(!reference.isEmpty, "ffmpeg reads cues from the movie")
            #expect(cues.map { "\($0[0]) \($0[1]) \($0[2])" } == reference.map { "\($0[0]) \($0[1]) \($0[2])" })
        }
    }

    /// select-sdh.mov (Scripts/make-rule-media: `add-subtitles --sdh` on track 7): CHARACTERISTICS
    /// is exactly the tagc strings, as m3u8 reads the attribute back.
    @Test(.enabled(if: DeliveryValidation.pythonAvailable))
    func characteristicsAreTheTaggedStrings() throws {
        let (_, reading, folder) = try package("rules/select-sdh.mov")
        defer { folder.remove() }
        let media = try #require(reading["media"] as? [[String: Any]])
        #expect(media.map { $0["name"] as? String } == ["Spanish", "English", "English SDH"])
        #expect(media[2]["characteristics"] as? String
                == "public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound")
        #expect(media[0]["characteristics"] is NSNull && media[1]["characteristics"] is NSNull)
        // A 1 s movie, 6 s segments: one segment of 1.000 s, target 1.
        let playlist = try #require((reading["playlists"] as? [String: [String: Any]])?["7.en.m3u8"])
        #expect(playlist["durations"] as? [Double] == [1.0])
        #expect(playlist["target"] as? Int == 1)
    }

    @Test func refusesANonEmptyFolderUnlessOverwrite() throws {
        let folder = try TemporaryFolder("hls-again")
        defer { folder.remove() }
        let out = folder.path("out")
        #expect(try legible(["hls", Self.media("demo.mov"), "-o", out]).status == 0)
        let again = try legible(["hls", Self.media("demo.mov"), "-o", out])
        #expect(again.status == 2)
        #expect(again.stderr.hasPrefix("error: ") && again.stderr.split(separator: "\n").count == 1, "\(again.stderr)")
        #expect(again.stderr.contains("--overwrite"))
        #expect(try legible(["hls", Self.media("demo.mov"), "-o", out, "--overwrite"]).status == 0)
        // Written through temporary files renamed into place: none left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["4.es.0.vtt", "4.es.m3u8", "subtitles.m3u8-media"])
    }

    @Test func jsonListsRenditions() throws {
        let folder = try TemporaryFolder("hls-json")
        defer { folder.remove() }
        let output = try legible(["hls", Self.media("rules/select-forced.mov"), "-o", folder.path("out"), "--json"])
        #expect(output.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let renditions = try #require(report["renditions"] as? [[String: Any]])
        #expect(renditions.map { $0["trackID"] as? Int } == [5, 6, 7])
        #expect(renditions.map { $0["forced"] as? Bool } == [false, true, true])
        #expect(report["mpegtsOffset"] as? Int == 126_000)
    }

    /// `--names native` names each language in itself. Expected values from CLDR 41: es.xml has
    /// `<language type="es">español</language>` and a `uiListOrMenu` context transform of
    /// `titlecase-firstword`; en.xml's English is "English". The role suffix stays as `info` has it.
    @Test func nativeNamesComeFromCLDR() throws {
        let folder = try TemporaryFolder("hls-native")
        defer { folder.remove() }
        let output = try legible(["hls", Self.media("rules/select-forced.mov"), "-o", folder.path("out"), "--names", "native"])
        #expect(output.status == 0, "\(output.stderr)")
        let names = output.stdout.split(separator: "\n").compactMap { line in
            line.split(separator: ",").first { $0.hasPrefix("NAME=") }.map { String($0.dropFirst(5)) }
        }
        #expect(names == ["\"Español\"", "\"Español (Forced)\"", "\"English (Forced)\""])
        let html = try legible(["html", Self.media("rules/select-forced.mov"), "-o", folder.path("html"), "--names", "native"])
        #expect(html.stdout.contains(#"label="Español (Forced)""#), "\(html.stdout)")
    }

    @Test func badInputExitsWith2() throws {
        let folder = try TemporaryFolder("hls-bad")
        defer { folder.remove() }
        for arguments in [["--segment-duration", "0"], ["--mpegts-offset", "8589934592"], ["--group-id", "a\"b"]] {
            let output = try legible(["hls", Self.media("demo.mov"), "-o", folder.path("out")] + arguments)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stderr.contains("error:"), "\(arguments): \(output.stderr)")
        }
        let chapters = try legible(["hls", Self.media("chapters.mov"), "-o", folder.path("chapters")])
        #expect(chapters.status == 2)
        #expect(chapters.stderr.contains("no subtitle or caption track"))
        let help = try legible(["hls", "--help"])
        #expect(help.status == 0 && help.stdout.contains("Examples:") && help.stdout.contains("126000"))
    }
}
