import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Remux
import Testing

/// A movie to edit in place, copied into a test's folder.
struct InPlaceSource: Sendable, CustomTestStringConvertible {
    var name: String
    var testDescription: String { name }

    /// Copies the movie into `folder`: demo.mov as it is (ftyp wide mdat moov), or
    /// subtitles-multi.mp4 (ftyp moov free mdat) with its last box's size field set to 0, "to the
    /// end of the file" (ISO/IEC 14496-12 §4.2), as some recorders write it.
    func make(in folder: TemporaryFolder) throws -> String {
        switch name {
        case "size-0-mdat.mp4":
            var bytes = [UInt8](try Data(contentsOf: RemuxFixtures.media("subtitles-multi.mp4")))
            let last = try #require(TopLevelWalk(bytes).boxes.last)
            try #require(last.type == "mdat" && last.end == bytes.count)
            bytes.replaceSubrange(last.start..<last.start + 4, with: [0, 0, 0, 0])
            let path = folder.path(name)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        default:
            return try folder.copy(RemuxFixtures.media(name), as: name)
        }
    }

    /// The movie as it was, for what the edit must keep.
    var original: URL { RemuxFixtures.media(name == "size-0-mdat.mp4" ? "subtitles-multi.mp4" : name) }

    static let all = [InPlaceSource(name: "demo.mov"), InPlaceSource(name: "size-0-mdat.mp4")]
}

/// `--in-place`: the new samples and `moov` are appended, and the old `moov` becomes `free`
/// with one 4-byte write; after every step the file is a whole movie.
@Suite struct InPlaceEditTests {
    static func plan() throws -> EditPlan { EditPlan(subtitleTracks: [try RemuxFixtures.englishSDHRequest()]) }

    /// A file's bytes with its `moov` retired: the type field says `free`, nothing else changes.
    static func retiringMovie(_ bytes: [UInt8]) throws -> [UInt8] {
        let movie = try #require(TopLevelWalk(bytes).boxes.first { $0.type == "moov" })
        var retired = bytes
        retired.replaceSubrange(movie.start + 4..<movie.start + 8, with: Array("free".utf8))
        return retired
    }

    @Test func appendsTheMovieAndRetiresTheOldOne() throws {
        let folder = try TemporaryFolder("remux-inplace")
        defer { folder.remove() }
        let path = try folder.copy(RemuxFixtures.media("demo.mov"), as: "demo.mov")
        let before = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let report = try MovieEditor(path: path).editInPlace(try Self.plan())
        let after = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(report.path == path)
        #expect(report.fileSize == UInt64(after.count))
        #expect(report.bytesWritten == UInt64(after.count - before.count))

        // Every byte of the file as it was is still there, but the old moov's type.
        #expect(Array(after.prefix(before.count)) == (try Self.retiringMovie(before)))
        let oldBoxes = TopLevelWalk(before).boxes
        let newBoxes = TopLevelWalk(after).boxes
        #expect(newBoxes.map(\.type) == oldBoxes.map { $0.type == "moov" ? "free" : $0.type } + ["mdat", "moov"])
        #expect(newBoxes.last?.end == after.count)
        #expect(newBoxes.dropLast().last?.start == before.count, "the new boxes start at the old end of the file")
    }

    /// Nothing moves in place: the copied tracks keep even their chunk offsets, so the new
    /// `moov` differs from the old only in the movie header, the `folw` reference and the new track.
    @Test func copiedTracksKeepEveryBoxInPlace() throws {
        let folder = try TemporaryFolder("remux-inplace")
        defer { folder.remove() }
        let path = try folder.copy(RemuxFixtures.media("demo.mov"), as: "demo.mov")
        _ = try MovieEditor(path: path).editInPlace(try Self.plan())
        let pair = try EditedPair(source: RemuxFixtures.media("demo.mov").path, output: path)
        #expect(try BoxTreeDiff.paths(pair.source.movieBox, pair.output.movieBox)
                == ["moov/mvhd", "moov/trak[1]/tref (added)", "moov/trak[4] (added)"])
        try pair.expectSamplesIdentical()
    }

    /// Before the old `moov` is retired the file is the original movie (players take the first
    /// `moov`); after, the edited one.
    @Test(arguments: InPlaceSource.all, InPlaceStep.allCases)
    func everyStepLeavesAWholeMovie(_ source: InPlaceSource, step: InPlaceStep) throws {
        let folder = try TemporaryFolder("remux-steps")
        defer { folder.remove() }
        let path = try source.make(in: folder)
        let report = try MovieEditor(path: path).editInPlace(try Self.plan(), progress: nil, stoppingAfter: step)
        let original = try Movie.open(path: source.original.path)
        let edited = try Movie.open(path: path)
        let expectedTracks = original.tracks.map(\.id) + (step >= .retireOldMovie ? report.addedTrackIDs : [])
        #expect(edited.tracks.map(\.id) == expectedTracks)
        #expect(edited.file.damage == nil)
        try EditedPair(source: source.original.path, output: path).expectSamplesIdentical()
    }

    /// ffmpeg, which takes the first `moov` and skips later ones, sees the same after each step.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")), arguments: InPlaceSource.all, InPlaceStep.allCases)
    func everyStepPlaysInFFmpeg(_ source: InPlaceSource, step: InPlaceStep) throws {
        let folder = try TemporaryFolder("remux-steps")
        defer { folder.remove() }
        let path = try source.make(in: folder)
        _ = try MovieEditor(path: path).editInPlace(try Self.plan(), progress: nil, stoppingAfter: step)
        let original = try FFmpegReading.streams(source.original.path)
        let edited = try FFmpegReading.streams(path)
        let added = step >= .retireOldMovie ? 1 : 0
        #expect(edited.count == original.count + added)
        #expect(Array(edited.prefix(original.count)) == original)
    }

    /// A last box of size 0 runs to the end of the file, so it gets its real size before the
    /// new boxes follow it; the rest of the file keeps its bytes.
    @Test func endOfFileBoxGetsItsSize() throws {
        let folder = try TemporaryFolder("remux-size0")
        defer { folder.remove() }
        let source = InPlaceSource(name: "size-0-mdat.mp4")
        let path = try source.make(in: folder)
        _ = try MovieEditor(path: path).editInPlace(try Self.plan())
        let after = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // subtitles-multi.mp4 itself, whose mdat has its size, with moov retired.
        let expected = try Self.retiringMovie([UInt8](try Data(contentsOf: source.original)))
        #expect(Array(after.prefix(expected.count)) == expected)
        #expect(TopLevelWalk(after).boxes.map(\.type) == ["ftyp", "free", "free", "mdat", "mdat", "moov"])
    }

    /// After the size is written every stream of the original plays packet for packet the same.
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func sizedFilePlaysTheSamePackets() throws {
        let folder = try TemporaryFolder("remux-size0")
        defer { folder.remove() }
        let source = InPlaceSource(name: "size-0-mdat.mp4")
        let path = try source.make(in: folder)
        _ = try MovieEditor(path: path).editInPlace(try Self.plan())
        let streams = try FFmpegReading.streams(source.original.path)
        for stream in streams {
            #expect(try FFmpegReading.framemd5(path, stream: stream.index) == FFmpegReading.framemd5(source.original.path, stream: stream.index),
                    "stream \(stream)")
        }
    }
}
