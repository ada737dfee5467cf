import Foundation
import LegibleTestSupport
import Testing

/// `legible add-captions`, `extract` and `convert` with CEA-608 captions, checked by independent
/// readers: FFmpeg's eia_608 decoder, MediaInfo and PBS's pycaption.
@Suite struct AddCaptionsCommandTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path
    /// demo.mov's video is 25 frames a second; a frame is 40 ms.
    static let frameMilliseconds = 40

    /// Sparse cues, so every caption can be loaded before it starts (no lateness), with an
    /// accented word (extended characters), a special character, italics and a top-placed cue.
    static let subRip = """
    1
    00:00:00,800 --> 00:00:01,600
    Hello, world.

    2
    00:00:02,000 --> 00:00:02,800
    <i>Señor</i> ♪ Über

    3
    00:00:03,200 --> 00:00:03,900
    {\\an8}Top line
    """

    /// A hand-made SCC file: two pop-on captions ("HELLO" on row 14, "WORLD" on row 15), each
    /// cleared by EDM.
    static let scc = """
    Scenarist_SCC V1.0

    00:00:00;10\t9420 9420 94ae 94ae 9452 9452 97a1 97a1 c845 4c4c 4f80 942f 942f

    00:00:01;15\t942c 942c

    00:00:02;00\t9420 9420 94ae 94ae 94f4 94f4 57cf 52cc c480 942f 942f

    00:00:03;00\t942c 942c

    """

    static func write(_ text: String, _ name: String, in folder: TemporaryFolder) throws -> String {
        let path = folder.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func addCaptions(_ captions: String, in folder: TemporaryFolder, extra: [String] = []) throws -> String {
        let output = folder.path("cc.mov")
        let result = try LegibleCommand.run(["add-captions", demo, captions, "--language", "en", "-o", output] + extra)
        try #require(result.status == 0, "\(result.stderr)")
        return output
    }

    /// The byte pairs of an SCC file, line by line, without timecodes.
    static func pairs(ofSCC text: String) -> [String] {
        text.split(separator: "\n").filter { $0.contains("\t") }.map { String($0.split(separator: "\t")[1]) }
    }

    @Test func sccRoundTripIsByteIdenticalInCaptionData() throws {
        let folder = try TemporaryFolder("cc-scc")
        defer { folder.remove() }
        let movie = try Self.addCaptions(try Self.write(Self.scc, "in.scc", in: folder), in: folder)
        let exported = folder.path("out.scc")
        let result = try LegibleCommand.run(["extract", movie, "--track", "5", "-o", exported])
        try #require(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(Self.pairs(ofSCC: text) == Self.pairs(ofSCC: Self.scc))
        // Same timecodes too: the track is on the 29.97 grid of the SCC file.
        #expect(text == Self.scc.trimmingCharacters(in: .newlines) + "\n\n")
    }

    @Test func inPlaceCarriesTheSameBytePairs() throws {
        let folder = try TemporaryFolder("cc-in-place")
        defer { folder.remove() }
        let movie = try folder.copy(URL(fileURLWithPath: Self.demo), as: "demo.mov")
        let input = try Self.write(Self.scc, "in.scc", in: folder)
        let result = try LegibleCommand.run(["add-captions", movie, input, "--language", "en", "--name", "English CC", "--in-place"])
        try #require(result.status == 0, "\(result.stderr)")
        let exported = try LegibleCommand.run(["extract", movie, "--track", "5", "--format", "scc"])
        try #require(exported.status == 0, "\(exported.stderr)")
        #expect(Self.pairs(ofSCC: exported.stdout) == Self.pairs(ofSCC: Self.scc))
        let info = try LegibleCommand.run(["info", "--json", movie])
        let track = try #require((info.jsonObject?["tracks"] as? [[String: Any]])?.last)
        #expect(track["name"] as? String == "English CC")
    }

    @Test func sourceStreamsKeepEveryPacket() throws {
        try #require(ExternalTool.shouldRun("ffmpeg"))
        let folder = try TemporaryFolder("cc-framemd5")
        defer { folder.remove() }
        let movie = try Self.addCaptions(try Self.write(Self.subRip, "in.srt", in: folder), in: folder)
        for stream in try FFmpegReading.streams(Self.demo) {
            #expect(try FFmpegReading.framemd5(movie, stream: stream.index) == FFmpegReading.framemd5(Self.demo, stream: stream.index),
                    "stream \(stream)")
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func ffmpegDecodesTheEncodedCaptions() throws {
        let folder = try TemporaryFolder("cc-ffmpeg")
        defer { folder.remove() }
        let input = try Self.write(Self.subRip, "in.srt", in: folder)
        let movie = try Self.addCaptions(input, in: folder)
        let streams = try FFmpegReading.streams(movie)
        #expect(streams.last?.codecTag == "c608")
        // demo has one subtitle stream (tx3g); the caption track is the second.
        let exported = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", movie, "-map", "0:s:1", "-f", "srt", "-"])
        try #require(exported.status == 0, "\(exported.stderr)")
        let got = SubtitleCueReader.cues(exported.stdout)
        let want = SubtitleCueReader.cues(Self.subRip)
        try #require(got.count == want.count, "ffmpeg decoded \(got)")
        for (cue, wanted) in zip(got, want) {
            // ffmpeg wraps the text in <font face="Monospace"> and {\an7}; its \h is a space.
            let text = cue.plainText.replacingOccurrences(of: "{\\an7}", with: "").replacingOccurrences(of: "\\h", with: " ")
            #expect(text.trimmingCharacters(in: .whitespaces) == wanted.plainText.replacingOccurrences(of: "{\\an8}", with: ""))
            #expect(abs(cue.start - wanted.start) <= 2 * Self.frameMilliseconds, "\(cue) vs \(wanted)")
            #expect(abs(cue.end - wanted.end) <= 2 * Self.frameMilliseconds, "\(cue) vs \(wanted)")
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("mediainfo")))
    func mediaInfoShowsEIA608OnChannelOne() throws {
        let folder = try TemporaryFolder("cc-mediainfo")
        defer { folder.remove() }
        let movie = try Self.addCaptions(try Self.write(Self.subRip, "in.srt", in: folder), in: folder)
        let output = try ExternalTool.run("mediainfo", ["--Output=JSON", movie])
        let json = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let tracks = try #require((json["media"] as? [String: Any])?["track"] as? [[String: Any]])
        let caption = try #require(tracks.first { $0["Format"] as? String == "EIA-608" }, "\(tracks)")
        #expect(caption["ID"] as? String == "5-CC1")
        #expect(caption["CodecID"] as? String == "c608")
    }

    @Test func theTrackIsPlacedAsPlayersExpect() throws {
        let folder = try TemporaryFolder("cc-placement")
        defer { folder.remove() }
        let movie = try Self.addCaptions(try Self.write(Self.subRip, "in.srt", in: folder), in: folder)
        let info = try LegibleCommand.run(["info", "--json", movie])
        let tracks = try #require(info.jsonObject?["tracks"] as? [[String: Any]])
        let track = try #require(tracks.last)
        #expect(track["handler"] as? String == "clcp")
        #expect(track["codec"] as? String == "c608")
        #expect(track["enabled"] as? Bool == false)
        // demo's legible group is 3 (MediaInfo: AlternateGroup 3 on its tx3g track).
        #expect(track["alternateGroup"] as? Int == 3)
        #expect(track["language"] as? String == "eng")
        let channels = try #require(track["captionChannels"] as? [[String: Any]])
        #expect(channels.count == 1)
        #expect(channels.first?["channel"] as? String == "CC1")
        #expect(channels.first?["cues"] as? Int == 3)
        let check = try LegibleCommand.run(["check", "--json", movie])
        #expect(check.status == 0, "\(check.stdout)")
        let findings = (check.jsonObject?["findings"] as? [[String: Any]]) ?? []
        #expect(!findings.contains { ($0["trackID"] as? Int) == 5 }, "\(findings)")
        // Closed Captions + SDH: an English CC option beats plain subtitles (here Spanish anyway).
        let select = try LegibleCommand.run(["select", movie, "--languages", "en", "--prefer-sdh", "--json"])
        let groups = try #require(select.jsonObject?["groups"] as? [[String: Any]])
        let legible = try #require(groups.first { $0["characteristic"] as? String == "legible" })
        #expect((legible["selected"] as? [String: Any])?["trackID"] as? Int == 5, "\(legible)")
    }

    @Test(.enabled(if: ExternalTool.shouldRun("python3")))
    func pycaptionReadsTheSCCExport() throws {
        let folder = try TemporaryFolder("cc-pycaption")
        defer { folder.remove() }
        let movie = try Self.addCaptions(try Self.write(Self.subRip, "in.srt", in: folder), in: folder)
        let exported = folder.path("out.scc")
        let result = try LegibleCommand.run(["extract", movie, "--track", "5", "-o", exported])
        try #require(result.status == 0, "\(result.stderr)")
        let script = "import sys, pycaption; print(pycaption.SRTWriter().write(pycaption.SCCReader().read(open(sys.argv[1]).read())))"
        let output = try ExternalTool.run("python3", ["-c", script, exported])
        try #require(output.status == 0, "\(output.stderr)")
        let got = SubtitleCueReader.cues(output.stdout).map { $0.plainText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }
        let want = SubtitleCueReader.cues(Self.subRip).map { $0.plainText.replacingOccurrences(of: "{\\an8}", with: "") }
        #expect(got == want)
    }

    /// SCC written by pycaption from SubRip and muxed by FFmpeg (`-c copy` writes c608): our
    /// reading of the track and of the SCC file gives the SubRip's texts.
    @Test(.enabled(if: ExternalTool.shouldRun("python3") && ExternalTool.shouldRun("ffmpeg")))
    func independentWritersAgreeWithWhatWeRead() throws {
        let folder = try TemporaryFolder("cc-writers")
        defer { folder.remove() }
        // pycaption's writer sends extended characters (Ü) without the stand-in they replace, so
        // they eat the space before them in every decoder (FFmpeg's, pycaption's, ours): é and ñ
        // are standard characters, ♪ a special one.
        let text = Self.subRip.replacingOccurrences(of: "{\\an8}", with: "").replacingOccurrences(of: "Über", with: "café")
        let input = try Self.write(text, "in.srt", in: folder)
        let scc = folder.path("pycaption.scc")
        let script = "import sys, pycaption; open(sys.argv[2], 'w').write(pycaption.SCCWriter().write(pycaption.SRTReader().read(open(sys.argv[1]).read())))"
        let written = try ExternalTool.run("python3", ["-c", script, input, scc])
        try #require(written.status == 0, "\(written.stderr)")
        let muxed = folder.path("ffmpeg.mov")
        let mux = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", Self.demo, "-i", scc, "-map", "0", "-map", "1", "-c", "copy", muxed])
        try #require(mux.status == 0, "\(mux.stderr)")
        let want = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: input)).map(\.plainText)
        func texts(_ output: ExternalTool.Output) -> [String] {
            SubtitleCueReader.cues(output.stdout).map { $0.plainText }
        }
        let extracted = try LegibleCommand.run(["extract", muxed, "--track", "5", "--format", "srt"])
        try #require(extracted.status == 0, "\(extracted.stderr)")
        #expect(texts(extracted).map { $0.replacingOccurrences(of: "\n", with: " ") } == want.map { $0.replacingOccurrences(of: "\n", with: " ") })
        let converted = try LegibleCommand.run(["convert", scc, "--format", "srt"])
        try #require(converted.status == 0, "\(converted.stderr)")
        #expect(texts(converted) == texts(extracted))
    }

    @Test(arguments: [
        ("WEBVTT\n\n00:00:01;00\t9420\n", "line 1: not an SCC file"),
        ("Scenarist_SCC V1.0\n\n00:00:01;00\t9420 94zz\n", "line 3: '94zz' is not a byte pair"),
        ("Scenarist_SCC V1.0\n\n00:00:02;00\t9420\n\n00:00:01;00\t9420\n", "line 5: timecode 00:00:01;00 is not after"),
        ("Scenarist_SCC V1.0\n\n00:00:61;00\t9420\n", "line 3: '00:00:61;00' is not a timecode"),
    ])
    func badSCCIsOneErrorLineWithTheLineNumber(text: String, message: String) throws {
        let folder = try TemporaryFolder("cc-bad")
        defer { folder.remove() }
        let input = try Self.write(text, "bad.scc", in: folder)
        for arguments in [["convert", input, "--format", "srt"], ["add-captions", Self.demo, input, "--language", "en", "-o", folder.path("out.mov")]] {
            let result = try LegibleCommand.run(arguments)
            #expect(result.status == 2)
            #expect(result.errorLines.count == 1, "\(result.stderr)")
            #expect(result.errorLines.first?.contains(message) == true, "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.mov")))
    }

    @Test func strictRefusesTextWithoutA608Form() throws {
        let folder = try TemporaryFolder("cc-strict")
        defer { folder.remove() }
        let input = try Self.write("1\n00:00:01,000 --> 00:00:02,000\n漢字\n", "cjk.srt", in: folder)
        let output = folder.path("out.mov")
        let strict = try LegibleCommand.run(["add-captions", Self.demo, input, "--language", "ja", "--strict", "-o", output])
        #expect(strict.status == 2)
        #expect(strict.errorLines.first?.contains("cue 1: no CEA-608 form for '漢' (U+6F22)") == true, "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        let lenient = try LegibleCommand.run(["convert", input, "-o", folder.path("out.scc")])
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("warning: \(input): cue 1: no CEA-608 form"), "\(lenient.stderr)")
        let strictConvert = try LegibleCommand.run(["convert", input, "-o", folder.path("strict.scc"), "--strict"])
        #expect(strictConvert.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.path("strict.scc")))
    }

    @Test func hlsOffersTheCaptionsAsAnAccessibleRendition() throws {
        let folder = try TemporaryFolder("cc-hls")
        defer { folder.remove() }
        let movie = try Self.addCaptions(try Self.write(Self.subRip, "in.srt", in: folder), in: folder)
        let result = try LegibleCommand.run(["hls", movie, "-o", folder.path("subs")])
        try #require(result.status == 0, "\(result.stderr)")
        let playlist = try String(contentsOfFile: folder.path("subs/subtitles.m3u8-media"), encoding: .utf8)
        let line = try #require(playlist.split(separator: "\n").first { $0.contains("NAME=\"English CC\"") }, "\(playlist)")
        #expect(line.contains("CHARACTERISTICS=\"public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound\""))
    }
}
