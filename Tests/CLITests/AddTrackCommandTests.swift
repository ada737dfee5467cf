import Foundation
import LegibleTestSupport
import Testing

/// `legible add-track`, checked by independent readers: ffprobe (streams, languages), MP4Box
/// (`-info`: group, flags, `tagc`; `-diso`: `tref/fall`) and `legible check` finding nothing the
/// source did not have; refusals are one `error:` line, exit status 2 and no output.
@Suite(.enabled(if: ExternalTool.shouldRun("ffmpeg"))) struct AddTrackCommandTests {
    static func media(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent(name).path }

    /// demo.mov's Spanish audio (stream 2) as `name`: copied (.m4a, .aac) or encoded (.ac3) by ffmpeg.
    static func spanish(_ name: String, in folder: TemporaryFolder) throws -> String {
        let path = folder.path(name)
        let codec = name.hasSuffix(".ac3") ? ["-c:a", "ac3", "-b:a", "96k"] : ["-c", "copy"]
        let made = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", media("demo.mov"), "-map", "0:2"] + codec + [path])
        try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        return path
    }

    /// `legible check`'s findings, the summary line's file name left out.
    static func findings(_ path: String) throws -> [String] {
        let result = try LegibleCommand.run(["check", path])
        return result.stdout.split(separator: "\n").map { line in line.hasPrefix(path) ? String(line.dropFirst(path.count)) : String(line) }
            .map { $0.replacingOccurrences(of: path, with: "MOVIE") }
    }

    /// MP4Box `-info` of one track.
    static func mp4BoxInfo(_ path: String, track: Int) throws -> String {
        let output = try ExternalTool.run(TestPaths.mp4Box, ["-info", String(track), path])
        try #require(output.status == 0, "MP4Box: \(output.stderr)")
        return output.stdout + output.stderr
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)), arguments: ["demo.mov", "demo.mp4"])
    func audioDescriptionIsTaggedAndGrouped(_ name: String) throws {
        let folder = try TemporaryFolder("add-track-ad")
        defer { folder.remove() }
        let source = try Self.spanish("spanish.m4a", in: folder)
        let output = folder.path(name)
        let result = try LegibleCommand.run(["add-track", Self.media(name), source, "--language", "es", "--describes-video",
                                             "--name", "Spanish AD", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        let streams = try FFmpegReading.streams(output)
        #expect(streams.count == 5)
        #expect(streams.last?.codecType == "audio" && streams.last?.language == "spa")
        let info = try Self.mp4BoxInfo(output, track: 5)
        #expect(info.contains("tagc: public.accessibility.describes-video"))
        // An MPEG-4 file also says it as ISO readers read it: the DASH role in `kind`, which
        // ffprobe shows as the visual_impaired disposition.
        #expect(info.contains("Kind: urn:mpeg:dash:role:2011 - description") == name.hasSuffix(".mp4"))
        let disposition = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "4", "-show_entries",
                                                           "stream_disposition=visual_impaired", "-of", "csv=p=0", output])
        #expect(disposition.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == (name.hasSuffix(".mp4") ? "1" : "0"))
        #expect(info.contains("Alternate Group ID 1"))
        #expect(info.contains("Disabled"))
        // The source's own English track is still the enabled one of the group.
        #expect(try Self.mp4BoxInfo(output, track: 2).contains("Enabled"))
        #expect(try Self.findings(output) == Self.findings(Self.media(name)))
        // A viewer with Audio Descriptions on gets the new track; one without, demo's own Spanish.
        let described = try LegibleCommand.run(["select", output, "--languages", "es", "--prefer-audio-description"])
        #expect(described.stdout.contains("audible  group 1: track 5 "), "\(described.stdout)")
        let plain = try LegibleCommand.run(["select", output, "--languages", "es"])
        #expect(plain.stdout.contains("audible  group 1: track 3 "), "\(plain.stdout)")
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func aFallbackIsAFallReferenceCheckAccepts() throws {
        let folder = try TemporaryFolder("add-track-fallback")
        defer { folder.remove() }
        // The AC-3 mix first, made the default, then an AAC one added as its fallback.
        let ac3 = try Self.spanish("spanish.ac3", in: folder), aac = try Self.spanish("spanish.aac", in: folder)
        let first = folder.path("ac3.mov"), output = folder.path("fallback.mov")
        try #require(try LegibleCommand.run(["add-track", Self.media("demo.mov"), ac3, "--language", "es", "--name", "Spanish 5.1",
                                             "--default", "-o", first]).status == 0)
        let result = try LegibleCommand.run(["add-track", first, aac, "--language", "es", "--name", "Spanish Stereo",
                                             "--fallback-for", "5", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        let dump = folder.path("dump.xml")
        try #require(try ExternalTool.run(TestPaths.mp4Box, ["-diso", output, "-out", dump]).status == 0)
        let xml = try String(contentsOfFile: dump, encoding: .utf8)
        let track5 = try #require(xml.components(separatedBy: "<TrackBox").first { $0.contains("TrackID=\"5\" Duration") })
        #expect(track5.contains("Type=\"fall\"") && track5.contains("<TrackReferenceEntry TrackID=\"6\"/>"))
        #expect(try Self.mp4BoxInfo(output, track: 6).contains("Enabled"))
        #expect(try Self.mp4BoxInfo(output, track: 5).contains("Disabled"))
        #expect(try Self.mp4BoxInfo(output, track: 2).contains("Disabled"))
        #expect(!result.stderr.contains("is disabled"), "the AC-3 track was the enabled one: no other track changes")
        #expect(try Self.findings(output) == Self.findings(Self.media("demo.mov")))
    }

    @Test func refusalsAreOneErrorLine() throws {
        let folder = try TemporaryFolder("add-track-refusals")
        defer { folder.remove() }
        let aac = try Self.spanish("spanish.aac", in: folder)
        let wav = folder.path("tone.wav")
        try #require(try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=1",
                                                     "-c:a", "pcm_s24le", wav]).status == 0)
        // The first 5000 bytes: ffprobe finds the frame there cut short.
        let cut = folder.path("cut.aac")
        try Data(try Data(contentsOf: URL(fileURLWithPath: aac)).prefix(5000)).write(to: URL(fileURLWithPath: cut))
        // An .m4a with moov first, its last 3000 bytes cut off: its one chunk runs past the end.
        let m4a = try Self.spanish("spanish.m4a", in: folder), faststart = folder.path("faststart.m4a"), cutM4A = folder.path("cut.m4a")
        try #require(try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", m4a, "-c", "copy", "-movflags", "+faststart", faststart]).status == 0)
        let whole = try Data(contentsOf: URL(fileURLWithPath: faststart))
        try Data(whole.prefix(whole.count - 3000)).write(to: URL(fileURLWithPath: cutM4A))
        // An AC-3 stream whose second frame has lost its sync word (0x0B77).
        var ac3 = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Self.spanish("spanish.ac3", in: folder))))
        let second = try #require((2..<(ac3.count - 1)).first { ac3[$0] == 0x0B && ac3[$0 + 1] == 0x77 })
        ac3[second] = 0
        let badSync = folder.path("bad-sync.ac3")
        try Data(ac3).write(to: URL(fileURLWithPath: badSync))
        let cases: [(arguments: [String], message: String)] = [
            ([Self.media("demo.mov"), badSync], "no AC-3 syncword where a frame should start (at byte \(second))"),
            ([Self.media("demo.mov"), cutM4A], "cannot import track 1: \(cutM4A): moov/trak[1]"),
            ([Self.media("demo.mp4"), wav], "PCM, which only a QuickTime movie carries"),
            ([Self.media("demo.mov"), Self.media("demo.mp4"), "--track", "9"], "no track 9 in the file to import from; its tracks are 1, 2, 3, 4"),
            ([Self.media("demo.mov"), Self.media("demo.mp4")], "choose one with --track ID or --type"),
            ([Self.media("demo.mov"), cut], "cut short"),
            // The ADTS stream is 189 frames of 1024 at 48 kHz, 4.032 s; demo is 4 s (ffprobe).
            ([Self.media("demo.mov"), aac, "--past-end", "refuse"], "track 5 would make the movie longer"),
            ([Self.media("demo.mov"), aac, "--offset", "-5"], "advances the imported track past its end"),
        ]
        for (index, refusal) in cases.enumerated() {
            let output = folder.path("out\(index)" + (refusal.arguments[0].hasSuffix(".mp4") ? ".mp4" : ".mov"))
            let result = try LegibleCommand.run(["add-track"] + refusal.arguments + ["-o", output])
            #expect(result.status == 2, "\(refusal.arguments)")
            #expect(result.errorLines.count == 1 && result.errorLines.first?.contains(refusal.message) == true, "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test func extendLengthensTheMovieToTheTrack() throws {
        let folder = try TemporaryFolder("add-track-extend")
        defer { folder.remove() }
        let aac = try Self.spanish("spanish.aac", in: folder), output = folder.path("out.mov")
        let result = try LegibleCommand.run(["add-track", Self.media("demo.mov"), aac, "--past-end", "extend", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the movie is lengthened"))
        // 189 ADTS frames of 1024 samples at 48 kHz.
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", output])
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "4.032000")
    }

    @Test func aBatchJobNamesItsSourceAndRerunsWhenItChanges() throws {
        let folder = try TemporaryFolder("add-track-batch")
        defer { folder.remove() }
        _ = try folder.copy(URL(fileURLWithPath: Self.media("demo.mov")), as: "demo.mov")
        let aac = try Self.spanish("spanish.aac", in: folder)
        let manifest = folder.path("jobs.jsonl")
        try #"{"command": "add-track", "input": "demo.mov", "source": "spanish.aac", "language": "es", "describesVideo": true, "output": "ad.mov"}"#
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let first = try LegibleCommand.run(["batch", manifest])
        #expect(first.status == 0 && first.stdout.contains(#""status":"done""#), "\(first.stdout)\(first.stderr)")
        #expect(try FFmpegReading.streams(folder.path("ad.mov")).count == 5)
        #expect(try LegibleCommand.run(["batch", manifest]).stdout.contains(#""status":"skipped""#))
        // A newer source makes the job run again.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: aac)
        #expect(try LegibleCommand.run(["batch", manifest]).stdout.contains(#""status":"done""#))
    }

    @Test func aPlanAddsSeveralTracksInOneWrite() throws {
        let folder = try TemporaryFolder("add-track-plan")
        defer { folder.remove() }
        let m4a = try Self.spanish("spanish.m4a", in: folder)
        _ = try Self.spanish("spanish.aac", in: folder)
        let plan = folder.path("plan.json"), output = folder.path("out.mov")
        try #"{"tracks": [{"file": "spanish.m4a", "language": "es", "describesVideo": true}, {"file": "spanish.aac", "language": "es", "offset": 0.5}]}"#
            .write(toFile: plan, atomically: true, encoding: .utf8)
        let result = try LegibleCommand.run(["add-track", Self.media("demo.mov"), "--plan", plan, "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try FFmpegReading.streams(output).count == 6)
        #expect(try FFmpegReading.framemd5(output, stream: 4) == FFmpegReading.framemd5(m4a, stream: 0))
        let start = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "5", "-show_entries", "stream=start_time", "-of", "csv=p=0", output])
        #expect(start.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.500000")
        if ExternalTool.shouldRun(at: TestPaths.mp4Box) {
            #expect(try Self.mp4BoxInfo(output, track: 5).contains("tagc: public.accessibility.describes-video"))
        }
        try #"{"tracks": [{"file": "spanish.m4a", "lang": "es"}]}"#.write(toFile: plan, atomically: true, encoding: .utf8)
        let refused = try LegibleCommand.run(["add-track", Self.media("demo.mov"), "--plan", plan, "-o", folder.path("bad.mov")])
        #expect(refused.status == 2 && refused.errorLines.first?.contains("unknown key 'lang'") == true, "\(refused.stderr)")
    }

    @Test func aDryRunWritesNothingAndNamesTheSize() throws {
        let folder = try TemporaryFolder("add-track-dry-run")
        defer { folder.remove() }
        let aac = try Self.spanish("spanish.aac", in: folder)
        let movie = try folder.copy(URL(fileURLWithPath: Self.media("demo.mov")), as: "demo.mov")
        let before = try Data(contentsOf: URL(fileURLWithPath: movie))
        for mode in [["-o", folder.path("out.mov")], ["--in-place"]] {
            let dry = try LegibleCommand.run(["add-track", movie, aac, "--dry-run", "--json"] + mode)
            try #require(dry.status == 0, "\(dry.stderr)")
            let planned = try #require(dry.jsonObject?["fileSize"] as? Int)
            if mode[0] == "-o" { #expect(!FileManager.default.fileExists(atPath: folder.path("out.mov"))) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: movie)) == before)
            // The real write makes a file of that size (as the file system reports it).
            try #require(try LegibleCommand.run(["add-track", movie, aac] + mode).status == 0)
            let written = mode[0] == "-o" ? folder.path("out.mov") : movie
            #expect(try FileManager.default.attributesOfItem(atPath: written)[.size] as? Int == planned)
        }
        let refused = try LegibleCommand.run(["add-track", Self.media("demo.mp4"), folder.path("missing.aac"), "--dry-run"])
        #expect(refused.status == 2 && refused.errorLines.count == 1)
    }

    @Test func inPlaceAppendsAndARefusalKeepsTheMovie() throws {
        let folder = try TemporaryFolder("add-track-in-place")
        defer { folder.remove() }
        let movie = try folder.copy(URL(fileURLWithPath: Self.media("demo.mp4")), as: "demo.mp4")
        let before = try Data(contentsOf: URL(fileURLWithPath: movie))
        let wav = folder.path("tone.wav")
        try #require(try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=1",
                                                     "-c:a", "pcm_s16le", wav]).status == 0)
        let refused = try LegibleCommand.run(["add-track", movie, wav, "--in-place"])
        #expect(refused.status == 2)
        #expect(refused.errorLines.count == 1 && refused.errorLines.first?.contains("PCM") == true, "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: movie)) == before)
        // demo.mp4's Spanish track (3) added again, in place.
        let result = try LegibleCommand.run(["add-track", movie, Self.media("demo.mp4"), "--track", "3", "--language", "es",
                                             "--name", "Spanish again", "--in-place"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try FFmpegReading.streams(movie).count == 5)
        #expect(try FFmpegReading.framemd5(movie, stream: 4) == FFmpegReading.framemd5(Self.media("demo.mp4"), stream: 2))
    }

    /// A fragmented movie takes a track of another file only in a new file, a regular movie:
    /// `--keep-fragments` and `--in-place` are refused, each with one `error:` line that names
    /// -o, and the movie is left as it was.
    @Test func aFragmentedTargetTakesATrackInANewFileOnly() throws {
        let folder = try TemporaryFolder("add-track-fragmented-target")
        defer { folder.remove() }
        let source = Self.media("import/described.m4a")
        let target = try folder.copy(TestPaths.testMedia.appendingPathComponent("fragmented.mp4"), as: "fragmented.mp4")
        let original = try Data(contentsOf: URL(fileURLWithPath: target))
        let kept = try LegibleCommand.run(["add-track", target, source, "--keep-fragments", "-o", folder.path("kept.mp4")])
        #expect(kept.status == 2 && kept.errorLines.count == 1)
        #expect(kept.errorLines.first?.contains("without --keep-fragments, -o writes a regular movie") == true, "\(kept.stderr)")
        let inPlace = try LegibleCommand.run(["add-track", target, source, "--in-place"])
        #expect(inPlace.status == 2 && inPlace.errorLines.count == 1)
        #expect(inPlace.errorLines.first.map { $0.contains("write a new file with -o") && !$0.contains("--keep-fragments") } == true, "\(inPlace.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == original)
        #expect(try folder.contents().sorted() == ["fragmented.mp4"])
        let output = folder.path("regular.mp4")
        let written = try LegibleCommand.run(["add-track", target, source, "-o", output])
        try #require(written.status == 0, "\(written.stderr)")
        #expect(try FFmpegReading.streams(output).count == FFmpegReading.streams(target).count + 1)
    }
}
