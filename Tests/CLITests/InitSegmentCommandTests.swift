import Foundation
import LegibleTestSupport
import Testing

/// `--init FILE`: `info`, `extract` and `strip` read DASH/CMAF media segments after their
/// initialization segment, as the concatenation a DASH client reads (ISO/IEC 23009-1). The
/// segments are MP4Box's (`-dash`), `legible package`'s and the corpus's; what the commands
/// report is what ffprobe, MP4Box and ExifTool read from `cat init segment…`.
@Suite struct InitSegmentCommandTests {
    /// MP4Box's DASH segments of `source` (`-dash 2000`, every track in one representation):
    /// the initialization segment and the media segments, in order.
    static func mp4BoxSegments(of source: String, in folder: TemporaryFolder) throws -> (initialization: String, segments: [String]) {
        let result = try ExternalTool.run(TestPaths.mp4Box, ["-dash", "2000", "-segment-name", "seg_", "-out", folder.path("dash/m.mpd"), source])
        try #require(result.status == 0, "\(result.stderr)")
        let segments = (1...).lazy.map { folder.path("dash/seg_\($0).m4s") }.prefix { FileManager.default.fileExists(atPath: $0) }
        return (folder.path("dash/seg_init.mp4"), Array(segments))
    }

    /// demo.mov's streams copied into an MPEG-4 file by FFmpeg, which MP4Box then segments.
    static func demoMP4(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("demo.mp4")
        let made = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", CLITests.media("demo.mov"), "-map", "0", "-c", "copy", path])
        try #require(made.status == 0, "\(made.stderr)")
        return path
    }

    /// The files one after the other in a new file, which ffprobe, ffmpeg and MP4Box read.
    static func concatenation(_ paths: [String], as name: String, in folder: TemporaryFolder) throws -> String {
        var bytes = Data()
        for path in paths { bytes += try Data(contentsOf: URL(fileURLWithPath: path)) }
        let output = folder.path(name)
        try bytes.write(to: URL(fileURLWithPath: output))
        return output
    }

