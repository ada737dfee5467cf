import CZlib
import Testing
import LegibleTestSupport
@testable import ISOBMFF

@Suite struct CompressedMovieTests {
    func deflate(_ input: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        _ = compress2(&output, &length, input, uLong(input.count), 9)
        return Array(output.prefix(Int(length)))
    }

    func compressedMovie(_ moov: [UInt8], declaredSize: UInt32? = nil, algorithm: String = "zlib") -> [UInt8] {
        let cmov = TestBox.container("cmov", [
            .leaf("dcom", ascii(algorithm)),
            .leaf("cmvd", be32(declaredSize ?? UInt32(moov.count)) + deflate(moov)),
        ])
        return TestBox.container("moov", [cmov]).bytes
    }

    let innerMovie = TestBox.container("moov", [.leaf("mvhd", [UInt8](repeating: 0, count: 100)), .container("trak", [])]).bytes

    @Test func inflatesTheMovieItHolds() throws {
        let file = BoxTreeParser.parse(MemoryByteSource(compressedMovie(innerMovie)))
        let cmov = try #require(file.box("moov")?.child("cmov"))
        let movie = try CompressedMovie.inflate(cmov)
        #expect(movie.children.map(\.type) == ["mvhd", "trak"])
        #expect(try movie.encoded() == innerMovie)
    }

    @Test func sizeMismatchIsAnError() throws {
        let file = BoxTreeParser.parse(MemoryByteSource(compressedMovie(innerMovie, declaredSize: 50)))
        let cmov = try #require(file.box("moov")?.child("cmov"))
        #expect(throws: BoxError.self) { try CompressedMovie.inflate(cmov) }
    }

    @Test func inflatedSizeIsCapped() throws {
        let file = BoxTreeParser.parse(MemoryByteSource(compressedMovie(innerMovie, declaredSize: 0xFFFF_FFFF)))
        let cmov = try #require(file.box("moov")?.child("cmov"))
        #expect(throws: BoxError.self) { try CompressedMovie.inflate(cmov, limits: Limits(maxLoadedBytes: 1 << 20)) }
    }

    @Test func otherAlgorithmsAreRejected() throws {
        let file = BoxTreeParser.parse(MemoryByteSource(compressedMovie(innerMovie, algorithm: "lzma")))
        let cmov = try #require(file.box("moov")?.child("cmov"))
        do {
            _ = try CompressedMovie.inflate(cmov)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("'lzma'"))
        }
    }

    /// A few kilobytes that inflate to 200,000 8-byte boxes stop after the boxes the compressed
    /// size allows (`Limits.minIndexRecords` here, as for a box index of them), not at the
    /// limit of a file of the inflated size.
    @Test func inflatedBoxFloodStopsAtTheCompressedBound() throws {
        let free = TestBox.leaf("free", []).bytes
        let inner = TestBox.container("moov", [.raw([UInt8]((0..<200_000).lazy.flatMap { _ in free }))]).bytes
        let file = BoxTreeParser.parse(MemoryByteSource(compressedMovie(inner)))
        let cmov = try #require(file.box("moov")?.child("cmov"))
        do {
            _ = try CompressedMovie.inflate(cmov)
            Issue.record("expected the box limit")
        } catch {
            guard case .limitExceeded = error.kind else { throw error }
            #expect(error.location?.path.hasSuffix("moov/free[\(Limits.standard.minIndexRecords)]") == true, "\(error)")
        }
    }
}
