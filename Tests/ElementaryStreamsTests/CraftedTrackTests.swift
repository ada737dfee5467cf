import ElementaryStreams
import Foundation
import ISOBMFF
import LegibleTestSupport
import Testing

/// Each stream ffmpeg encodes, put by hand into a one-track movie (our sample entry, one chunk
/// of the samples copied from the file by ``ElementaryStreamSamples/runs``), then read by ffmpeg:
/// the packets (PCM: the decoded audio) must be those ffmpeg reads from the raw file itself.
@Suite struct CraftedTrackTests {
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")), arguments: FFmpegStreamFixture.all)
    func ffmpegReadsTheSamplesItWrote(_ fixture: FFmpegStreamFixture) throws {
        let folder = try TemporaryFolder("elementary-crafted")
        defer { folder.remove() }
        let path = try fixture.make(in: folder)
        let stream = try ElementaryStreamReader.read(path: path)
        let movie = folder.path("crafted.mov")
        try Data(Self.movie(of: stream)).write(to: URL(fileURLWithPath: movie))
        if fixture.isCompressed {
            // ffmpeg's own packets of the raw file; for ADTS without their headers, as an MP4 holds them.
            let filter = stream.format == .adtsAAC ? ["-bsf:a", "aac_adtstoasc"] : []
            #expect(try Self.packets(movie, []) == Self.packets(path, filter))
        } else {
            #expect(try Self.decoded(movie) == Self.decoded(path))
        }
    }

    /// `ftyp`, `moov` with one sound track, `mdat` with the samples in one chunk.
    static func movie(of stream: ElementaryStream) throws -> [UInt8] {
        let brand = stream.needsQuickTime ? "qt  " : "isom"
        let ftyp = TestBox.leaf("ftyp", ascii(brand) + be32(0) + ascii(brand)).bytes
        let sizes = (0..<stream.samples.count).map { stream.samples.size(of: $0) }
        let entry = TestBox.raw(try stream.sampleEntry.encoded())
        func moov(chunkOffset: UInt32) -> [UInt8] {
            TestBox.container("moov", [
                CraftedMovie.mvhd(),
                CraftedMovie.trak(id: 1, handler: "soun",
                                  mdhd: CraftedMovie.mdhd(timescale: stream.timescale, duration: stream.duration),
                                  stbl: CraftedMovie.stbl(sizes: sizes, duration: stream.sampleDuration, chunkOffset: chunkOffset,
                                                          entries: [entry])),
            ]).bytes
        }
        let header = ftyp.count + moov(chunkOffset: 0).count + 8
        var media: [UInt8] = []
        for run in stream.samples.runs {
            media += try stream.source.read(at: run.offset, count: Int(run.byteCount))
        }
        return ftyp + moov(chunkOffset: UInt32(header)) + TestBox.leaf("mdat", media).bytes
    }

    /// The size and MD5 of every packet of the first audio stream: the timing columns differ
    /// between a raw file's time base and the movie's, and the side data of the first packet (its
    /// size and MD5 follow the packet's) between the demuxers.
    static func packets(_ path: String, _ options: [String]) throws -> [String] {
        let output = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-map", "0:a:0", "-c", "copy"] + options
                                          + ["-f", "framemd5", "-"])
        try #require(output.status == 0, "ffmpeg framemd5 of \(path): \(output.stderr)")
        let lines = output.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }
        try #require(!lines.isEmpty)
        return lines.map { $0.split(separator: ",").dropFirst(4).prefix(2).joined(separator: ",") }
    }

    /// The MD5 of the first audio stream decoded to 64-bit floats (exact for every PCM depth here).
    static func decoded(_ path: String) throws -> String {
        let output = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-map", "0:a:0", "-c:a", "pcm_f64le",
                                                     "-f", "md5", "-"])
        try #require(output.status == 0, "ffmpeg could not decode \(path): \(output.stderr)")
        return output.stdout
    }
}
