import Testing
import LegibleTestSupport
@testable import ISOBMFF
@testable import Movie

/// The crafted hostile files (``CraftedMovie/hostileSet``) through the movie model: what must be
/// described is, with the damage as warnings; what must be rejected throws a ``BoxError`` with a
/// box path and an offset inside the file. Expected numbers come from the bytes each file was
/// built from.
@Suite struct HostileInputTests {
    func open(_ name: String) throws -> Result<Movie, BoxError> {
        let hostile = try #require(CraftedMovie.hostileSet.first { $0.name == name })
        let file = BoxTreeParser.parse(MemoryByteSource(hostile.bytes))
        do throws(BoxError) {
            return .success(try Movie(file: file))
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: CraftedMovie.hostileSet)
    func outcomeIsAsPromised(_ hostile: CraftedMovie.Hostile) throws {
        let file = BoxTreeParser.parse(MemoryByteSource(hostile.bytes))
        switch (Result { () throws(BoxError) in try Movie(file: file) }, hostile.outcome) {
        case (.success(let movie), .described):
            _ = MediaSelection(movie: movie)
            for track in movie.tracks { _ = (movie.sampleCount(of: track), movie.durationSeconds(of: track)) }
        case (.failure(let error), .rejected):
            #expect((error.location?.offset ?? 0) <= UInt64(hostile.bytes.count), "\(error)")
            #expect(!error.message.isEmpty)
        case (.success, .rejected):
            Issue.record("\(hostile.name) was described; it must be rejected")
        case (.failure(let error), .described):
            Issue.record("\(hostile.name) was rejected: \(error)")
        }
    }

    @Test func fragmentTotalsSaturateInsteadOfTrapping() throws {
        let movie = try open("trun-overflow.mp4").get()
        let track = try #require(movie.tracks.first)
        // Two runs of 0xFFFFFFFF samples fit in 64 bits; their durations (2^32-1)^2 each do not.
        #expect(movie.sampleCount(of: track) == 2 * UInt64(UInt32.max))
        #expect(movie.fragments?.tracks[1]?.duration == .max)
    }

    @Test func mediaDurationPlusFragmentsSaturates() throws {
        let movie = try open("mdhd-v1-max-duration.mp4").get()
        let track = try #require(movie.tracks.first)
        #expect(movie.durationSeconds(of: track) == Double(UInt64.max) / 1000)
    }

    @Test func damagedUserDataIsAWarningAndEveryTrackIsListed() throws {
        let movie = try open("udta-text-overruns.mov").get()
        #expect(movie.tracks.map(\.id) == [1, 2])
        let warning = try #require(movie.warnings.first)
        #expect(warning.location?.path == "moov/trak[1]/udta/©nam")
    }

    @Test func movieWithoutHeaderIsDescribedWithAWarning() throws {
        let movie = try open("moov-without-mvhd.mov").get()
        #expect(movie.header == nil)
        #expect(movie.tracks.count == 1)
        #expect(movie.warnings.contains { $0.location?.path == "moov" && $0.message.contains("mvhd") })
        #expect(movie.durationSeconds == 1)
    }

    @Test func editListCountMismatchIsAWarning() throws {
        let movie = try open("elst-count-too-large.mov").get()
        #expect(movie.tracks.first?.editList == nil)
        #expect(movie.warnings.contains { $0.location?.path.hasSuffix("edts/elst") == true })
    }

    @Test func sampleEntryCountIsHonoured() throws {
        let movie = try open("stsd-count-then-junk.mov").get()
        let track = try #require(movie.tracks.first)
        #expect(track.sampleEntries.map(\.format) == ["tx3g"])
        // The bytes after the counted entry are kept, so the file still writes back exactly.
        let hostile = try #require(CraftedMovie.hostileSet.first { $0.name == "stsd-count-then-junk.mov" })
        var writer = ByteWriter()
        try movie.file.write(to: &writer)
        #expect(writer.bytes == hostile.bytes)
    }

    @Test func aliasedSamplesAreRefusedBeforeAnyIsRead() throws {
        let movie = try open("stsz-aliased-4GB.mov").get()
        let track = try #require(movie.tracks.first)
        #expect(movie.sampleCount(of: track) == UInt64(UInt32.max))
        #expect(throws: BoxError.self) { try SampleDataReader.textTrack.samples(of: track) }
    }
}
