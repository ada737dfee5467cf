import Foundation
import Testing
import LegibleTestSupport
import ISOBMFF
@testable import Movie

@Suite struct SampleTableTests {
    /// Every sample's offset, size, decode time and sync flag equals what ffprobe reports for
    /// the same packets. ffmpeg drops a subtitle track's final zero-duration sample (the "end"
    /// marker its muxer writes) and turns a chapter track into chapters instead of packets, so
    /// those are left out of the comparison.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")), arguments: ["demo.mov", "demo.mp4", "chapters.mp4"])
    func samplesMatchFFprobePackets(_ name: String) throws {
        let url = TestPaths.testMedia.appendingPathComponent(name)
        let movie = try Movie.open(path: url.path)
        for (streamIndex, track) in movie.tracks.enumerated() where !movie.chapterTrackIDs.contains(track.id) {
            let output = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "\(streamIndex)",
                                                          "-show_entries", "packet=pos,size,dts,flags", "-of", "csv=p=0", url.path])
            try #require(output.status == 0, "ffprobe: \(output.stderr)")
            let packets = output.stdout.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
            try #require(packets.allSatisfy { $0.count == 4 }, "\(name) track \(track.id): ffprobe lines of four fields")
            var samples = Array(try track.sampleTable())
            if track.mediaType.isLegible, samples.last?.duration == 0 { samples.removeLast() }
            #expect(samples.count == packets.count, "\(name) track \(track.id)")
            // ffprobe prints csv columns in its own order: dts, size, pos, flags. Its dts includes
            // the edit list shift, so decode times are compared as deltas from the first sample.
            let firstDTS = Int64(packets.first?[0] ?? "0") ?? 0
            for (sample, packet) in zip(samples, packets) {
                #expect(String(sample.offset) == packet[2], "\(name) track \(track.id) sample \(sample.index) offset")
                #expect(String(sample.size) == packet[1], "\(name) track \(track.id) sample \(sample.index) size")
                #expect(Int64(sample.decodeTime) == (Int64(packet[0]) ?? 0) - firstDTS, "\(name) track \(track.id) sample \(sample.index) dts")
                #expect(sample.isSync == packet[3].hasPrefix("K"), "\(name) track \(track.id) sample \(sample.index) sync")
            }
        }
    }

    @Test func totalsAgreeWithHeaders() throws {
        let movie = try Movie.open(path: TestPaths.testMedia.appendingPathComponent("demo.mov").path)
        for track in movie.tracks {
            let table = try track.sampleTable()
            #expect(UInt64(table.count) == movie.sampleCount(of: track))
            #expect(table.reduce(UInt64(0)) { $0 + UInt64($1.duration) } == table.totalDuration)
        }
    }

    @Test func inconsistentChunkTablesAreRejected() throws {
        var fixture = try MovieFixture("demo.mp4")
        try fixture.editSampleTable(1) { stbl in
            stbl.modifyChild("stco") { $0.setPayload(ChunkOffsetBox(offsets: [48])) }
        }
        let track = try #require(try fixture.movie().track(id: 1))
        #expect(throws: BoxError.self) { try track.sampleTable() }
    }
}
