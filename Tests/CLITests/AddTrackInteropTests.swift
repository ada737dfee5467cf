import Foundation
import LegibleTestSupport
import Testing

/// Every source of TestMedia/import/ (``ImportSource``) added to demo.mov and demo.mp4, as a new
/// file (`-o`) and in place, read back by FFmpeg 5.1: one stream more; the new stream's packets
/// are the source's, at the same times; every other stream's are the movie's; ffmpeg decodes
/// it; `--offset` moves its first packet by as much. PCM into an MPEG-4 file is refused with one
/// `error:` line and nothing written.
@Suite(.enabled(if: ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe")))
struct AddTrackInteropTests {
    /// How the track is written.
    enum Mode: String, CaseIterable, Sendable { case newFile, inPlace }

    static func media(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent(name).path }

    /// `add-track TARGET SOURCE` with `extra` options into a new file, or into a copy of the
    /// target in place; the command's result and the file it wrote (or would have).
    static func add(_ source: ImportSource, to target: String, _ mode: Mode, extra: [String] = [],
                    in folder: TemporaryFolder) throws -> (result: ExternalTool.Output, output: String) {
        let output = folder.path("out-" + target)
        switch mode {
        case .newFile:
            return (try LegibleCommand.run(["add-track", media(target), source.path] + source.options + extra + ["-o", output]), output)
        case .inPlace:
            try FileManager.default.copyItem(atPath: media(target), toPath: output)
            return (try LegibleCommand.run(["add-track", output, source.path] + source.options + extra + ["--in-place"]), output)
        }
    }

    @Test(arguments: ImportSource.all, ImportSource.targets)
    func theNewStreamIsTheSourcesAndTheOthersTheMoviesInANewFile(_ source: ImportSource, _ target: String) throws {
        try expectAdded(source, to: target, .newFile)
    }

    @Test(arguments: ImportSource.all, ImportSource.targets)
    func theNewStreamIsTheSourcesAndTheOthersTheMoviesInPlace(_ source: ImportSource, _ target: String) throws {
        try expectAdded(source, to: target, .inPlace)
    }

    private func expectAdded(_ source: ImportSource, to target: String, _ mode: Mode) throws {
        let folder = try TemporaryFolder("add-track-interop")
        defer { folder.remove() }
        let (result, output) = try Self.add(source, to: target, mode, in: folder)
        guard source.fits(target) else {
            #expect(result.status == 2)
            #expect(result.errorLines.count == 1 && result.errorLines.first?.contains("write a QuickTime movie (.mov)") == true, "\(result.stderr)")
            // Nothing written: no new file, the movie edited in place as it was.
            let untouched = mode == .newFile ? !FileManager.default.fileExists(atPath: output)
                : FileManager.default.contentsEqual(atPath: output, andPath: Self.media(target))
            #expect(untouched)
            return
        }
        try #require(result.status == 0, "\(result.stderr)")
        let before = try FFmpegReading.streams(Self.media(target)), after = try FFmpegReading.streams(output)
        #expect(after.count == before.count + 1)
        #expect(Array(after.prefix(before.count)) == before)
        let added = try #require(after.last)
        #expect(added.codecType == "audio" && added.language == source.iso639, "\(added)")
        try source.expectSameMedia(as: output, stream: added.index)
        for stream in before {
            #expect(try FFmpegPackets.packets(["-i", output, "-map", "0:\(stream.index)"])
                == FFmpegPackets.packets(["-i", Self.media(target), "-map", "0:\(stream.index)"]), "stream \(stream)")
        }
        #expect(try FFmpegPackets.firstPacketTime(output, stream: String(added.index)) == FFmpegPackets.firstPacketTime(source.path, stream: "a:0"))
        let decoded = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", output, "-map", "0:\(added.index)", "-f", "null", "-"])
        #expect(decoded.status == 0 && decoded.stderr.isEmpty, "\(decoded.stderr)")
    }

    /// `--offset 0.5`: the first packet half a second after the source's (which is where its
    /// edit list puts it: before 0 for AAC's priming, 0.228 s for the delayed .mp4).
    @Test(arguments: ImportSource.all.filter { !$0.isPCM }, ImportSource.targets)
    func anOffsetMovesTheFirstPacket(_ source: ImportSource, _ target: String) throws {
        let folder = try TemporaryFolder("add-track-offset")
        defer { folder.remove() }
        let (result, output) = try Self.add(source, to: target, .newFile, extra: ["--offset", "0.5"], in: folder)
        try #require(result.status == 0, "\(result.stderr)")
        let expected = try FFmpegPackets.firstPacketTime(source.path, stream: "a:0") + 0.5
        // ffprobe prints microseconds.
        #expect(abs(try FFmpegPackets.firstPacketTime(output, stream: "4") - expected) < 0.000_001_5)
    }

    /// A fragmented source whose second fragment names a second sample description (`tfhd`,
    /// ISO/IEC 14496-12 §8.8.7), as an encoder writes one when its configuration changes: the
    /// new track keeps both descriptions and the switch — MP4Box reads a chunk a fragment, of
    /// the fragment's samples (its `trun`'s count) and description — and ffmpeg reads the
    /// source's packets from it.
    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)), arguments: ImportSource.targets)
    func aChangeOfSampleDescriptionBetweenFragmentsIsKept(_ target: String) throws {
        let folder = try TemporaryFolder("add-track-descriptions")
        defer { folder.remove() }
        let fragmented = try #require(ImportSource.all.first { $0.isFragmented })
        let source = folder.path("two-descriptions.mp4"), output = folder.path("out-" + target)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fragmented.path)))
        try Data(try FragmentedMovieCraft.withSecondSampleDescription(bytes, track: 2, fromFragment: 1)).write(to: URL(fileURLWithPath: source))
        let result = try LegibleCommand.run(["add-track", Self.media(target), source, "--type", "audio", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")

        let withoutDurations = { (packets: [FFmpegPackets.Packet]) in packets.map { packet in
            var packet = packet
            packet.duration = nil
            return packet
        } }
        #expect(try withoutDurations(FFmpegPackets.packets(["-i", output, "-map", "0:4"]))
            == withoutDurations(FFmpegPackets.packets(["-i", source, "-map", "0:a:0"])))
        // The source's audio runs: the trun of each track fragment of track 2 (tfhd, tfdt, trun).
        let runs = try Self.dump(source).components(separatedBy: "<TrackFragmentBox").dropFirst()
            .filter { $0.contains(#"TrackID="2""#) }
            .map { traf in try traf.firstMatch(of: Regex(#"<TrackRunBox [^>]*SampleCount="(\d+)""#)).flatMap { Int($0.output[1].substring ?? "") } }
        // The new track's stsc, the last in the dump.
        let written = try Self.dump(output).components(separatedBy: "<TrackBox").last ?? ""
        let chunks = try written.matches(of: Regex(#"<SampleToChunkEntry FirstChunk="(\d+)" SamplesPerChunk="(\d+)" SampleDescriptionIndex="(\d+)""#))
            .map { match in (1...3).map { Int(match.output[$0].substring ?? "") ?? -1 } }
        #expect(runs.count == 2)
        #expect(chunks == runs.enumerated().map { [$0.offset + 1, $0.element ?? -1, $0.offset + 1] })
    }

    /// AAC's roll groups (ISO/IEC 14496-12 §10.1) of a source MP4Box fragmented (`-frag`: the
    /// descriptions in the track's `sgpd`, each fragment's samples mapped in its own `sbgp`)
    /// come back in the new track's `stbl` as they were before fragmenting: MP4Box reads the
    /// same descriptions and the same runs there as in the ffmpeg file it fragmented.
    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)), arguments: ImportSource.targets)
    func rollGroupsOfFragmentsGoIntoTheSampleTable(_ target: String) throws {
        let folder = try TemporaryFolder("add-track-fragment-roll")
        defer { folder.remove() }
        let plain = folder.path("roll.m4a"), fragmented = folder.path("roll-fragmented.mp4"), output = folder.path("out-" + target)
        let made = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-c:a", "aac", plain])
        try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        let split = try ExternalTool.run(TestPaths.mp4Box, ["-quiet", "-frag", "1000", plain, "-out", fragmented])
        try #require(split.status == 0, "MP4Box: \(split.stderr)")
        let entries = try Regex(#"<(SampleGroupDescriptionBox|RollRecoveryEntry|SampleGroupBox|SampleGroupBoxEntry) [^>]*>"#)
        let inFragments = try Self.dump(fragmented).components(separatedBy: "<TrackFragmentBox").dropFirst()
        try #require(inFragments.count > 1 && inFragments.allSatisfy { $0.contains("<SampleGroupBox ") }, "MP4Box maps each fragment's samples")
        let result = try LegibleCommand.run(["add-track", Self.media(target), fragmented, "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("sbgp"), "\(result.stderr)")
        let expected = try Self.dump(plain).matches(of: entries).map { String($0.output[0].substring ?? "") }
        let written = (try Self.dump(output).components(separatedBy: "<TrackBox").last ?? "").matches(of: entries).map { String($0.output[0].substring ?? "") }
        #expect(expected.count >= 4)
        #expect(written == expected)
    }

    /// MP4Box's XML dump of `path` (`-diso`).
    static func dump(_ path: String) throws -> String {
        let out = path + ".xml"
        let result = try ExternalTool.run(TestPaths.mp4Box, ["-diso", path, "-out", out])
        try #require(result.status == 0, "MP4Box -diso \(path): \(result.stderr)")
        return try String(contentsOfFile: out, encoding: .utf8)
    }
}
