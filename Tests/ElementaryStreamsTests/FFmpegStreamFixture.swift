import Foundation
import LegibleTestSupport
import Testing

/// A short raw audio stream ffmpeg encodes from a sine wave into a test's temporary folder, and
/// what ffprobe, an independent reader, says of its packets.
struct FFmpegStreamFixture: Sendable, CustomTestStringConvertible {
    /// The file name; its extension picks ffmpeg's muxer.
    var name: String
    /// ffmpeg's output options: codec, rate, channels, muxer.
    var options: [String]

    var testDescription: String { name }

    /// Whether the stream is coded (AAC, AC-3, E-AC-3), not PCM.
    var isCompressed: Bool { !name.hasSuffix(".wav") && !name.hasSuffix(".rf64") }

    static let all: [FFmpegStreamFixture] = [
        .init(name: "lc-mono-44100.aac", options: ["-ar", "44100", "-ac", "1", "-c:a", "aac", "-b:a", "64k", "-f", "adts"]),
        .init(name: "lc-stereo-48000.aac", options: ["-ar", "48000", "-ac", "2", "-c:a", "aac", "-b:a", "96k", "-f", "adts"]),
        .init(name: "lc-5.1-96000.aac", options: ["-ar", "96000", "-ac", "6", "-c:a", "aac", "-b:a", "256k", "-f", "adts"]),
        .init(name: "stereo-48000.ac3", options: ["-ar", "48000", "-ac", "2", "-c:a", "ac3", "-b:a", "192k", "-f", "ac3"]),
        .init(name: "5.1-44100.ac3", options: ["-ar", "44100", "-ac", "6", "-c:a", "ac3", "-b:a", "384k", "-f", "ac3"]),
        .init(name: "mono-32000.ac3", options: ["-ar", "32000", "-ac", "1", "-c:a", "ac3", "-b:a", "64k", "-f", "ac3"]),
        .init(name: "stereo-48000.ec3", options: ["-ar", "48000", "-ac", "2", "-c:a", "eac3", "-b:a", "128k", "-f", "eac3"]),
        .init(name: "5.1-44100.ec3", options: ["-ar", "44100", "-ac", "6", "-c:a", "eac3", "-b:a", "256k", "-f", "eac3"]),
        .init(name: "s16-stereo-48000.wav", options: ["-ar", "48000", "-ac", "2", "-c:a", "pcm_s16le", "-f", "wav"]),
        .init(name: "s24-mono-44100.wav", options: ["-ar", "44100", "-ac", "1", "-c:a", "pcm_s24le", "-f", "wav"]),
        .init(name: "f32-stereo-48000.wav", options: ["-ar", "48000", "-ac", "2", "-c:a", "pcm_f32le", "-f", "wav"]),
        .init(name: "u8-mono-8000.rf64", options: ["-ar", "8000", "-ac", "1", "-c:a", "pcm_u8", "-f", "wav", "-rf64", "always"]),
    ]

    /// Encodes 1.2 s of a 440 Hz tone into `folder` and returns the file's path.
    func make(in folder: TemporaryFolder) throws -> String {
        let path = folder.path(name)
        let output = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=1.2"]
                                          + options + ["-bitexact", path])
        try #require(output.status == 0, "ffmpeg could not make \(name): \(output.stderr)")
        return path
    }

    /// One packet as ffprobe lists it.
    struct Packet: Equatable {
        var position: UInt64
        var size: UInt32
        /// In the stream's time base.
        var duration: Int
    }

    /// ffprobe's packets of the file's audio stream and the stream's time base and parameters.
    static func probe(_ path: String) throws -> (packets: [Packet], timeBase: (num: Int, den: Int), stream: [String: Any]) {
        let output = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "a:0", "-show_packets", "-show_streams",
                                                      "-of", "json", path])
        try #require(output.status == 0, "ffprobe failed on \(path): \(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        let stream = try #require((json["streams"] as? [[String: Any]])?.first)
        let base = try #require(stream["time_base"] as? String).split(separator: "/").compactMap { Int($0) }
        try #require(base.count == 2)
        let packets = try (json["packets"] as? [[String: Any]] ?? []).map { packet in
            Packet(position: try #require(UInt64(packet["pos"] as? String ?? "")),
                   size: try #require(UInt32(packet["size"] as? String ?? "")),
                   duration: packet["duration"] as? Int ?? -1)
        }
        return (packets, (base[0], base[1]), stream)
    }
}
