import Foundation
import LegibleTestSupport
import Testing

/// `legible package` of the demo movie, read by others: ffmpeg plays every video and audio
/// stream through master.m3u8 frame for frame as the source (framemd5), MP4Box reads every CMAF
/// header and segment, and PyPI `m3u8` reads the playlists with the attributes as meant.
@Suite struct PackageCommandTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mp4").path

    func package(in folder: TemporaryFolder, _ options: [String] = []) throws -> String {
        let output = folder.path("out")
        let result = try LegibleCommand.run(["package", Self.demo, "-o", output, "--segment-duration", "1"] + options)
        try #require(result.status == 0, "\(result.stderr)")
        return output
    }

    /// ffmpeg's framemd5 lines: `(duration, size, MD5)` of each packet; `inputOptions` go before `-i`.
    func framemd5(_ input: String, _ stream: String, inputOptions: [String] = []) throws -> [String] {
        let output = try ExternalTool.run("ffmpeg", ["-v", "error"] + inputOptions + ["-i", input, "-map", "0:\(stream)", "-c", "copy", "-f", "framemd5", "-"])
        try #require(output.status == 0, "\(output.stderr)")
        return output.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.prefix(6).dropFirst(3).joined(separator: ",")
        }
    }

    /// ffprobe's presentation time (seconds) of packet `index` of a stream.
    func presentationTime(_ input: String, _ stream: String, packet index: Int, inputOptions: [String] = []) throws -> Double {
        let output = try ExternalTool.run("ffprobe", ["-v", "error"] + inputOptions + ["-select_streams", stream, "-show_entries", "packet=pts_time",
                                                      "-of", "csv=p=0", input])
        // A packet with side data (the source's first AAC packet: skip samples) ends its line
        // with a comma and adds an empty line.
        let times = output.stdout.split(separator: "\n").compactMap { $0.split(separator: ",").first.flatMap { Double($0) } }
        return try #require(times.dropFirst(index).first, "\(input) \(stream): \(output.stderr)")
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func everyStreamPlaysAsTheSource() throws {
        let folder = try TemporaryFolder("cli-package-ffmpeg")
        defer { folder.remove() }
        try expectStreamsAsTheSource(through: try package(in: folder) + "/master.m3u8")
    }

    /// Every video and audio stream of the demo read by ffmpeg through `packaged` (a playlist or
    /// a manifest) as from the source. Packet for packet: the last AAC packet, which the source's
    /// edit list shows for 512 of its 1024 samples, is whole in the segments (durations of the
    /// last packet differ). In step as in the source: the AAC tracks' edit lists skip 1024
    /// samples of encoder priming (ffmpeg shows the source's first packet at -1024 and the
    /// second at 0), so the second audio packet starts with the first video frame, here as there.
    func expectStreamsAsTheSource(through packaged: String, inputOptions: [String] = []) throws {
        for stream in ["v:0", "a:0", "a:1"] {
            let source = try framemd5(Self.demo, stream)
            let read = try framemd5(packaged, stream, inputOptions: inputOptions)
            #expect(!source.isEmpty)
            #expect(read.count == source.count, "stream \(stream)")
            #expect(read.map { $0.split(separator: ",").dropFirst().joined() } == source.map { $0.split(separator: ",").dropFirst().joined() },
                    "stream \(stream)")
            #expect(read.dropLast() == source.dropLast(), "stream \(stream)")
        }
        // Each stream starts where the source's does: the audio's first packet at -1024/48000 s
        // (the AAC priming its edit list skips), the video's at 0.
        for stream in ["v:0", "a:0", "a:1"] {
            let source = try presentationTime(Self.demo, stream, packet: 0)
            let read = try presentationTime(packaged, stream, packet: 0, inputOptions: inputOptions)
            #expect(abs(read - source) < 0.000_001, "\(stream): \(read) s against \(source) s")
        }
        for audio in ["a:0", "a:1"] {
            let source = try presentationTime(Self.demo, audio, packet: 1) - presentationTime(Self.demo, "v:0", packet: 0)
            let read = try presentationTime(packaged, audio, packet: 1, inputOptions: inputOptions)
                - presentationTime(packaged, "v:0", packet: 0, inputOptions: inputOptions)
            #expect(abs(read - source) < 0.001, "\(audio): \(read) s against \(source) s")
        }
    }

    /// The subtitle segments map movie time 0 to the packaged time of the first video frame.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")))
    func timestampMapMatchesTheVideoSegments() throws {
        let folder = try TemporaryFolder("cli-package-map")
        defer { folder.remove() }
        let output = try package(in: folder)
        let segment = try String(contentsOfFile: output + "/4.es.0.vtt", encoding: .utf8)
        let mpegts = try #require(segment.firstMatch(of: /MPEGTS:(\d+)/).flatMap { Double($0.1) })
        let firstFrame = try presentationTime(output + "/master.m3u8", "v:0", packet: 0)
        #expect(abs(mpegts / 90_000 - firstFrame) < 0.0001, "MPEGTS \(mpegts) against the first frame at \(firstFrame) s")
    }

    /// `--progress json`: one object per line, rising to the bytes of every video and audio
    /// packet copied, as ffprobe sums the source's packet sizes.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")))
    func progressCountsTheMediaCopied() throws {
        let folder = try TemporaryFolder("cli-package-progress")
        defer { folder.remove() }
        let result = try LegibleCommand.run(["package", Self.demo, "-o", folder.path("out"), "--progress", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let objects = try result.stderr.split(separator: "\n").filter { $0.hasPrefix("{") }.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        let written = objects.compactMap { $0["bytesWritten"] as? Int }
        #expect(written.count > 1 && written == written.sorted(), "\(written)")
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "V", "-show_entries", "packet=size", "-of", "csv=p=0", Self.demo])
        let audio = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "a", "-show_entries", "packet=size", "-of", "csv=p=0", Self.demo])
        let media = (probe.stdout + audio.stdout).split(separator: "\n").compactMap { Int($0.split(separator: ",")[0]) }.reduce(0, +)
        #expect(media > 0)
        #expect(objects.last?["bytesWritten"] as? Int == media)
        #expect(objects.last?["totalBytes"] as? Int == media)
        #expect(objects.last?["fraction"] as? Double == 1)
    }

    /// Each CMAF header carries what its source track's edit list skips (ISO/IEC 23000-19 allows
    /// an edit list in a CMAF header): one edit from the source's media time, duration 0 (the
    /// length is in the fragments), as MP4Box reads both files.
    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func headersCarryTheMediaTheSourcesEditListsSkip() throws {
        let folder = try TemporaryFolder("cli-package-elst")
        defer { folder.remove() }
        let output = try package(in: folder)
        func edits(_ file: String) throws -> [String] {
            let dump = folder.path("dump.xml")
            let result = try ExternalTool.run(TestPaths.mp4Box, ["-diso", file, "-out", dump])
            try #require(result.status == 0, "\(result.stderr)")
            let xml = try String(contentsOfFile: dump, encoding: .utf8)
            return xml.matches(of: /<EditListEntry Duration="(\d+)" MediaTime="(-?\d+)"/).map { "\($0.1)/\($0.2)" }
        }
        // demo.mp4: the video's edit from media time 0, each audio track's from 1024 (priming),
        // the subtitles' from 0.
        let source = try edits(Self.demo)
        #expect(source.map { $0.split(separator: "/").last } == ["0", "1024", "1024", "0"].map { Substring($0) }, "\(source)")
        #expect(try edits(output + "/video.1.init.mp4") == [])
        #expect(try edits(output + "/audio.2.en.init.mp4") == ["0/1024"])
        #expect(try edits(output + "/audio.3.es.init.mp4") == ["0/1024"])
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func mp4BoxReadsEverySegment() throws {
        let folder = try TemporaryFolder("cli-package-mp4box")
        defer { folder.remove() }
        let output = try package(in: folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasSuffix(".m4s") || $0.hasSuffix(".init.mp4") }
        // demo.mp4 has a sync sample every second: four segments for each of three tracks.
        #expect(files.filter { $0.hasSuffix(".m4s") }.count == 12, "\(files.sorted())")
        for file in files.sorted() {
            let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", output + "/" + file])
            #expect(info.status == 0, "\(file): \(info.stderr)")
        }
        let header = try ExternalTool.run(TestPaths.mp4Box, ["-info", output + "/video.1.init.mp4"])
        #expect((header.stdout + header.stderr).contains("Fragmented: yes"))
    }

    static let m3u8Script = #"""
    import json, os, sys, m3u8
    out = sys.argv[1]
    master = m3u8.load(os.path.join(out, "master.m3u8"))
    result = {"independent": master.is_independent_segments,
              "variants": [{"bandwidth": p.stream_info.bandwidth, "average": p.stream_info.average_bandwidth,
                            "codecs": p.stream_info.codecs, "resolution": list(p.stream_info.resolution),
                            "frameRate": p.stream_info.frame_rate, "audio": p.stream_info.audio,
                            "subtitles": p.stream_info.subtitles, "uri": p.uri} for p in master.playlists],
              "media": [{"type": m.type, "group": m.group_id, "name": m.name, "language": m.language,
                         "default": m.default, "autoselect": m.autoselect, "channels": m.channels, "uri": m.uri,
                         "characteristics": m.characteristics}
                        for m in master.media],
              "maps": {}}
    for uri in [p.uri for p in master.playlists] + [m.uri for m in master.media if m.type == "AUDIO"]:
        playlist = m3u8.load(os.path.join(out, uri))
        result["maps"][uri] = {"map": playlist.segment_map[0].uri if playlist.segment_map else None,
                               "segments": len(playlist.segments), "version": playlist.version,
                               "duration": round(sum(s.duration for s in playlist.segments), 3)}
    print(json.dumps(result))
    """#

    @Test(.enabled(if: DeliveryValidation.pythonAvailable))
    func m3u8ReadsThePlaylistsAsMeant() throws {
        let folder = try TemporaryFolder("cli-package-m3u8")
        defer { folder.remove() }
        let output = try package(in: folder)
        let result = try #require(try DeliveryValidation.python(Self.m3u8Script, [output]) as? [String: Any])
        #expect(result["independent"] as? Bool == true)
        let variants = try #require(result["variants"] as? [[String: Any]])
        try #require(variants.count == 1)
        let variant = variants[0]
        // demo.mp4: H.264 Constrained Baseline level 1.2 (avcC 42 C0 0C), AAC LC, 320x180 at 25 fps
        // (ffprobe: profile "Constrained Baseline", level 12, aac LC, 25/1).
        #expect(variant["codecs"] as? String == "avc1.42C00C,mp4a.40.2")
        #expect(variant["resolution"] as? [Int] == [320, 180])
        #expect(variant["frameRate"] as? Double == 25)
        #expect((variant["bandwidth"] as? Int ?? 0) >= (variant["average"] as? Int ?? .max))
        #expect(variant["audio"] as? String == "audio")
        #expect(variant["subtitles"] as? String == "subs")
        let media = try #require(result["media"] as? [[String: Any]])
        let audio = media.filter { $0["type"] as? String == "AUDIO" }
        // The English track is the enabled one of the movie's audio group (info: "* English").
        #expect(audio.map { $0["language"] as? String } == ["en", "es"])
        #expect(audio.map { $0["default"] as? String } == ["YES", "NO"])
        #expect(audio.allSatisfy { $0["channels"] as? String == "2" })
        #expect(media.contains { $0["type"] as? String == "SUBTITLES" && $0["language"] as? String == "es" })
        let maps = try #require(result["maps"] as? [String: [String: Any]])
        for (uri, playlist) in maps {
            #expect(playlist["map"] as? String == uri.replacingOccurrences(of: ".m3u8", with: ".init.mp4"))
            #expect(playlist["segments"] as? Int == 4)
            #expect(playlist["version"] as? Int == 7)
        }
        #expect(maps["video.1.m3u8"]?["duration"] as? Double == 4)
    }

    @Test func aFolderThatIsNotEmptyIsRefused() throws {
        let folder = try TemporaryFolder("cli-package-refuse")
        defer { folder.remove() }
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.path("keep.txt")))
        let result = try LegibleCommand.run(["package", Self.demo, "-o", folder.url.path])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(try folder.contents() == ["keep.txt"])
    }
}
