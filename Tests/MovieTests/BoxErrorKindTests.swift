import ISOBMFF
import Movie
import Testing

/// The frequent faults are kinds a caller can match, each with the words the reader always used:
/// a box version whose layout is not read (ISO/IEC 14496-12 §4.2: the version selects the
/// layout), a box the format requires missing, a file that is not a movie, a sample table that
/// contradicts itself.
struct BoxErrorKindTests {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + payload.count)
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + payload
    }

    static func error(_ body: () throws(BoxError) -> Void) -> BoxError? {
        do throws(BoxError) { try body() } catch { return error }
        return nil
    }

    @Test func aVersionWithoutALayoutIsUnsupportedVersion() throws {
        var reader = ByteReader([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
        let error = try #require(Self.error { () throws(BoxError) in _ = try TrackFragmentBaseMediaDecodeTimeBox(parsing: &reader, type: "tfdt") })
        #expect(error.kind == .unsupportedVersion(box: "tfdt", version: 2, reads: 0...1))
        #expect(error.message == "'tfdt' version 2 (Legible reads version 0 to 1)")
    }

    @Test func aFileWithoutAMovieIsNotAMovie() throws {
        let bytes = Self.box("ftyp", Array("isom".utf8) + [0, 0, 0, 0]) + Self.box("free", [1, 2, 3])
        let error = try #require(Self.error { () throws(BoxError) in _ = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes))) })
        #expect(error.kind == .notAMovie("no moov box: not a QuickTime or MPEG-4 movie (top-level boxes: ftyp free)"))
    }

    @Test func aTrackWithoutItsHeaderIsAMissingBox() throws {
        // mvhd version 0: times, timescale 1000, duration 0, rate, volume, reserved, matrix, pre-defined, next track ID.
        let mvhd = Self.box("mvhd", [UInt8](repeating: 0, count: 12) + [0, 0, 0x03, 0xE8, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0]
                                + [UInt8](repeating: 0, count: 10) + [UInt8](repeating: 0, count: 36) + [UInt8](repeating: 0, count: 24) + [0, 0, 0, 2])
        let bytes = Self.box("ftyp", Array("isom".utf8) + [0, 0, 0, 0]) + Self.box("moov", mvhd + Self.box("trak", Self.box("edts", [])))
        let error = try #require(Self.error { () throws(BoxError) in _ = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes))) })
        #expect(error.kind == .missingBox("track has no tkhd"))
        #expect(error.description == "moov/trak[1] @ 0x84: track has no tkhd")
    }
}

/// Faults of a whole file or of a request, each a kind of its own.
struct BoxErrorFileKindTests {
    @Test func aPayloadOfAnotherBoxIsUnexpectedBoxType() throws {
        let box = Box(type: "free", payload: [0, 0, 0, 0])
        let error = try #require(BoxErrorKindTests.error { () throws(BoxError) in _ = try TrackHeaderBox(box) })
        #expect(error.kind == .unexpectedBoxType(expected: ["tkhd"], found: "free"))
        #expect(error.message == "expected [\"tkhd\"] box, found 'free'")
    }

    /// ISO/IEC 14496-12 §8.2.2 defines `mvhd` versions 0 and 1 alone: a movie whose header has
    /// another is damaged for an edit, which would write a header players cannot read.
    @Test func aMovieHeaderOfAnUnknownVersionIsDamaged() throws {
        let mvhd = BoxErrorKindTests.box("mvhd", [2, 0, 0, 0] + [UInt8](repeating: 0, count: 96))
        let bytes = BoxErrorKindTests.box("ftyp", Array("isom".utf8) + [0, 0, 0, 0]) + BoxErrorKindTests.box("moov", mvhd)
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
        let error = try #require(BoxErrorKindTests.error { () throws(BoxError) in try movie.checkEditable() })
        guard case let .damaged(text) = error.kind else { Issue.record("not damaged: \(error)"); return }
        #expect(text.hasPrefix("the movie header has version 2, not 0 or 1"))
    }
}
