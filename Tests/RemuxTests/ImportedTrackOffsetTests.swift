import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Remux
import Testing

/// An imported track moved by ``ImportedTrackRequest/offset``, as ffmpeg presents it: later,
/// its first sample starts at the offset; earlier, what played at the offset plays at 0; the
/// movie keeps its length (the default `clip`), and an advance past the end is refused.
@Suite(.enabled(if: ExternalTool.shouldRun("ffmpeg"))) struct ImportedTrackOffsetTests {
    /// Each packet of the stream as ffmpeg presents it: presentation time (in its time base)
    /// to MD5.
    static func packets(_ path: String, stream: Int) throws -> [Int: String] {
        let output = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-map", "0:\(stream)", "-c", "copy", "-f", "framemd5", "-"])
        try #require(output.status == 0, "ffmpeg: \(output.stderr)")
        var packets: [Int: String] = [:]
        for line in output.stdout.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if columns.count >= 6, let time = Int(columns[2]) { packets[time] = columns[5] }
        }
        return packets
    }

    static func write(offset: MediaTime, in folder: TemporaryFolder) throws -> (audio: String, output: String) {
        let audio = try ImportedStreamTests.stream("spanish.m4a", in: folder)
        var request = ImportedTrackRequest(source: try Movie.open(path: audio), trackID: 1)
        request.offset = offset
        let output = folder.path("out.mov")
        _ = try MovieEditor(path: RemuxFixtures.media("demo.mov").path).write(EditPlan(importedTracks: [request]), to: output)
        return (audio, output)
    }

    @Test func aDelayStartsTheTrackLater() throws {
        let folder = try TemporaryFolder("import-delay")
        defer { folder.remove() }
        let (audio, output) = try Self.write(offset: .milliseconds(1500), in: folder)
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "4", "-show_entries", "stream=start_time",
                                                     "-of", "csv=p=0", output])
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1.500000")
        #expect(try ImportedStreamTests.duration(output) == ImportedStreamTests.duration(RemuxFixtures.media("demo.mov").path))
        // The samples are the source's, shifted by 1.5 s (72,000 ticks at 48 kHz).
        let before = try Self.packets(audio, stream: 0), after = try Self.packets(output, stream: 4)
        #expect(!before.isEmpty)
        for (time, md5) in before where time + 72_000 < 192_000 { #expect(after[time + 72_000] == md5, "packet at \(time)") }
    }

    @Test func anAdvanceStartsTheTrackEarlier() throws {
        let folder = try TemporaryFolder("import-advance")
        defer { folder.remove() }
        let (audio, output) = try Self.write(offset: .seconds(-1), in: folder)
        let before = try Self.packets(audio, stream: 0), after = try Self.packets(output, stream: 4)
        // Every sample that plays from 1 s (48,000 ticks) on plays 1 s earlier (ffmpeg drops the
        // packets of 1,024 samples that end before the new start).
        #expect(!before.isEmpty)
        for (time, md5) in before where time + 1024 > 48_000 { #expect(after[time - 48_000] == md5, "packet at \(time)") }
    }

    @Test func anAdvancePastTheEndIsRefused() throws {
        let folder = try TemporaryFolder("import-advance-past")
        defer { folder.remove() }
        #expect(throws: EditError.importOffsetPastEnd(offset: .seconds(-10))) {
            _ = try Self.write(offset: .seconds(-10), in: folder)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.mov")))
    }
}
