import Foundation
import ISOBMFF
import LegibleTestSupport
import Testing
@testable import Movie

/// The corpus's fragmented movies (a `moov` and `moof`s): every sample of every track that
/// ffprobe reads (video, audio, wvtt and stpp text as data) lies where ffprobe's packets are,
/// with their sizes and decode times.
@Suite(.corpus)
struct FragmentCorpusTests {
    static let files: [CorpusEntry] = (try? CorpusIndex.arguments { entry in
        entry.features.contains("fragmented") && !entry.features.contains("segment-only") && !entry.isMalformed
            && !entry.features.contains("encrypted")
    }) ?? []

    struct Packet: Equatable, CustomStringConvertible {
        var offset: UInt64
        var size: UInt32
        var decodeTime: Int64
        var description: String { "\(size)@\(offset) dts \(decodeTime)" }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")), arguments: files)
    func samplesLieWhereFFprobeReadsPackets(_ entry: CorpusEntry) throws {
        let movie = try Movie(file: BoxTreeParser.parse(try FileByteSource(path: entry.url.path)))
        let streams = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "stream=index,id,codec_type", "-of", "csv=p=0", entry.url.path])
        try #require(streams.status == 0, "\(streams.stderr)")
        var compared = 0
        for line in streams.stdout.split(separator: "\n") {
            let fields = line.split(separator: ",").map(String.init)
            guard fields.count == 3, let id = UInt32(fields[2].dropFirst(2), radix: 16), ["video", "audio", "subtitle", "data"].contains(fields[1]),
                  let track = movie.track(id: id) else { continue }
            let packets = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", fields[0], "-show_entries",
                                                           "packet=pos,size,dts", "-of", "csv=p=0", entry.url.path])
            let theirs = packets.stdout.split(separator: "\n").compactMap { line -> Packet? in
                let parts = line.split(separator: ",").map(String.init)
                guard parts.count == 3, let dts = Int64(parts[0]), let size = UInt32(parts[1]), let pos = UInt64(parts[2]) else { return nil }
                return Packet(offset: pos, size: size, decodeTime: dts)
            }
            // ffprobe's dts are in the stream time base, the media timescale for MP4, shifted to
            // start at the first; ours are media times.
            let ours = try movie.samples(of: track, maxSamples: 1_000_000)
            let first = Int64(ours.first?.decodeTime ?? 0) - (theirs.first?.decodeTime ?? 0)
            var mine = ours.map { Packet(offset: $0.offset, size: $0.size, decodeTime: Int64($0.decodeTime) - first) }
            if track.codec == "c608" {
                // ffmpeg's packets of a c608 sample are the caption pairs re-packed (cc_data
                // triplets), not the sample's bytes: only places and times compare.
                mine = zip(mine, theirs).map { Packet(offset: $0.offset, size: $1.size, decodeTime: $0.decodeTime) }
            }
            #expect(ours.count == theirs.count, "\(entry.name) track \(id)")
            #expect(mine == theirs, "\(entry.name) track \(id)")
            compared += 1
        }
        #expect(compared > 0, "\(entry.name): no stream compared")
    }
}
