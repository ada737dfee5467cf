import Foundation
import LegibleTestSupport
import Testing

/// The RFC 6381 codecs strings `legible package` signals (HLS CODECS, DASH `@codecs`) are the
/// ones MP4Box derives from the same sample entries ("RFC6381 Codec Parameters" in `-info`):
/// H.264 and AAC from TestMedia/demo.mp4, HEVC (8-bit Main in `hvc1`, 10-bit Main 10 in `hev1`)
/// from clips FFmpeg encodes with libx265.
extension PackageCommandTests {
    /// MP4Box's codecs string of each track of `path`, in track order.
    func mp4BoxCodecs(_ path: String) throws -> [String] {
        let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", path])
        try #require(info.status == 0, "\(info.stderr)")
        return (info.stdout + info.stderr).split(separator: "\n").compactMap { line in
            line.firstMatch(of: /RFC6381 Codec Parameters: (\S+)/).map { String($0.1) }
        }
    }

    /// The codecs of every video and audio rendition `package --json` lists, in track order.
    func packagedCodecs(_ movie: String, in folder: TemporaryFolder) throws -> [String] {
        let result = try LegibleCommand.run(["package", movie, "-o", folder.path("out"), "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        let renditions = try #require(result.jsonObject?["renditions"] as? [[String: Any]])
        return renditions.filter { ["video", "audio"].contains($0["type"] as? String) }
            .sorted { ($0["trackID"] as? Int ?? 0) < ($1["trackID"] as? Int ?? 0) }
            .compactMap { $0["codecs"] as? String }
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func codecsAreTheOnesMP4BoxDerives() throws {
        let folder = try TemporaryFolder("cli-package-codecs")
        defer { folder.remove() }
        let expected = try mp4BoxCodecs(Self.demo).filter { $0.hasPrefix("avc") || $0.hasPrefix("mp4a") }
        #expect(expected.count == 3, "\(expected)")
        #expect(try packagedCodecs(Self.demo, in: folder) == expected)
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box) && ExternalTool.shouldRun("ffmpeg")),
          arguments: [["-tag:v", "hvc1"], ["-pix_fmt", "yuv420p10le"]])
    func hevcCodecsAreTheOnesMP4BoxDerives(_ options: [String]) throws {
        let folder = try TemporaryFolder("cli-package-hevc")
        defer { folder.remove() }
        let movie = folder.path("hevc.mp4")
        let made = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-t", "2",
                                                   "-c:v", "libx265", "-x265-params", "log-level=error"] + options + [movie])
        try #require(made.status == 0, "\(made.stderr)")
        let expected = try mp4BoxCodecs(movie)
        #expect(expected.count == 1 && expected.allSatisfy { $0.hasPrefix("hvc1.") || $0.hasPrefix("hev1.") }, "\(expected)")
        #expect(try packagedCodecs(movie, in: folder) == expected)
        let master = try String(contentsOfFile: folder.path("out") + "/master.m3u8", encoding: .utf8)
        #expect(master.contains("CODECS=\"\(expected[0])\""), "\(master)")
    }
}
