import Foundation
import LegibleTestSupport
import Testing

/// Closed-caption tracks through the other commands: channels other than CC1 (field 2, QTFF
/// `cdt2`), a track with two channels, `html`'s kind, `check`'s findings and `--strict`'s refusals.
@Suite struct CaptionChannelCommandTests {
    static let demo = AddCaptionsCommandTests.demo

    @Test func channelThreeRoundTripsAndCC1NamesTheChannelsPresent() throws {
        let folder = try TemporaryFolder("cc-channel-3")
        defer { folder.remove() }
        let input = try AddCaptionsCommandTests.write(AddCaptionsCommandTests.subRip, "in.srt", in: folder)
        let movie = try AddCaptionsCommandTests.addCaptions(input, in: folder, extra: ["--channel", "CC3"])
        let extracted = try LegibleCommand.run(["extract", movie, "--track", "5", "--channel", "CC3", "--format", "srt"])
        try #require(extracted.status == 0, "\(extracted.stderr)")
        let got = SubtitleCueReader.cues(extracted.stdout)
        let want = SubtitleCueReader.cues(AddCaptionsCommandTests.subRip)
        // The top-placed cue comes back top-placed ({\an8} in SubRip).
        #expect(got.map(\.plainText) == want.map(\.plainText))
        for (cue, wanted) in zip(got, want) {
            #expect(abs(cue.start - wanted.start) <= 2 * AddCaptionsCommandTests.frameMilliseconds, "\(cue) vs \(wanted)")
        }
        let wrong = try LegibleCommand.run(["extract", movie, "--track", "5", "--channel", "CC1", "--format", "srt"])
        #expect(wrong.status == 2)
        #expect(wrong.errorLines.count == 1, "\(wrong.stderr)")
        #expect(wrong.errorLines.first?.contains("CC1") == true, "\(wrong.stderr)")
        #expect(wrong.errorLines.first?.contains("CC3 (\(want.count) cues)") == true, "\(wrong.stderr)")
        #expect(wrong.stdout.isEmpty)
    }

