import Foundation
import LegibleTestSupport
import Testing

/// A track of a QuickTime movie copied into an MPEG-4 file keeps nothing only QuickTime reads:
/// ffmpeg's `.mov` sound descriptions (version 1, the `esds` inside `wave`, a `chan`) become an
/// ISO/IEC 14496-12 §12.2.3 entry of version 0 whose channel layout is a `chnl` (§12.2.4), read
/// back by MP4Box `-diso` and ffprobe; what has no ISO form is named in a warning; a rate an ISO
/// entry of version 0 cannot hold makes an entry of version 1 with a `srat`.
@Suite(.enabled(if: ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun(at: TestPaths.mp4Box)))
struct AddTrackISOConversionTests {
    /// A 2-second AAC tone in a QuickTime movie made by ffmpeg, with `pan` choosing the layout.
    static func quickTimeTone(_ name: String, layout: String, rate: Int = 48000, in folder: TemporaryFolder) throws -> String {
        try made(name, from: "sine=frequency=300:sample_rate=\(rate):duration=2", ["-af", "pan=\(layout)", "-c:a", "aac", "-b:a", "128k"], in: folder)
    }

    /// The file `name` in `folder` that ffmpeg makes from the lavfi source `filter` with `options`.
    static func made(_ name: String, from filter: String, _ options: [String], in folder: TemporaryFolder) throws -> String {
        let path = folder.path(name)
        let made = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", filter] + options + [path])
        try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        return path
    }

    /// The attributes of each box of `type` in `trackIndex` (1-based) of MP4Box's `-diso` dump.
    static func dumpedBoxes(_ path: String, type: String, track trackIndex: Int, in folder: TemporaryFolder) throws -> [String] {
        let dump = folder.path("dump.xml")
        let result = try ExternalTool.run(TestPaths.mp4Box, ["-quiet", "-diso", path, "-out", dump])
        try #require(result.status == 0, "MP4Box: \(result.stderr)")
        let tracks = try String(contentsOfFile: dump, encoding: .utf8).components(separatedBy: "<TrackBox ")
        try #require(tracks.count > trackIndex)
        let track = tracks[trackIndex]
        var found: [String] = []
        var rest = track[...]
        while let start = rest.range(of: "Type=\"\(type)\"") {
            let open = rest[..<start.lowerBound].lastIndex(of: "<") ?? start.lowerBound
            let close = rest[start.upperBound...].firstIndex(of: ">") ?? rest.endIndex
            found.append(String(rest[open..<close]))
            rest = rest[close...]
        }
        return found
    }

