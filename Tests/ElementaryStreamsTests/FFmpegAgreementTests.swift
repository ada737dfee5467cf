import ElementaryStreams
import Foundation
import ISOBMFF
import LegibleTestSupport
import Testing

/// Streams ffmpeg encodes, read by `ElementaryStreamReader`, against what ffprobe lists of the
/// same file and what ffmpeg writes into an MP4 made from it with `-c copy`.
@Suite struct FFmpegAgreementTests {
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe")), arguments: FFmpegStreamFixture.all)
    func samplesAreFFprobesPackets(_ fixture: FFmpegStreamFixture) throws {
        let folder = try TemporaryFolder("elementary")
        defer { folder.remove() }
        let path = try fixture.make(in: folder)
        let stream = try ElementaryStreamReader.read(path: path)
        let probe = try FFmpegStreamFixture.probe(path)
        let rate = try #require(Int(probe.stream["sample_rate"] as? String ?? ""))
        #expect(Int(stream.timescale) == rate)
        let offsets = stream.samples.offsets
        switch stream.format {
        case .pcm:
            // ffmpeg's WAV demuxer hands out blocks of many PCM frames: the bytes, the start and
            // the frame count must agree, each of our samples one frame.
            let bits = try #require(probe.stream["bits_per_sample"] as? Int)
            let channels = try #require(probe.stream["channels"] as? Int)
            #expect(stream.samples.sizes == .constant(UInt32(bits / 8 * channels)))
            #expect(stream.samples.byteCount == probe.packets.reduce(0) { $0 + UInt64($1.size) })
            #expect(offsets.first == probe.packets.first?.position)
            #expect(probe.timeBase.num == 1 && probe.timeBase.den == rate)
            #expect(stream.samples.count == probe.packets.reduce(0) { $0 + $1.duration })
            #expect(stream.sampleDuration == 1)
        case .adtsAAC, .ac3, .eac3:
            // ffprobe's ADTS packets are whole frames, the 7-byte header (ffmpeg writes no CRC)
            // included; our samples are the raw data blocks after it.
            let header: UInt32 = stream.format == .adtsAAC ? 7 : 0
            #expect(stream.samples.count == probe.packets.count)
            #expect(offsets == probe.packets.map { $0.position + UInt64(header) })
            #expect((0..<stream.samples.count).map { stream.samples.size(of: $0) } == probe.packets.map { $0.size - header })
            // ffprobe's durations are ours in its time base, rounded to its ticks.
            let expected = Double(stream.sampleDuration) * Double(probe.timeBase.den) / (Double(probe.timeBase.num) * Double(rate))
            for packet in probe.packets.dropLast() { #expect(abs(Double(packet.duration) - expected) < 1) }
            #expect(stream.sampleDuration == (stream.format == .adtsAAC ? 1024 : 1536))
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")), arguments: FFmpegStreamFixture.all.filter(\.isCompressed))
    func decoderConfigurationIsFFmpegs(_ fixture: FFmpegStreamFixture) throws {
        let folder = try TemporaryFolder("elementary-config")
        defer { folder.remove() }
        let path = try fixture.make(in: folder)
        let movie = folder.path("copy.mp4")
        let copy = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-c", "copy", movie])
        try #require(copy.status == 0, "ffmpeg -c copy: \(copy.stderr)")
        let stream = try ElementaryStreamReader.read(path: path)
        let theirs = try Self.sampleEntry(of: movie)
        #expect(theirs.type == stream.sampleEntry.type)
        switch stream.format {
        case .adtsAAC:
            let ours = try #require(stream.sampleEntry.child("esds")?.data)
            let their = try #require(theirs.child("esds")?.data)
            #expect(try DescriptorWalk.decoderSpecificInfo(ours) == DescriptorWalk.decoderSpecificInfo(their))
            #expect(try DescriptorWalk.averageBitrate(ours) == DescriptorWalk.averageBitrate(their))
        case .ac3:
            #expect(stream.sampleEntry.child("dac3")?.data.map(Array.init) == theirs.child("dac3")?.data.map(Array.init))
        case .eac3:
            #expect(stream.sampleEntry.child("dec3")?.data.map(Array.init) == theirs.child("dec3")?.data.map(Array.init))
        case .pcm:
            Issue.record("PCM has no ISO decoder configuration")
        }
    }

    /// The first sound sample entry of the movie at `path`, read by our box reader.
    static func sampleEntry(of path: String) throws -> Box {
        let file = BoxTreeParser.parse(try FileByteSource(path: path))
        let stsd = try #require(file.box("moov")?.child("trak")?.descendant(["mdia", "minf", "stbl", "stsd"]))
        return try #require(stsd.children.first)
    }
}