    /// A movie of one `clcp` track whose one sample (QTFF "Closed captioning sample data") holds
    /// a pop-on "HI" for CC1 in `cdat` and a pop-on "OK" for CC3 in `cdt2`, pairs from
    /// CTA-608-E's tables, on the 29.97 grid (timescale 30000, 90 frames of 1001).
    static func twoChannelMovie(in folder: TemporaryFolder) throws -> String {
        func atom(_ type: String, _ pairs: [UInt8]) -> [UInt8] { TestBox.leaf(type, pairs).bytes }
        // RCL ×2, PAC row 15 ×2, "HI", EOC ×2; field 2: the same with first byte 0x15, "OK".
        let field1: [UInt8] = [0x94, 0x20, 0x94, 0x20, 0x94, 0xE0, 0x94, 0xE0, 0xC8, 0x49, 0x94, 0x2F, 0x94, 0x2F]
        let field2: [UInt8] = [0x15, 0x20, 0x15, 0x20, 0x94, 0xE0, 0x94, 0xE0, 0x4F, 0xCB, 0x15, 0x2F, 0x15, 0x2F]
        let sample = atom("cdat", field1) + atom("cdt2", field2)
        let entry = TestBox.leaf("c608", [0, 0, 0, 0, 0, 0, 0, 1])
        func moov(chunkOffset: UInt32) -> TestBox {
            .container("moov", [
                CraftedMovie.mvhd(timescale: 1000, duration: 3003),
                CraftedMovie.trak(id: 1, handler: "clcp", mdhd: CraftedMovie.mdhd(timescale: 30000, duration: 90090),
                                  stbl: CraftedMovie.stbl(sizes: [UInt32(sample.count)], duration: 90090, chunkOffset: chunkOffset, entries: [entry])),
            ])
        }
        let offset = UInt32(CraftedMovie.ftyp.count + moov(chunkOffset: 0).bytes.count + 8)
        let bytes = CraftedMovie.ftyp + moov(chunkOffset: offset).bytes + TestBox.leaf("mdat", sample).bytes
        let path = folder.path("two-channels.mov")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func infoListsBothChannelsOfATrack() throws {
        let folder = try TemporaryFolder("cc-two-channels")
        defer { folder.remove() }
        let movie = try Self.twoChannelMovie(in: folder)
        let info = try LegibleCommand.run(["info", "--json", movie])
        try #require(info.status == 0, "\(info.stderr)")
        let track = try #require((info.jsonObject?["tracks"] as? [[String: Any]])?.first)
        let channels = try #require(track["captionChannels"] as? [[String: Any]], "\(track)")
        #expect(channels.map { $0["channel"] as? String } == ["CC1", "CC3"])
        #expect(channels.map { $0["cues"] as? Int } == [1, 1])
        for (channel, text) in [("CC1", "HI"), ("CC3", "OK")] {
            let extracted = try LegibleCommand.run(["extract", movie, "--track", "1", "--channel", channel, "--format", "srt"])
            try #require(extracted.status == 0, "\(extracted.stderr)")
            #expect(SubtitleCueReader.cues(extracted.stdout).map(\.plainText) == [text], "\(channel)")
        }
        let empty = try LegibleCommand.run(["extract", movie, "--track", "1", "--channel", "CC2", "--format", "srt"])
        #expect(empty.status == 2)
        #expect(empty.errorLines.first?.contains("channels with captions: CC1 (1 cue), CC3 (1 cue)") == true, "\(empty.stderr)")
    }

    @Test func htmlOffersTheTrackAsCaptions() throws {
        let folder = try TemporaryFolder("cc-html")
        defer { folder.remove() }
        let input = try AddCaptionsCommandTests.write(AddCaptionsCommandTests.subRip, "in.srt", in: folder)
        let movie = try AddCaptionsCommandTests.addCaptions(input, in: folder)
        let result = try LegibleCommand.run(["html", movie, "-o", folder.path("site"), "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        let tracks = try #require(result.jsonObject?["tracks"] as? [[String: Any]], "\(result.stdout)")
        let html = try #require(tracks.compactMap { $0["html"] as? String }.first { $0.contains(".5.") }, "\(tracks)")
        // HTML §4.8.11: "captions" is for transcription with sound effects, what 608 captions are.
        #expect(html.contains("kind=\"captions\""), "\(html)")
        #expect(html.contains("srclang=\"en\""), "\(html)")
    }

    /// `check` on the added track: QTFF's media header language (`und` is listed as "Unknown
    /// language"), and an accessibility option enabled as its group's default.
    @Test(arguments: [(["--language", "und"], "legible-language"), (["--language", "en", "--default"], "accessibility-default")])
    func checkKnowsACaptionTrack(options: [String], rule: String) throws {
        let folder = try TemporaryFolder("cc-check")
        defer { folder.remove() }
        let input = try AddCaptionsCommandTests.write(AddCaptionsCommandTests.subRip, "in.srt", in: folder)
        let movie = folder.path("cc.mov")
        let added = try LegibleCommand.run(["add-captions", Self.demo, input, "-o", movie] + options)
        try #require(added.status == 0, "\(added.stderr)")
        let check = try LegibleCommand.run(["check", "--json", movie])
        let findings = (check.jsonObject?["findings"] as? [[String: Any]]) ?? []
        let onTrack = findings.filter { $0["trackID"] as? Int == 5 }
        #expect(onTrack.map { $0["rule"] as? String } == [rule], "\(findings)")
        #expect(onTrack.first?["severity"] as? String == "warning")
        #expect((onTrack.first?["message"] as? String)?.hasPrefix("closed-caption track 5") == true, "\(onTrack)")
        // The default took over the group: no group finding.
        #expect(!findings.contains { $0["rule"] as? String == "group-enabled-tracks" }, "\(findings)")
    }

    /// Captions 608 cannot show as written: five rows (a caption has at most 4) and a word of 40
    /// letters (a row has 32 columns). `--strict` refuses them and writes nothing.
    @Test(arguments: [("One\nTwo\nThree\nFour\nFive", "5 rows"), (String(repeating: "W", count: 40), "32 columns")])
    func strictRefusesWhatA608CaptionCannotShow(text: String, says: String) throws {
        let folder = try TemporaryFolder("cc-strict-layout")
        defer { folder.remove() }
        let input = try AddCaptionsCommandTests.write("1\n00:00:01,000 --> 00:00:03,000\n\(text)\n", "in.srt", in: folder)
        let output = folder.path("out.mov")
        let strict = try LegibleCommand.run(["add-captions", Self.demo, input, "--language", "en", "--strict", "-o", output])
        #expect(strict.status == 2)
        #expect(strict.errorLines.count == 1, "\(strict.stderr)")
        #expect(strict.errorLines.first?.contains("cue 1: ") == true, "\(strict.stderr)")
        #expect(strict.errorLines.first?.contains(says) == true, "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try folder.contents() == ["in.srt"])
        // Without --strict the same input is written, with a warning naming the cue.
        let lenient = try LegibleCommand.run(["add-captions", Self.demo, input, "--language", "en", "-o", output])
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr.contains("warning: ") && lenient.stderr.contains("cue 1: "), "\(lenient.stderr)")
    }
}
