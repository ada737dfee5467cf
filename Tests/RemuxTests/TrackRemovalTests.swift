import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Remux
import Testing

/// A plan that removes a track: the track and every reference to it go, and its samples are
/// gone from the bytes (zeros where it shared the media with kept tracks), in a new file and in
/// place; in place the retired `moov` is erased too. demo.mov's track 4 is its Spanish tx3g
/// subtitle, which the English audio (track 2) does not reference; track 4 has no `tref`.
@Suite struct TrackRemovalTests {
    static let removed: UInt32 = 4

    /// The removed track's samples as they are in the source.
    static func samples(of trackID: UInt32, in path: String) throws -> [(offset: UInt64, bytes: [UInt8])] {
        let movie = try Movie.open(path: path)
        let track = try #require(movie.track(id: trackID))
        return try ChunkIndex(track.sampleTable()).chunks.map { chunk in
            (chunk.offset, Array(try movie.file.source.read(at: chunk.offset, count: Int(chunk.length))))
        }
    }

    static func plan() -> EditPlan { EditPlan(removal: MetadataRemoval(trackIDs: [removed])) }

    @Test func aNewFileHasNeitherTheTrackNorItsBytes() throws {
        let folder = try TemporaryFolder("remux-remove-track")
        defer { folder.remove() }
        let source = RemuxFixtures.media("demo.mov").path
        let cues = try Self.samples(of: Self.removed, in: source)
        // Gap samples are two zero bytes (an empty tx3g string); the cues carry text.
        let texts = cues.filter { $0.bytes.count > 4 }
        try #require(!texts.isEmpty)
        let output = folder.path("out.mov")
        _ = try MovieEditor(path: source).write(Self.plan(), to: output)

        let edited = try Movie.open(path: output)
        let original = try Movie.open(path: source)
        #expect(edited.tracks.map(\.id) == original.tracks.map(\.id).filter { $0 != Self.removed })
        #expect(edited.tracks.allSatisfy { track in !track.references.contains { $0.trackIDs.contains(Self.removed) } })
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        for cue in texts {
            #expect(bytes.firstRange(of: cue.bytes) == nil, "a sample of the removed track survives")
        }
        // Kept tracks' samples are where their tables say, unchanged.
        for track in edited.tracks {
            let kept = try Self.samples(of: track.id, in: output)
            let before = try Self.samples(of: track.id, in: source)
            #expect(kept.map(\.bytes) == before.map(\.bytes), "track \(track.id)")
        }
    }

    @Test func inPlaceZeroesTheSamplesAndTheOldMovie() throws {
        let folder = try TemporaryFolder("remux-remove-track-in-place")
        defer { folder.remove() }
        let path = try folder.copy(RemuxFixtures.media("demo.mov"), as: "demo.mov")
        let cues = try Self.samples(of: Self.removed, in: path)
        let oldMovie = try #require(try Movie.open(path: path).file.box("moov"))
        let oldRange = try #require(oldMovie.location).offset..<(oldMovie.location?.offset ?? 0) + oldMovie.header.totalSize
        _ = try MovieEditor(path: path).editInPlace(Self.plan())

        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        for cue in cues {
            #expect(bytes[Int(cue.offset)..<Int(cue.offset) + cue.bytes.count].allSatisfy { $0 == 0 })
        }
        // The retired moov: a `free` box of the same size whose payload is all zeros.
        #expect(Array(bytes[Int(oldRange.lowerBound) + 4..<Int(oldRange.lowerBound) + 8]) == Array("free".utf8))
        #expect(bytes[Int(oldRange.lowerBound) + 8..<Int(oldRange.upperBound)].allSatisfy { $0 == 0 })
        let edited = try Movie.open(path: path)
        #expect(!edited.tracks.contains { $0.id == Self.removed })
        #expect(edited.tracks.count == 3)
    }

    /// Until the old `moov` is retired the file plays as it was; from then on without the track.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")), arguments: InPlaceStep.allCases)
    func everyInPlaceStepLeavesAWholeMovie(_ step: InPlaceStep) throws {
        let folder = try TemporaryFolder("remux-remove-steps")
        defer { folder.remove() }
        let path = try folder.copy(RemuxFixtures.media("demo.mov"), as: "demo.mov")
        _ = try MovieEditor(path: path).editInPlace(Self.plan(), progress: nil, stoppingAfter: step)
        let expected: [UInt32] = step >= .retireOldMovie ? [1, 2, 3] : [1, 2, 3, 4]
        #expect(try Movie.open(path: path).tracks.map(\.id) == expected)
        #expect(try FFmpegReading.streams(path).count == expected.count)
    }

    @Test func referencesToARemovedTrackGo() throws {
        let folder = try TemporaryFolder("remux-remove-referenced")
        defer { folder.remove() }
        let source = RemuxFixtures.media("demo.mov").path
        let referencing = folder.path("ref.mov")
        let reference = TrackReference(type: "folw", trackIDs: [Self.removed])
        _ = try MovieEditor(path: source).write(EditPlan(trackChanges: [TrackChangeRequest(trackID: 2, changes: TrackChanges(addedReferences: [reference]))]),
                                                to: referencing)
        try #require(try Movie.open(path: referencing).track(id: 2)?.referencedTrackIDs("folw") == [Self.removed])
        let output = folder.path("out.mov")
        _ = try MovieEditor(path: referencing).write(Self.plan(), to: output)
        let audio = try #require(try Movie.open(path: output).track(id: 2))
        #expect(audio.references.isEmpty, "the emptied tref goes: \(audio.references)")
        #expect(audio.box.child("tref") == nil)
    }

    @Test func removingAnUnknownTrackIsRefused() throws {
        let folder = try TemporaryFolder("remux-remove-unknown")
        defer { folder.remove() }
        let output = folder.path("out.mov")
        #expect(throws: EditError.self) {
            _ = try MovieEditor(path: RemuxFixtures.media("demo.mov").path).write(EditPlan(removal: MetadataRemoval(trackIDs: [99])), to: output)
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