    /// ffprobe's `channels`, `channel_layout`, `sample_rate` and handler name of stream `index`
    /// (a QuickTime handler name is a Pascal string, which ffprobe reads as one only in a
    /// QuickTime movie).
    static func audioFields(_ path: String, stream index: Int) throws -> [String] {
        let result = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", String(index), "-show_entries",
                                                      "stream=channels,channel_layout,sample_rate:stream_tags=handler_name",
                                                      "-of", "csv=p=0", path])
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map(String.init)
    }

    /// QTFF's stereo tag and ffmpeg's 5.1 bitmap both have an ISO/IEC 23001-8 ChannelConfiguration
    /// (2 and 6): MP4Box reads it from `chnl`, and neither `chan` nor `wave` is left in the entry.
    @Test(arguments: [("stereo", "stereo|c0=c0|c1=c0", 2), ("5.1", "5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0", 6)])
    func aChannelLayoutBecomesChnl(_ name: String, _ layout: String, _ configuration: Int) throws {
        let folder = try TemporaryFolder("add-track-iso-chnl")
        defer { folder.remove() }
        let source = try Self.quickTimeTone("tone.mov", layout: layout, in: folder)
        #expect(try Self.dumpedBoxes(source, type: "chan", track: 1, in: folder).count == 1, "ffmpeg's .mov has a chan")
        let output = folder.path("out.mp4")
        let result = try LegibleCommand.run(["add-track", AddTrackCommandTests.media("demo.mp4"), source, "--language", "en", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("('chnl', ChannelConfiguration \(configuration))"), "\(result.stderr)")
        let layouts = try Self.dumpedBoxes(output, type: "chnl", track: 5, in: folder)
        #expect(layouts.count == 1)
        #expect(layouts.first?.contains("stream_structure=\"1\" definedLayout=\"\(configuration)\"") == true, "\(layouts)")
        #expect(try Self.dumpedBoxes(output, type: "chan", track: 5, in: folder).isEmpty)
        #expect(try Self.dumpedBoxes(output, type: "wave", track: 5, in: folder).isEmpty)
        #expect(try Self.audioFields(output, stream: 4) == Self.audioFields(source, stream: 0))
        #expect(try FFmpegReading.framemd5(output, stream: 4) == FFmpegReading.framemd5(source, stream: 0))
    }

    /// Into a QuickTime movie the entry is copied as it is, `chan` and all.
    @Test func aQuickTimeTargetKeepsChan() throws {
        let folder = try TemporaryFolder("add-track-iso-chan-kept")
        defer { folder.remove() }
        let source = try Self.quickTimeTone("tone.mov", layout: "stereo|c0=c0|c1=c0", in: folder)
        let output = folder.path("out.mov")
        let result = try LegibleCommand.run(["add-track", AddTrackCommandTests.media("demo.mov"), source, "--language", "en", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("chnl"))
        #expect(try Self.dumpedBoxes(output, type: "chan", track: 5, in: folder).count == 1)
        #expect(try Self.dumpedBoxes(output, type: "chnl", track: 5, in: folder).isEmpty)
    }

    /// 96 kHz is past version 0's 16.16 rate: into an MPEG-4 file the entry becomes an
    /// AudioSampleEntryV1 (ISO/IEC 14496-12 §12.2.3) whose `srat` (§12.2.5) holds the rate, in an
    /// `stsd` of version 1 (§8.5.2); ffprobe and MP4Box read 96000 and the packets are the
    /// source's. A QuickTime target keeps the sound description as it is.
    @Test func aRateAboveSixteenBitsIsWrittenAsVersion1WithSamplingRate() throws {
        let folder = try TemporaryFolder("add-track-iso-96k")
        defer { folder.remove() }
        let source = try Self.quickTimeTone("tone96.mov", layout: "stereo|c0=c0|c1=c0", rate: 96000, in: folder)
        let output = folder.path("out.mp4")
        let result = try LegibleCommand.run(["add-track", AddTrackCommandTests.media("demo.mp4"), source, "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("version 1 with its rate in 'srat'"), "\(result.stderr)")
        #expect(try Self.audioFields(output, stream: 4).contains("96000"))
        #expect(try FFmpegReading.framemd5(output, stream: 4) == FFmpegReading.framemd5(source, stream: 0))
        let rates = try Self.dumpedBoxes(output, type: "srat", track: 5, in: folder)
        #expect(rates.count == 1 && rates.first?.contains("sampling_rate=\"96000\"") == true, "\(rates)")
        let entries = try Self.dumpedBoxes(output, type: "mp4a", track: 5, in: folder)
        #expect(entries.first?.contains("Version=\"1\"") == true, "\(entries)")
        let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", "5", output])
        #expect((info.stdout + info.stderr).contains("SampleRate 96000"), "\(info.stdout)\(info.stderr)")
        let quickTime = folder.path("out.mov")
        let accepted = try LegibleCommand.run(["add-track", AddTrackCommandTests.media("demo.mov"), source, "-o", quickTime])
        try #require(accepted.status == 0, "\(accepted.stderr)")
        #expect(try Self.audioFields(quickTime, stream: 4).contains("96000"))
        #expect(try Self.dumpedBoxes(quickTime, type: "srat", track: 5, in: folder).isEmpty)
    }

    /// A raw ADTS stream at 96 kHz (ffmpeg's sine as AAC) the same: into an MPEG-4 file an
    /// AudioSampleEntryV1 with a `srat` of 96000 that ffprobe reads, the packets those ffmpeg
    /// reads from the stream (headers stripped by `aac_adtstoasc`); into a QuickTime movie none.
    @Test func aRawStreamAboveSixteenBitsHasSamplingRate() throws {
        let folder = try TemporaryFolder("add-track-iso-96k-adts")
        defer { folder.remove() }
        let source = try Self.made("tone96.aac", from: "sine=frequency=300:sample_rate=96000:duration=2", ["-c:a", "aac", "-b:a", "128k", "-f", "adts"], in: folder)
        for target in ["demo.mp4", "demo.mov"] {
            let output = folder.path("out-" + target)
            let result = try LegibleCommand.run(["add-track", AddTrackCommandTests.media(target), source, "--past-end", "extend", "-o", output])
            try #require(result.status == 0, "\(result.stderr)")
            #expect(try Self.audioFields(output, stream: 4).contains("96000"))
            #expect(try FFmpegPackets.packets(["-i", output, "-map", "0:4"])
                == FFmpegPackets.packets(["-i", source, "-map", "0:a:0", "-bsf:a", "aac_adtstoasc"]))
            let rates = try Self.dumpedBoxes(output, type: "srat", track: 5, in: folder)
            if target.hasSuffix(".mp4") {
                #expect(rates.count == 1 && rates.first?.contains("sampling_rate=\"96000\"") == true, "\(rates)")
                #expect(try Self.dumpedBoxes(output, type: "stsd", track: 5, in: folder).first?.contains("Version=\"1\"") == true)
            } else {
                #expect(rates.isEmpty)
            }
        }
    }

    /// ffmpeg writes subtitles into a `.mov` as QuickTime text (a 'text' entry under a 'gmhd'
    /// media header, as MP4Box reads it); copied into an MPEG-4 file they stay so, and the
    /// warnings say what MPEG-4 players make of that. Into a QuickTime movie nothing is said.
    @Test func quickTimeTextIntoMPEG4IsNamed() throws {
        let folder = try TemporaryFolder("add-track-iso-qt-text")
        defer { folder.remove() }
        let source = folder.path("subtitles.mov")
        let srt = TestPaths.testMedia.appendingPathComponent("english-sdh.srt").path
        try #require(try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", srt, "-c:s", "mov_text", source]).status == 0)
        let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", "1", source])
        try #require((info.stdout + info.stderr).contains("text:text"), "MP4Box reads a QuickTime text entry")
        try #require(try Self.dumpedBoxes(source, type: "gmhd", track: 1, in: folder).count == 1)
        let result = try LegibleCommand.run(["add-track", AddTrackCommandTests.media("demo.mp4"), source, "-o", folder.path("out.mp4")])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("QuickTime text ('text')") && result.stderr.contains("'gmhd'"), "\(result.stderr)")
        let quickTime = try LegibleCommand.run(["add-track", AddTrackCommandTests.media("demo.mov"), source, "-o", folder.path("out.mov")])
        try #require(quickTime.status == 0, "\(quickTime.stderr)")
        #expect(!quickTime.stderr.contains("QuickTime text") && !quickTime.stderr.contains("gmhd"), "\(quickTime.stderr)")
    }

    /// ffmpeg gives a `.mov` video track with non-square pixels a `tapt` (QTFF "Track aperture
    /// mode dimensions atom"); the copy does not carry it, and says so.
    @Test func aTrackAtomLeftOutIsNamed() throws {
        let folder = try TemporaryFolder("add-track-iso-tapt")
        defer { folder.remove() }
        let source = try Self.made("anamorphic.mov", from: "testsrc2=size=64x48:rate=25:duration=1",
                                   ["-vf", "setsar=2", "-c:v", "libx264", "-pix_fmt", "yuv420p"], in: folder)
        try #require(try Self.dumpedBoxes(source, type: "tapt", track: 1, in: folder).count == 1, "ffmpeg writes tapt for non-square pixels")
        let output = folder.path("out.mp4")
        let result = try LegibleCommand.run(["add-track", AddTrackCommandTests.media("demo.mp4"), source, "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("'tapt' box"), "\(result.stderr)")
        #expect(try Self.dumpedBoxes(output, type: "tapt", track: 5, in: folder).isEmpty)
    }
}
