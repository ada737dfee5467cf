import Foundation
import Testing
import LegibleTestSupport
import ISOBMFF
@testable import Movie

/// The channel count and sample rate we read from ffmpeg-made QuickTime sound descriptions of
/// each version agree with ffprobe's `sample_rate` and `channels`.
///
/// ffmpeg's mov muxer picks the version itself: 0 for 16-bit PCM, 1 for little-endian PCM wider
/// than 16 bits, 2 when the rate does not fit the 16.16 field (above 65535 Hz). Each case first
/// checks that the file really has the version it is meant to cover.
@Suite("Sound descriptions agree with ffprobe",
       .enabled(if: ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe")))
struct SoundDescriptionFFprobeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var codec: String
        var rate: Int
        var channels: Int
        var version: UInt16
        var testDescription: String { "v\(version) \(codec) \(rate) Hz × \(channels)" }
    }

    @Test(arguments: [
        Case(codec: "pcm_s16le", rate: 44100, channels: 1, version: 0),
        Case(codec: "pcm_s24le", rate: 48000, channels: 6, version: 1),
        Case(codec: "pcm_f32le", rate: 96000, channels: 2, version: 2),
        Case(codec: "pcm_s24le", rate: 192000, channels: 4, version: 2),
    ])
    func channelsAndRateMatchFFprobe(_ sound: Case) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("legible-sound-\(UUID().uuidString).mov")
        defer { try? FileManager.default.removeItem(at: url) }
        let made = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                                                   "sine=r=\(sound.rate):d=0.2", "-ac", "\(sound.channels)",
                                                   "-c:a", sound.codec, url.path])
        try #require(made.status == 0, "ffmpeg failed: \(made.stderr)")

        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "a:0", "-show_entries",
                                                     "stream=sample_rate,channels", "-of", "json", url.path])
        try #require(probe.status == 0, "ffprobe failed: \(probe.stderr)")
        let json = try JSONSerialization.jsonObject(with: probe.stdoutData) as? [String: Any]
        let stream = try #require((json?["streams"] as? [[String: Any]])?.first)
        let theirRate = try #require((stream["sample_rate"] as? String).flatMap(Double.init))
        let theirChannels = try #require(stream["channels"] as? Int)

        let track = try #require(try Movie.open(path: url.path).tracks.first { $0.mediaType == .audio })
        let entry = try #require(track.box.descendant(["mdia", "minf", "stbl", "stsd"])?.children.first)
        let bytes = try entry.encoded()
        // The version is the u16 after the 8 SampleEntry bytes.
        let versionOffset = Int(entry.header.headerSize) + 8
        try #require(bytes.count > versionOffset + 1)
        #expect(UInt16(bytes[versionOffset]) << 8 | UInt16(bytes[versionOffset + 1]) == sound.version)

        let audio = try #require(track.sampleEntries.first?.audio)
        #expect(audio.sampleRate == theirRate)
        #expect(Int(audio.channels) == theirChannels)
    }
}
