import ElementaryStreams
import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Remux
import Testing

/// A raw audio stream (ADTS AAC, AC-3) made a sound track by the engine: ffmpeg reads the new
/// stream's packets as those of the raw file (sizes and MD5s; the raw demuxers count time in
/// another clock), every other stream is unchanged, and PCM is refused in an MPEG-4 file.
@Suite(.enabled(if: ExternalTool.shouldRun("ffmpeg"))) struct ImportedStreamTests {
    /// demo.mov's Spanish audio as `name` (.m4a, .aac: the AAC copied, into ADTS for .aac;
    /// .ac3, .ec3: encoded by ffmpeg).
    static func stream(_ name: String, in folder: TemporaryFolder) throws -> String {
        let path = folder.path(name)
        let codec = name.hasSuffix(".ac3") ? ["-c:a", "ac3", "-b:a", "96k"]
            : name.hasSuffix(".ec3") ? ["-c:a", "eac3", "-b:a", "96k", "-f", "eac3"] : ["-c", "copy"]
        let made = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", RemuxFixtures.media("demo.mov").path,
                                                   "-map", "0:2"] + codec + [path])
        try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        return path
    }

    /// Each packet's size and MD5 (framemd5's fifth and sixth columns; side data may follow
    /// them, such as the priming samples an MPEG-4 file declares), `extra` options given to ffmpeg.
    /// `input` options apply to the file read.
    static func packets(_ path: String, stream: Int, input: [String] = [], extra: [String] = []) throws -> [String] {
        let output = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error"] + input + ["-i", path, "-map", "0:\(stream)", "-c", "copy"]
                                          + extra + ["-f", "framemd5", "-"])
        try #require(output.status == 0, "ffmpeg framemd5: \(output.stderr)")
        return output.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            line.split(separator: ",").dropFirst(4).prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ",")
        }
    }

    /// ffprobe's duration of the file.
    static func duration(_ path: String) throws -> String {
        let output = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path])
        try #require(output.status == 0, "ffprobe: \(output.stderr)")
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: ["demo.mov", "demo.mp4"], ["spanish.aac", "spanish.ac3", "spanish.ec3"])
    func theNewStreamHasTheRawFilesPackets(_ movie: String, _ raw: String) throws {
        let folder = try TemporaryFolder("import-stream")
        defer { folder.remove() }
        let rawPath = try Self.stream(raw, in: folder)
        let stream = try ElementaryStreamReader.read(path: rawPath)
        let output = folder.path(movie)
        let (pair, report) = try EditedPair.write(EditPlan(importedTracks: [ImportedTrackRequest(.stream(stream))]),
                                                  from: RemuxFixtures.media(movie), to: output)
        #expect(report.addedTrackIDs == [5])
        try pair.expectSamplesIdentical()
        let before = try FFmpegReading.streams(RemuxFixtures.media(movie).path)
        let after = try FFmpegReading.streams(output)
        #expect(Array(after.prefix(before.count)) == before)
        #expect(after.count == before.count + 1)
        #expect(after.last?.codecTag == ["aac": "mp4a", "ac3": "ac-3", "ec3": "ec-3"][String(raw.suffix(3))])
        let expected = try Self.packets(rawPath, stream: 0, extra: raw.hasSuffix(".aac") ? ["-bsf:a", "aac_adtstoasc"] : [])
        #expect(!expected.isEmpty)
        // The stream is 4.032 s, the movie 4 s: the edit list ends the track with the movie, so
        // ffmpeg, which honours it, is asked for every sample the track holds.
        #expect(try Self.packets(output, stream: before.count, input: ["-ignore_editlist", "1"]) == expected)
        #expect(try Self.duration(output) == Self.duration(RemuxFixtures.media(movie).path))
        for index in before.indices {
            #expect(try FFmpegReading.framemd5(output, stream: index) == FFmpegReading.framemd5(RemuxFixtures.media(movie).path, stream: index))
        }
        let track = try pair.outputTrack(5)
        #expect(track.header.alternateGroup == 1)
        #expect(!track.isEnabled)
    }

    @Test func pcmIsRefusedInAnMPEG4File() throws {
        let folder = try TemporaryFolder("import-pcm")
        defer { folder.remove() }
        let wav = folder.path("tone.wav")
        let made = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=1",
                                                   "-c:a", "pcm_s24le", wav])
        try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        let request = ImportedTrackRequest(.stream(try ElementaryStreamReader.read(path: wav)))
        #expect {
            try MovieEditor(path: RemuxFixtures.media("demo.mp4").path).write(EditPlan(importedTracks: [request]), to: folder.path("out.mp4"))
        } throws: { error in
            guard case .cannotImportStream(.codecNotInBrand(format: "lpcm", _)) = error as? EditError else { return false }
            return true
        }
        #expect(try folder.contents() == ["tone.wav"])
        // A QuickTime movie takes it, and ffmpeg decodes as many samples as the file has.
        let output = folder.path("out.mov")
        _ = try MovieEditor(path: RemuxFixtures.media("demo.mov").path).write(EditPlan(importedTracks: [request]), to: output)
        #expect(try Self.packets(output, stream: 4).count > 0)
        #expect(try FFmpegReading.streams(output).last?.codecTag == "lpcm")
    }
}