    /// ffprobe's packet count of each stream, by track ID (ffprobe's stream `id`).
    static func ffprobePackets(_ path: String) throws -> [UInt32: Int] {
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-count_packets", "-show_entries", "stream=id,nb_read_packets",
                                                     "-of", "json", path])
        try #require(probe.status == 0, "\(probe.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: probe.stdoutData) as? [String: Any])
        var packets: [UInt32: Int] = [:]
        for stream in try #require(json["streams"] as? [[String: Any]]) {
            let id = try #require((stream["id"] as? String).flatMap { UInt32($0.dropFirst(2), radix: 16) })
            packets[id] = try #require(Int(stream["nb_read_packets"] as? String ?? ""))
        }
        return packets
    }

    /// MP4Box's `-info TRACK` of a fragmented track: its samples, and their duration in seconds
    /// (`Fragmented track: 189 samples - Media Duration 00:00:04.021`, to the millisecond).
    static func mp4BoxFragmentedTrack(_ path: String, id: UInt32) throws -> (samples: Int, seconds: Double) {
        let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", "\(id)", path])
        let text = info.stdout + info.stderr
        let match = try #require(text.firstMatch(of: /Fragmented track: (\d+) samples - Media Duration (\d+):(\d+):([\d.]+)/), "\(text)")
        let fields = [match.2, match.3, match.4].compactMap { Double($0) }
        try #require(fields.count == 3, "\(match.0)")
        let samples = try #require(Int(match.1))
        return (samples, fields[0] * 3600 + fields[1] * 60 + fields[2])
    }

    /// `info --init … --json`: each track's sample count is the packets ffprobe reads from the
    /// concatenation, and the samples and duration MP4Box finds in its fragments.
    static func expectInfoAsReferenceReaders(initialization: String, segments: [String], in folder: TemporaryFolder,
                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try LegibleCommand.run(["info", "--init", initialization] + segments + ["--json"])
        try #require(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        let json = try #require(result.jsonObject, sourceLocation: sourceLocation)
        #expect(json["fragmented"] as? Bool == true, sourceLocation: sourceLocation)
        let tracks = try #require(json["tracks"] as? [[String: Any]], sourceLocation: sourceLocation)
        let whole = try concatenation([initialization] + segments, as: "whole-\(segments.count).mp4", in: folder)
        let packets = try ffprobePackets(whole)
        #expect(Set(tracks.compactMap { ($0["id"] as? Int).map(UInt32.init) }) == Set(packets.keys), sourceLocation: sourceLocation)
        for track in tracks {
            let id = try #require((track["id"] as? Int).map(UInt32.init), sourceLocation: sourceLocation)
            #expect(track["sampleCount"] as? Int == packets[id], "track \(id)", sourceLocation: sourceLocation)
            let fragments = try mp4BoxFragmentedTrack(whole, id: id)
            #expect(track["sampleCount"] as? Int == fragments.samples, "track \(id)", sourceLocation: sourceLocation)
            let seconds = try #require(track["duration"] as? Double, sourceLocation: sourceLocation)
            #expect(abs(seconds - fragments.seconds) <= 0.001, "track \(id): \(seconds) s, MP4Box \(fragments.seconds) s",
                    sourceLocation: sourceLocation)
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box) && ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe")))
    func infoOfMP4BoxSegmentsCountsWhatFFprobeAndMP4BoxRead() throws {
        let folder = try TemporaryFolder("init-info-mp4box")
        defer { folder.remove() }
        let dash = try Self.mp4BoxSegments(of: Self.demoMP4(in: folder), in: folder)
        try #require(dash.segments.count == 2, "\(dash.segments)")
        try Self.expectInfoAsReferenceReaders(initialization: dash.initialization, segments: [dash.segments[0]], in: folder)
        try Self.expectInfoAsReferenceReaders(initialization: dash.initialization, segments: dash.segments, in: folder)
    }

    /// `legible package` output, one CMAF track per initialization segment.
    static func packaged(in folder: TemporaryFolder, text: String) throws -> String {
        let output = folder.path("package-\(text)")
        let result = try LegibleCommand.run(["package", CLITests.media("demo.mp4"), "-o", output, "--dash", "--text", text,
                                             "--segment-duration", "2"])
        try #require(result.status == 0, "\(result.stderr)")
        return output
    }

    /// The segments `legible package` wrote for a track (`NAME.init.mp4`, `NAME.1.m4s`, …).
    static func packagedSegments(_ name: String, in output: String) -> (initialization: String, segments: [String]) {
        let segments = (1...).lazy.map { "\(output)/\(name).\($0).m4s" }.prefix { FileManager.default.fileExists(atPath: $0) }
        return ("\(output)/\(name).init.mp4", Array(segments))
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box) && ExternalTool.shouldRun("ffprobe")))
    func infoOfPackagedSegmentsCountsWhatFFprobeAndMP4BoxRead() throws {
        let folder = try TemporaryFolder("init-info-package")
        defer { folder.remove() }
        let output = try Self.packaged(in: folder, text: "wvtt")
        for name in ["video.1", "audio.2.en", "audio.3.es"] {
            let track = Self.packagedSegments(name, in: output)
            try #require(track.segments.count >= 2, "\(name)")
            try Self.expectInfoAsReferenceReaders(initialization: track.initialization, segments: track.segments, in: folder)
        }
    }

    /// The cues MP4Box exports from the concatenation (`-raw`: a WebVTT file of a wvtt track, a
    /// TTML document of an stpp track, read by ttconv) are the cues `extract` writes.
    static func expectCuesAsMP4Box(initialization: String, segment: String, track: UInt32, isTTML: Bool = false,
                                   in folder: TemporaryFolder, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let whole = try concatenation([initialization, segment], as: "text-whole.mp4", in: folder)
        let exported = folder.path(isTTML ? "mp4box.xml" : "mp4box.vtt")
        let export = try ExternalTool.run(TestPaths.mp4Box, ["-raw", "\(track)", whole, "-out", exported])
        try #require(export.status == 0, "\(export.stderr)", sourceLocation: sourceLocation)
        let want = isTTML ? try IMSC1Validation.ttconvCues(exported, in: folder)
                          : try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: exported))
        let extracted = folder.path("legible.vtt")
        // One output for every segment: replaced on purpose (issue 29 §5).
        let result = try LegibleCommand.run(["extract", segment, "--init", initialization, "--track", "\(track)", "-o", extracted, "--overwrite"])
        try #require(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!want.isEmpty, sourceLocation: sourceLocation)
        #expect(try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: extracted)) == want, sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func extractOfAPackagedWebVTTSegmentGivesTheCuesMP4BoxExports() throws {
        let folder = try TemporaryFolder("init-extract-package")
        defer { folder.remove() }
        let text = Self.packagedSegments("text.4.es", in: try Self.packaged(in: folder, text: "wvtt"))
        try #require(text.segments.count >= 2)
        for segment in text.segments {
            try Self.expectCuesAsMP4Box(initialization: text.initialization, segment: segment, track: 4, in: folder)
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box) && IMSC1Validation.available))
    func extractOfAPackagedTTMLSegmentGivesTheCuesMP4BoxExports() throws {
        let folder = try TemporaryFolder("init-extract-package-stpp")
        defer { folder.remove() }
        let text = Self.packagedSegments("text.4.es", in: try Self.packaged(in: folder, text: "stpp"))
        try #require(text.segments.count >= 2)
        for segment in text.segments {
            try Self.expectCuesAsMP4Box(initialization: text.initialization, segment: segment, track: 4, isTTML: true, in: folder)
        }
    }

    /// androidx/media's DASH WebVTT test stream: its init segment and first media segment.
    @Test(.corpus, .enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func extractOfACorpusWebVTTSegmentGivesTheCuesMP4BoxExports() throws {
        let folder = try TemporaryFolder("init-extract-corpus")
        defer { folder.remove() }
        func corpus(_ suffix: String) throws -> String {
            try #require(try CorpusIndex.arguments { $0.name.hasSuffix(suffix) }.first).url.path
        }
        try Self.expectCuesAsMP4Box(initialization: corpus("webvtt-in-mp4-multiple-segments__text_init.mp4"),
                                    segment: corpus("webvtt-in-mp4-multiple-segments__text1.m4s"), track: 1, in: folder)
    }

    /// sannies/mp4parser's DASH example: a video initialization segment and a media segment
    /// (styp, sidx, moof, mdat).
    @Test(.corpus, .enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box) && ExternalTool.shouldRun("ffprobe")))
    func infoOfACorpusSegmentCountsWhatFFprobeAndMP4BoxRead() throws {
        let folder = try TemporaryFolder("init-info-corpus")
        defer { folder.remove() }
        let initialization = try #require(try CorpusIndex.arguments { $0.name.hasSuffix("redbull_100kbit_dash.mp4") }.first).url.path
        let segment = try #require(try CorpusIndex.arguments { $0.name.hasSuffix("redbull_10sec1.m4s") }.first).url.path
        try Self.expectInfoAsReferenceReaders(initialization: initialization, segments: [segment], in: folder)
    }

    /// `strip SEGMENT --init INIT -o OUT`: a regular movie whose streams read in FFmpeg as from
    /// the concatenation — the same packets in the same order, at the same times from the first
    /// (FFmpeg starts a fragmented file's streams at its edit lists' offsets and a regular
    /// file's at zero) — where ExifTool finds the location of MP4Box's init segment no more.
    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box) && ExternalTool.shouldRun("ffmpeg")
                   && ExternalTool.shouldRun("exiftool")))
    func stripWritesARegularMovieWithoutTheLocation() throws {
        let folder = try TemporaryFolder("init-strip")
        defer { folder.remove() }
        let dash = try Self.mp4BoxSegments(of: CLITests.media("metadata-udta.mov"), in: folder)
        let segment = try #require(dash.segments.first)
        try #require(!StripCommandTests.privateFindings(try StripCommandTests.exifTags(dash.initialization)).isEmpty,
                     "MP4Box's init segment has no location to strip")
        let output = folder.path("out.mp4")
        let result = try LegibleCommand.run(["strip", segment, "--init", dash.initialization, "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(StripCommandTests.privateFindings(try StripCommandTests.exifTags(output)).isEmpty)
        #expect(try !FragmentedMovieEditTests.isFragmented(output))
        let whole = try Self.concatenation([dash.initialization, segment], as: "whole.mp4", in: folder)
        let streams = try FFmpegReading.streams(whole)
        #expect(try FFmpegReading.streams(output).count == streams.count)
        for stream in streams {
            let want = try Self.packetsFromTheFirst(whole, stream: stream.index)
            #expect(!want.isEmpty)
            #expect(try Self.packetsFromTheFirst(output, stream: stream.index) == want, "stream \(stream)")
        }
        let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", output])
        #expect(info.status == 0, "\(info.stderr)")
    }

    /// A stream's framemd5 packets — decode and presentation time counted from the first
    /// packet's decode time, size and MD5 — durations aside.
    static func packetsFromTheFirst(_ path: String, stream index: Int) throws -> [String] {
        let packets = try FFmpegReading.framemd5(path, stream: index).filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        let first = try #require(packets.first.flatMap { Int($0[1]) })
        return try packets.map { columns in
            try #require(columns.count >= 6, "\(columns)")
            let dts = try #require(Int(columns[1])), pts = try #require(Int(columns[2]))
            return "\(dts - first) \(pts - first) \(columns[4]) \(columns[5])"
        }
    }
}
