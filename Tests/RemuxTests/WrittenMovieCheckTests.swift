import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
@testable import Remux
import Testing

/// Verify before commit (``WrittenMovieCheck``): a fault planted in the planned `moov` through
/// the editor's test hook (``MovieEditor/plantedFault``) is caught when the written file is read
/// back, before it lands — in a new file (nothing renamed, the target as it was, no temporary
/// file left), in memory, and in place (the appended or staged bytes undone, the file byte for
/// byte as it was). The expected values come from the source's bytes.
@Suite struct WrittenMovieCheckTests {
    struct BoxNotFound: Error {
        var type: String
    }

    static let demo = RemuxFixtures.media("demo.mov")
    static let rename = EditPlan(trackChanges: [TrackChangeRequest(trackID: 1, changes: TrackChanges(name: "Renamed"))])

    /// The source's first `trak`: its track ID and its first sample's size, read from the
    /// `tkhd` and `stsz` bytes (ISO/IEC 14496-12 §8.3.2, §8.7.3.2).
    static func firstTrack(of url: URL) throws -> (id: UInt32, firstSampleSize: UInt32) {
        let bytes = try [UInt8](Data(contentsOf: url))
        func find(_ type: String, from start: Int, to end: Int) throws -> Int {
            var offset = start
            while offset + 8 <= end {
                let size = Int(bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
                if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == type { return offset }
                try #require(size >= 8)
                offset += size
            }
            throw BoxNotFound(type: type)
        }
        func end(_ offset: Int) -> Int { offset + Int(bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) }
        let moov = try find("moov", from: 0, to: bytes.count)
        let trak = try find("trak", from: moov + 8, to: end(moov))
        let tkhd = try find("tkhd", from: trak + 8, to: end(trak))
        // tkhd version 0: version and flags, creation and modification times, then track_ID.
        let id = bytes[tkhd + 20..<tkhd + 24].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let mdia = try find("mdia", from: trak + 8, to: end(trak))
        let minf = try find("minf", from: mdia + 8, to: end(mdia))
        let stbl = try find("stbl", from: minf + 8, to: end(minf))
        let stsz = try find("stsz", from: stbl + 8, to: end(stbl))
        // stsz: version and flags, sample_size (0: a table follows), sample_count, entries.
        let constant = bytes[stsz + 12..<stsz + 16].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let first = constant != 0 ? constant : bytes[stsz + 20..<stsz + 24].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return (id, first)
    }

    /// A planning fault: the first `trak`'s `tkhd` names track 99 instead of its own.
    static let renumberedTrack: @Sendable (inout Box) -> Void = { moov in
        moov.modifyChild("trak") { trak in
            trak.modifyChild("tkhd") { tkhd in
                guard var header = try? TrackHeaderBox(tkhd.loaded()) else { return }
                header.trackID = 99
                tkhd.setPayload(header)
            }
        }
    }

    /// A planning fault: the first sample of the first `trak` one byte larger in its `stsz`.
    static let grownSample: @Sendable (inout Box) -> Void = { moov in
        moov.modifyChild("trak") { trak in
            trak.modifyChild("mdia") { mdia in
                mdia.modifyChild("minf") { minf in
                    minf.modifyChild("stbl") { stbl in
                        stbl.modifyChild("stsz") { stsz in
                            guard let loaded = try? stsz.loaded(), var reader = try? loaded.payloadReader() else { return }
                            var payload = Array(reader.readRemaining())
                            let first = payload[12..<16].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } + 1
                            payload.replaceSubrange(12..<16, with: be32(first))
                            stsz = Box(type: "stsz", payload: payload)
                        }
                    }
                }
            }
        }
    }

