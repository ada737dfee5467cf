import Foundation
import LegibleTestSupport
import Testing

/// GStreamer's adaptive demuxers (hlsdemux2 and dashdemux2, Debian's gstreamer1.0-plugins-good
/// and -bad 1.22) read `legible package`'s master.m3u8 and manifest.mpd from absolute file://
/// URIs: `gst-discoverer-1.0` lists the same video and audio streams, with the same languages,
/// as it lists for the source movie.
extension PackageCommandTests {
    /// The video and audio streams `gst-discoverer-1.0` lists for `path`, in order: their type
    /// and the `Language:` line under each (nil when it has none).
    func gstreamerStreams(_ path: String) throws -> [String] {
        let uri = URL(fileURLWithPath: path).absoluteString
        let output = try ExternalTool.run("gst-discoverer-1.0", ["-t", "60", uri])
        try #require(output.status == 0, "\(uri): \(output.stdout) \(output.stderr)")
        var streams: [String] = []
        for line in output.stdout.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let match = line.firstMatch(of: /^(video|audio|subtitles) #\d+:/) {
                streams.append(String(match.1))
            } else if line.hasPrefix("Language: "), let last = streams.indices.last {
                streams[last] += " " + line.dropFirst("Language: ".count)
            }
        }
        return streams.filter { !$0.hasPrefix("subtitles") }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("gst-discoverer-1.0")))
    func gstreamerListsTheStreamsWithTheirLanguages() throws {
        let folder = try TemporaryFolder("cli-package-gstreamer")
        defer { folder.remove() }
        let output = try package(in: folder)
        let source = try gstreamerStreams(Self.demo)
        // demo.mp4: one video and the English and Spanish audio (TestMedia/README.md).
        #expect(source == ["video", "audio en", "audio es"])
        #expect(try gstreamerStreams(output + "/master.m3u8") == source)
        #expect(try gstreamerStreams(output + "/manifest.mpd") == source)
    }
}
