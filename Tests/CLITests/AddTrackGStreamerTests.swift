import Foundation
import LegibleTestSupport
import Testing

/// GStreamer's player pipeline (`qtdemux`) puts the new track's first buffer where the source
/// puts its own: the source's own edit list (AAC's priming, the delayed `.mp4`) is kept, a raw
/// stream starts at 0, and `--offset 0.5` adds half a second.
@Suite(.enabled(if: ExternalTool.shouldRun("gst-launch-1.0") && ExternalTool.shouldRun("ffprobe")))
struct AddTrackGStreamerTests {
    @Test(arguments: ImportSource.all, ImportSource.targets)
    func theFirstBufferIsWhereTheSourcePutsIt(_ source: ImportSource, _ target: String) throws {
        guard source.fits(target) else { return }
        // A raw stream has no timeline of its own: its first frame is at 0.
        let expected = source.isRawStream ? 0 : try Self.firstBufferTime(source.path, pad: "audio_0")
        let folder = try TemporaryFolder("add-track-gstreamer")
        defer { folder.remove() }
        // qtdemux names its pads by kind in track order: the new track is the movie's last audio.
        let audioPad = "audio_\(try FFmpegReading.streams(AddTrackInteropTests.media(target)).filter { $0.codecType == "audio" }.count)"
        for (offset, extra) in [(0.0, [String]()), (0.5, ["--offset", "0.5", "--past-end", "extend"])] {
            let output = folder.path("offset-\(offset)-" + target)
            let result = try LegibleCommand.run(["add-track", AddTrackInteropTests.media(target), source.path] + source.options + extra + ["-o", output])
            try #require(result.status == 0, "\(result.stderr)")
            #expect(abs(try Self.firstBufferTime(output, pad: audioPad) - (expected + offset)) < 0.000_000_002, "offset \(offset)")
        }
    }

    /// The running time in seconds (GStreamer's clock of the presentation: the buffer's
    /// timestamp less its segment's start, plus the segment's base) of the first buffer
    /// `qtdemux` gives on `pad` for the movie at `path`, read from `fakesink`'s messages.
    static func firstBufferTime(_ path: String, pad: String) throws -> Double {
        let run = try ExternalTool.run("gst-launch-1.0", ["-v", "filesrc", "location=\(path)", "!", "qtdemux", "name=demux",
                                                          "demux.\(pad)", "!", "fakesink", "silent=false"])
        var segment: (base: UInt64, start: UInt64)?
        for line in run.stdout.split(separator: "\n") where line.contains("last-message = ") {
            if line.contains("type: segment"), let base = Self.field("base", in: line), let start = Self.field("start", in: line) {
                segment = (base, start)
            } else if line.contains("last-message = chain"), let segment,
                      let match = line.firstMatch(of: /pts: (\d+):(\d+):(\d+)\.(\d{9})/) {
                let hours = UInt64(match.1) ?? 0, minutes = UInt64(match.2) ?? 0
                let seconds: UInt64 = (hours * 60 + minutes) * 60 + (UInt64(match.3) ?? 0)
                let pts: UInt64 = seconds * 1_000_000_000 + (UInt64(match.4) ?? 0)
                let running: Double = Double(pts) - Double(segment.start) + Double(segment.base)
                return running / 1e9
            }
        }
        Issue.record("no buffer on \(pad) of \(path): \(run.stderr)")
        return .nan
    }

    /// A segment's `name=(guint64)N` field.
    private static func field(_ name: String, in line: Substring) -> UInt64? {
        guard let regex = try? Regex("[ ,]\(name)=\\(guint64\\)(\\d+)"), let match = line.firstMatch(of: regex) else { return nil }
        return UInt64(match.output[1].substring ?? "")
    }
}
