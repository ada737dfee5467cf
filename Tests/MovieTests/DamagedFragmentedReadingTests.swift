import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Testing

/// A fragmented movie whose damage an edit would carry over unsaid (``DamagedFragmentedMovie``),
/// read: the movie describes it as a warning at the box the bytes were patched in, and
/// `checkEditable()` refuses it there. The locations come from walking the bytes.
@Suite struct DamagedFragmentedReadingTests {
    static func source() throws -> [UInt8] {
        try [UInt8](Data(contentsOf: TestPaths.testMedia.appendingPathComponent("fragmented.mp4")))
    }

    static func read(_ bytes: [UInt8]) throws -> Movie {
        try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
    }

    @Test func wholeMovieIsEditable() throws {
        let movie = try Self.read(Self.source())
        #expect(movie.undescribedTrackFragments.isEmpty && movie.movieHeaderDamage == nil)
        #expect(throws: Never.self) { try movie.checkEditable() }
    }

    @Test func fragmentOfNoTrackIsAWarning() throws {
        let damaged = try DamagedFragmentedMovie.undescribedTrack(Self.source(), trackID: 9)
        let movie = try Self.read(damaged.bytes)
        let location = BoxLocation(path: damaged.path, offset: UInt64(damaged.offset))
        #expect(movie.undescribedTrackFragments.map(\.location) == [location])
        #expect(movie.warnings.contains { $0.location == location && $0.message.hasPrefix("track ID 9 is not described by moov") })
        #expect(movie.tracks.map(\.id) == [1, 2], "the tracks are read as they are")
        #expect { try movie.checkEditable() } throws: { error in
            guard let error = error as? BoxError, case .undescribedTrack = error.kind else { return false }
            return error.location == location
        }
    }

    @Test(arguments: DamagedFragmentedMovie.HeaderDamage.allCases)
    func damagedMovieHeaderIsAWarning(_ damage: DamagedFragmentedMovie.HeaderDamage) throws {
        let damaged = try DamagedFragmentedMovie.damagedMovieHeader(Self.source(), damage)
        let movie = try Self.read(damaged.bytes)
        let location = BoxLocation(path: damaged.path, offset: UInt64(damaged.offset))
        #expect(movie.movieHeaderDamage?.location == location)
        #expect(movie.warnings.contains { $0.location == location })
        #expect { try movie.checkEditable() } throws: { ($0 as? BoxError)?.location == location }
    }
}