    @Test func plantedFaultNeverReplacesTheTarget() throws {
        let folder = try TemporaryFolder("verify-target")
        defer { folder.remove() }
        let target = folder.path("out.mov")
        let before = Data("the file that was here".utf8)
        try before.write(to: URL(fileURLWithPath: target))
        let source = try Self.firstTrack(of: Self.demo)
        var editor = try MovieEditor(path: Self.demo.path)
        editor.plantedFault = Self.grownSample
        #expect(throws: EditError.verificationFailed(.sampleSize(trackID: source.id, sample: 1, expected: source.firstSampleSize,
                                                                  found: source.firstSampleSize + 1))) {
            try editor.write(Self.rename, to: target)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before, "the target is as it was")
        #expect(try folder.contents() == ["out.mov"], "no temporary file is left")
    }

    @Test func plantedFaultLeavesNoTarget() throws {
        let folder = try TemporaryFolder("verify-absent")
        defer { folder.remove() }
        let target = folder.path("out.mov")
        let source = try Self.firstTrack(of: Self.demo)
        var editor = try MovieEditor(path: Self.demo.path)
        editor.plantedFault = Self.renumberedTrack
        #expect(throws: EditError.verificationFailed(.missingTrack(trackID: source.id))) { try editor.write(Self.rename, to: target) }
        #expect(try folder.contents().isEmpty, "no target, no temporary file")
    }

    @Test func plantedFaultInMemory() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.demo))
        var editor = MovieEditor(movie: try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes))), path: "demo.mov")
        editor.plantedFault = Self.renumberedTrack
        var memory = ByteWriter()
        let source = try Self.firstTrack(of: Self.demo)
        #expect(throws: EditError.verificationFailed(.missingTrack(trackID: source.id))) { try editor.write(Self.rename, into: &memory) }
        // The same plan without the fault passes the same check.
        editor.plantedFault = nil
        var clean = ByteWriter()
        #expect(throws: Never.self) { try editor.write(Self.rename, into: &clean) }
    }

    /// An appending edit: the new moov is appended, found wrong, and the file cut back.
    @Test func plantedFaultInPlaceIsUndone() throws {
        let folder = try TemporaryFolder("verify-in-place")
        defer { folder.remove() }
        let movie = try folder.copy(Self.demo, as: "in.mov")
        let before = try Data(contentsOf: URL(fileURLWithPath: movie))
        let source = try Self.firstTrack(of: Self.demo)
        var editor = try MovieEditor(path: movie, lock: .exclusive)
        editor.plantedFault = Self.renumberedTrack
        #expect(throws: EditError.verificationFailed(.missingTrack(trackID: source.id))) { try editor.editInPlace(Self.rename) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: movie)) == before, "byte for byte as it was")
    }

    /// A fragmented movie's in-place edit: the new moov staged in the free space after the old
    /// one, found wrong before the switch, and the free space written back.
    @Test func plantedFaultInPlaceInAFragmentedMovieIsUndone() throws {
        let folder = try TemporaryFolder("verify-fragmented-in-place")
        defer { folder.remove() }
        let fragmented = RemuxFixtures.media("fragmented.mp4")
        let bytes = try FragmentedMovieCraft.withFreeSpace([UInt8](Data(contentsOf: fragmented)), afterMovie: 4096)
        let movie = folder.path("in.mp4")
        try Data(bytes).write(to: URL(fileURLWithPath: movie))
        let source = try Self.firstTrack(of: fragmented)
        var editor = try MovieEditor(path: movie, lock: .exclusive)
        editor.plantedFault = Self.renumberedTrack
        #expect(throws: EditError.verificationFailed(.missingTrack(trackID: source.id))) { try editor.editInPlace(Self.rename) }
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: movie))) == bytes, "byte for byte as it was")
        // Without the fault the same edit lands.
        editor.plantedFault = nil
        #expect(throws: Never.self) { try editor.editInPlace(Self.rename) }
    }

    /// Kept fragmented: the rewritten moov and moofs are read back too.
    @Test func plantedFaultKeepingFragments() throws {
        let fragmented = RemuxFixtures.media("fragmented.mp4")
        let bytes = try [UInt8](Data(contentsOf: fragmented))
        var editor = MovieEditor(movie: try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes))), path: "fragmented.mp4")
        editor.plantedFault = Self.renumberedTrack
        var memory = ByteWriter()
        let source = try Self.firstTrack(of: fragmented)
        #expect(throws: EditError.verificationFailed(.missingTrack(trackID: source.id))) {
            try editor.write(Self.rename, into: &memory, keepingFragments: true)
        }
    }

    /// The check itself, on bytes made wrong after writing: an `mdat` whose type is changed no
    /// longer holds the samples; a damaged `mvhd` is no movie header; a file cut inside its
    /// `moov` does not read.
    @Test func damagedOutputsAreFound() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.demo))
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
        let edited = try EditedMovie(movie: movie, plan: Self.rename, limits: .standard)
        let check = WrittenMovieCheck(edited: edited, source: movie, limits: .standard)
        #expect(throws: Never.self) { try check.verify(MemoryByteSource(bytes)) }
        let walk = TopLevelWalk(bytes)
        let mdat = try #require(walk.boxes.first { $0.type == "mdat" })
        var renamed = bytes
        renamed.replaceSubrange(mdat.start + 4..<mdat.start + 8, with: Array("free".utf8))
        #expect {
            try check.verify(MemoryByteSource(renamed))
        } throws: { error in
            guard case let .verificationFailed(.sampleOutsideMedia(_, sample, _, _)) = error as? EditError else { return false }
            return sample == 1
        }
        let moov = try #require(walk.boxes.first { $0.type == "moov" })
        // demo.mov's moov starts with its mvhd; version 7 is none ISO/IEC 14496-12 §8.2.2 defines.
        try #require(Array(bytes[moov.start + 12..<moov.start + 16]) == Array("mvhd".utf8))
        var damagedHeader = bytes
        damagedHeader[moov.start + 16] = 7
        #expect(throws: EditError.verificationFailed(.noMovieHeader)) { try check.verify(MemoryByteSource(damagedHeader)) }
        #expect {
            try check.verify(MemoryByteSource(Array(bytes[..<(moov.start + 16)])))
        } throws: { error in
            guard case .verificationFailed(.unreadable) = error as? EditError else { return false }
            return true
        }
    }
}
