import Foundation
import ISOBMFF
import LegibleTestSupport
import Testing
@testable import Movie

/// The samples the reader gathers in its pass (`Movie.read(_:limits:samplesUpTo:)`) are those
/// `samples(ofEach:maxSamples:)` reads from the fragments again — which `FragmentCorpusTests`
/// checks against ffprobe's packets — or none, leaving the second read to throw what it meets.
@Suite
struct ReadingPassSamplesTests {
    /// `bytes` read both ways: the samples gathered in the pass, and those read again (or the
    /// error reading them again throws).
    static func bothWays(_ bytes: [UInt8], maxSamples: Int = 2_000_000)
        throws -> (gathered: [UInt32: [SampleTable.Sample]]?, again: Result<[UInt32: [SampleTable.Sample]], BoxError>) {
        let read = try Movie.read(MemoryByteSource(bytes), limits: .standard, samplesUpTo: maxSamples)
        let again = Result { () throws(BoxError) in try read.movie.samples(ofEach: read.movie.tracks, maxSamples: maxSamples) }
        return (read.samples, again)
    }

    static func media(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: TestPaths.testMedia.appendingPathComponent(name)))
    }

    @Test func aFragmentedMovieSamplesAreThoseReadAgain() throws {
        let bytes = try Self.media("fragmented.mp4")
        let (gathered, again) = try Self.bothWays(bytes)
        let expected = try again.get()
        #expect(expected.values.contains { !$0.isEmpty })
        #expect(gathered == expected)
    }

    @Test func fragmentsWithPrivateBoxesAndTimingBoxesGatherAlike() throws {
        let bytes = try FragmentedMovieCraft.withPrivateBoxes(try Self.media("fragmented.mp4"), fragmentTiming: true)
        let (gathered, again) = try Self.bothWays(bytes)
        #expect(gathered == (try again.get()))
    }

    @Test func aMovieWithoutFragmentsGathersNothing() throws {
        let (gathered, _) = try Self.bothWays(try Self.media("demo.mp4"))
        #expect(gathered == nil)
    }

    @Test func aReaderNotAskedGathersNothing() throws {
        let read = try Movie.read(MemoryByteSource(try Self.media("fragmented.mp4")), limits: .standard, samplesUpTo: nil)
        #expect(read.samples == nil)
        #expect(read.movie.isFragmented)
    }

    /// The `moov` moved after the fragments: when the first `moof` is reached there is nothing
    /// to start the tracks from, so the pass gives up and the second read answers.
    @Test func aMovieBoxAfterTheFragmentsLeavesTheSamplesToTheSecondRead() throws {
        let bytes = try Self.media("fragmented.mp4")
        let boxes = try FragmentedMovieCraft.boxes(bytes, in: bytes.indices)
        let moov = try #require(boxes.first { $0.type == "moov" })
        let moved = boxes.filter { $0.type != "moov" }.flatMap { Array(bytes[$0.range]) } + bytes[moov.range]
        let (gathered, again) = try Self.bothWays(moved)
        #expect(gathered == nil)
        // The data offsets count from each `moof` (default-base-is-moof), so moving `moov` moves
        // no sample: the second read still reads them.
        #expect((try again.get()).values.contains { !$0.isEmpty })
    }

    /// More samples than asked for: the pass gives up, and the second read names the `trun`.
    @Test func tooManySamplesLeaveTheErrorToTheSecondRead() throws {
        let (gathered, again) = try Self.bothWays(try Self.media("fragmented.mp4"), maxSamples: 3)
        #expect(gathered == nil)
        guard case let .failure(error) = again else { Issue.record("read again with 3 samples at most"); return }
        #expect(error.description.contains("more than 3 samples"), "\(error)")
    }

    /// A `trun` whose data runs into its own `moof`'s successor: the same samples both ways,
    /// the overlap left to the edit to refuse.
    @Test func damagedFragmentsGatherAsTheyReadAgain() throws {
        let damaged = try DamagedFragmentedMovie.runIntoItsOwnFragment(try Self.media("fragmented.mp4")).movie
        let (gathered, again) = try Self.bothWays(damaged.bytes)
        switch again {
        case let .success(samples): #expect(gathered == samples)
        case .failure: #expect(gathered == nil)
        }
    }

    /// Every fragmented movie of the corpus, damaged ones too: gathered in the pass, the samples
    /// are those read again; when reading them again fails, the pass gave up.
    @Test(.corpus, arguments: (try? CorpusIndex.arguments { $0.features.contains("fragmented") }) ?? [])
    func corpusMoviesGatherWhatIsReadAgain(_ entry: CorpusEntry) throws {
        let bytes = try [UInt8](Data(contentsOf: entry.url))
        guard let (gathered, again) = try? Self.bothWays(bytes),
              let movie = try? Movie.read(MemoryByteSource(bytes), limits: .standard) else { return }
        switch again {
        case let .success(samples):
            if let gathered { #expect(gathered == samples, "\(entry.name)") }
            // An initialization segment has no `moof` to gather from.
            if !entry.isMalformed, (movie.fragments?.fragmentCount ?? 0) > 0 {
                #expect(gathered != nil, "\(entry.name): the pass gave up on a movie that reads")
            }
        case .failure: #expect(gathered == nil, "\(entry.name)")
        }
    }
}
