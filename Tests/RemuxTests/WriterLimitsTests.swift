import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
@testable import Remux
import Testing
import TimedText

/// What the engine must survive without trapping, and the rules it follows where a file's values
/// sit at their limits: ISO/IEC 14496-12's track IDs (§8.2.2.3, §8.3.2.3), 64-bit durations in
/// 32-bit fields, size-0 boxes (§4.2), and content past the movie's end (``PastEndPolicy``).
@Suite struct WriterLimitsTests {
    // MARK: track IDs

    /// next_track_ID names the next ID when it is above every one in use.
    @Test func nextTrackIDIsUsedWhenFree() throws {
        var ids = TrackIDAllocator(usedIDs: [1, 2], nextTrackID: 7)
        #expect(try ids.take() == 7)
        #expect(try ids.take() == 8)
        #expect(ids.nextTrackID == 9)
    }

    /// "If this value is equal to all 1s (32-bit maxint), and a new media track is to be added,
    /// then a search must be made in the file for an unused track identifier" (§8.2.2.3).
    @Test func allOnesMeansSearch() throws {
        var ids = TrackIDAllocator(usedIDs: [1, 2], nextTrackID: 0xFFFF_FFFF)
        #expect(try ids.take() == 3)
        var full = TrackIDAllocator(usedIDs: [1, 0xFFFF_FFFF], nextTrackID: 0xFFFF_FFFF)
        #expect(try full.take() == 2, "the smallest ID not in use")
        #expect(try full.take() == 3)
        #expect(full.nextTrackID == 0xFFFF_FFFF, "the largest ID in use is all ones: next_track_ID says search")
    }

    /// A next_track_ID that is 0 (not a track ID) or at or below an ID in use is not followed.
    @Test func nextTrackIDBelowTheTracksIsIgnored() throws {
        var zero = TrackIDAllocator(usedIDs: [1, 2], nextTrackID: 0)
        #expect(try zero.take() == 3)
        var stale = TrackIDAllocator(usedIDs: [1, 5], nextTrackID: 3)
        #expect(try stale.take() == 6, "3 is free, but next_track_ID must exceed every ID in use")
    }

    /// The hostile movies of TestMedia/hostile: the new track gets an ID no track has, and the
    /// file's other IDs are untouched.
    @Test(arguments: [("next-track-id-max.mov", [1, 2, 3]), ("track-id-max.mov", [1, 0xFFFF_FFFF, 2])])
    func addedTrackTakesAFreeID(file: String, expected: [UInt32]) throws {
        let folder = try TemporaryFolder("remux-ids")
        defer { folder.remove() }
        let source = TestPaths.testMedia.appendingPathComponent("hostile/\(file)")
        let output = folder.path("out.mov")
        var plan = EditPlan(subtitleTracks: [try RemuxFixtures.englishSDHRequest()])
        plan.pastEnd = .extend
        _ = try MovieEditor(path: source.path).write(plan, to: output)
        let movie = try Movie.open(path: output)
        #expect(movie.tracks.map(\.id) == expected)
        #expect(Set(movie.tracks.map(\.id)).count == movie.tracks.count)
    }

    // MARK: arithmetic

    /// Durations are rescaled in 128 bits: a product past 64 bits is no trap, and a result that
    /// does not fit is an error, not a wrapped value.
    @Test func rescalingNeverTraps() throws {
        #expect(try NewTrackSamples.rescale(3_600_000, from: 1000, to: 600) == 2_160_000)
        #expect(try NewTrackSamples.rescale(1, from: 1000, to: 600) == 1, "0.6 rounds to 1")
        #expect(try NewTrackSamples.rescale(UInt64.max / 2, from: 1000, to: 1000) == UInt64.max / 2)
        // 100,000 hours in milliseconds to a 4 GHz timescale is 1.5e18 units: past 32 bits, within 64.
        #expect(try NewTrackSamples.rescale(360_000_000_000, from: 1000, to: 0xFFFF_FFFF) == 1_546_188_226_200_000_000)
        #expect(throws: BoxError.self) { try NewTrackSamples.rescale(UInt64.max / 2, from: 1, to: 4) }
        #expect(throws: BoxError.self) { try NewTrackSamples.rescale(1, from: 0, to: 600) }
    }

    @Test func sampleDurationsAddUpChecked() throws {
        var samples = NewTrackSamples(kind: "a test sample")
        try samples.append([1, 2, 3], duration: 0xFFFF_FFFF)
        try samples.append([4], duration: 0xFFFF_FFFF)
        #expect(samples.duration == 0x1_FFFF_FFFE)
        #expect(samples.runs.map(\.count) == [2])
        #expect(throws: BoxError.self) { try samples.append([5], duration: 0x1_0000_0000) }
    }

    /// A movie whose timescale is all ones: the new track's duration in it needs 64 bits, so
    /// its `tkhd` is version 1 (§8.3.2.2), and the value is the media duration rescaled.
    @Test func hostileTimescaleGivesAVersion1Header() throws {
        let folder = try TemporaryFolder("remux-timescale")
        defer { folder.remove() }
        var bytes = [UInt8](try Data(contentsOf: RemuxFixtures.media("demo.mov")))
        let moov = try #require(TopLevelWalk(bytes).boxes.first { $0.type == "moov" })
        let mvhd = try #require(Self.find("mvhd", in: bytes, from: moov.start + 8, to: moov.end))
        // mvhd version 0: version/flags, creation, modification, then the timescale.
        bytes.replaceSubrange(mvhd + 8 + 12..<mvhd + 8 + 16, with: be32(0xFFFF_FFFF))
        let source = folder.path("hostile-timescale.mov")
        try Data(bytes).write(to: URL(fileURLWithPath: source))
        var plan = EditPlan(subtitleTracks: [try RemuxFixtures.englishSDHRequest()])
        plan.pastEnd = .extend
        _ = try MovieEditor(path: source).write(plan, to: folder.path("out.mov"))
        let added = try #require(try Movie.open(path: folder.path("out.mov")).tracks.last)
        let milliseconds = added.mediaHeader.duration
        #expect(added.header.duration == (milliseconds * 0xFFFF_FFFF + 500) / 1000)
        #expect(added.header.duration > UInt64(UInt32.max))
        #expect(added.header.version == 1)
    }

    /// A version-0 header given a value that needs 64 bits is written as version 1, never cut.
    @Test func headersWidenRatherThanTruncate() throws {
        var tkhd = TrackHeaderBox(trackID: 1, flags: [.enabled], duration: 10)
        tkhd.duration = 0x1_0000_0001
        #expect(tkhd.version == 0)
        var reader = ByteReader(tkhd.payload[...], baseOffset: 0, path: "tkhd")
        let decoded = try TrackHeaderBox(parsing: &reader, type: "tkhd")
        #expect(decoded.version == 1)
        #expect(decoded.duration == 0x1_0000_0001)
    }

    // MARK: size-0 boxes

    /// A size-0 child runs to the end of its parent (ISO/IEC 14496-12 §4.2): once another child
    /// follows it, it is written with its size, or it would swallow the one after it.
    @Test func sizeZeroChildGetsItsSizeWhenOthersFollow() throws {
        let zero = Box(header: BoxHeader(type: "name", form: .toEnd, payloadSize: 5), content: .data(Array("Video".utf8)[...]))
        let udta = Box(type: "udta", children: [zero, Box(type: "tagc", payload: Array("x".utf8))])
        let bytes = try udta.encoded()
        #expect(Array(bytes[8..<12]) == be32(13), "the name box says 13 bytes")
        let parsed = try BoxTreeParser.parseBoxes(bytes)
        #expect(parsed.first?.children.map(\.type) == ["name", "tagc"])
        let last = Box(type: "udta", children: [zero])
        #expect(Array(try last.encoded()[8..<12]) == [0, 0, 0, 0], "the last child keeps its size-0 form")
    }

    // MARK: the reader's limits

    /// A file read only up to ``Limits/maxBoxCount`` is not edited: its fragments past the
    /// limit were never read, and a copy would leave them out (it did, with a warning about bytes
    /// "which no track uses", on a movie of 10,000 fragments).
    @Test(arguments: [false, true])
    func aFileReadUpToALimitIsNotEdited(keepingFragments: Bool) throws {
        let folder = try TemporaryFolder("remux-box-limit")
        defer { folder.remove() }
        let source = RemuxFixtures.media("fragmented.mp4").path
        let whole = try Movie.open(path: source)
        #expect(whole.file.damage == nil)
        // Room for the top-level boxes up to the second fragment, not for all of them.
        let topLevel = whole.file.boxes.count
        let limits = Limits(inputBytesPerIndexRecord: UInt64.max, minIndexRecords: 4)
        #expect(limits.maxIndexRecords(forInputSize: whole.file.source.size) < topLevel)
        let editor = try MovieEditor(path: source, limits: limits)
        #expect(editor.movie.file.stoppedAtLimit)
        #expect(editor.movie.warnings.contains { $0.message.contains("read only up to here") }, "what was not read is told")
        #expect(throws: BoxError.self, "a track cut short is not read as whole") {
            try editor.movie.samples(of: editor.movie.tracks[0], maxSamples: 1_000_000)
        }
        let output = folder.path("out.mp4")
        let refusal = #expect(throws: EditError.self) {
            try editor.write(EditPlan(removal: MetadataRemoval(trackIDs: [])), to: output, keepingFragments: keepingFragments)
        }
        #expect(refusal?.description.contains("the file is read only up to here") == true, "\(String(describing: refusal))")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    // MARK: past the movie's end

    /// demo.mov lasts 4 s; english-sdh.srt's cues end at 3.75 s. Cues moved past 4 s are left
    /// out or cut with `clip`, kept (the movie lengthened, and said) with `extend`, refused with
    /// `refuse`.
    @Test func cuesPastTheEnd() throws {
        let folder = try TemporaryFolder("remux-past-end")
        defer { folder.remove() }
        var cues = try RemuxFixtures.englishSDHCues()
        cues[1].end = .seconds(5)                                // runs past 4 s
        cues[2].start = .seconds(6); cues[2].end = .seconds(7)  // starts after it
        var request = try RemuxFixtures.englishSDHRequest()
        request.cues = cues
        let editor = try MovieEditor(path: RemuxFixtures.media("demo.mov").path)

        let clipped = try editor.write(EditPlan(subtitleTracks: [request], pastEnd: .clip), to: folder.path("clip.mov"))
        #expect(clipped.losses.map(\.kind) == [.pastMovieEnd, .cutAtMovieEnd])
        #expect(clipped.losses.map(\.numbers) == [[3], [2]])
        let clip = try Movie.open(path: folder.path("clip.mov"))
        #expect(clip.header?.duration == editor.movie.header?.duration, "the movie keeps its length")

        let extended = try editor.write(EditPlan(subtitleTracks: [request], pastEnd: .extend), to: folder.path("extend.mov"))
        #expect(extended.losses.isEmpty)
        #expect(extended.diagnostics.contains { $0.contains("the movie is lengthened from 00:00:04.000 to 00:00:07.000") }, "\(extended.diagnostics)")

        #expect(throws: EditError.self) {
            try editor.write(EditPlan(subtitleTracks: [request], pastEnd: .refuse), to: folder.path("refuse.mov"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("refuse.mov")))
        var strict = EditPlan(subtitleTracks: [request], pastEnd: .clip)
        strict.refusesLosses = true
        let refusal = #expect(throws: EditError.self) { try editor.write(strict, to: folder.path("strict.mov")) }
        guard case let .refusedLosses(losses)? = refusal else {
            Issue.record("not a refusal of losses: \(String(describing: refusal))")
            return
        }
        #expect(losses.map(\.kind) == [.pastMovieEnd, .cutAtMovieEnd])
    }

    @Test func chaptersPastTheEnd() throws {
        let folder = try TemporaryFolder("remux-past-end")
        defer { folder.remove() }
        let chapters = [Chapter(start: .zero, title: "A"), Chapter(start: .seconds(2), title: "B"), Chapter(start: .seconds(9), title: "C")]
        let editor = try MovieEditor(path: RemuxFixtures.media("demo.mov").path)
        let report = try editor.write(EditPlan(chapters: ChapterTrackRequest(chapters: chapters)), to: folder.path("clip.mov"))
        #expect(report.losses.map(\.numbers) == [[3]])
        #expect(report.losses.first?.hint == nil, "a chapter cannot lengthen the movie")
        // demo.mov is 4 s long (TestMedia/README.md).
        #expect(throws: EditError.chapterPastEnd(number: 3, title: "C", start: .seconds(9), movieEnd: .seconds(4))) {
            try editor.write(EditPlan(chapters: ChapterTrackRequest(chapters: chapters), pastEnd: .refuse), to: folder.path("refuse.mov"))
        }
    }

    /// The offset of the first box of `type` between `start` and `end`, walking children of the
    /// containers on the way (moov, trak, mdia, minf, stbl).
    static func find(_ type: String, in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var offset = start
        while offset + 8 <= end {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let kind = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if kind == type { return offset }
            if ["trak", "mdia", "minf", "stbl"].contains(kind), let found = find(type, in: bytes, from: offset + 8, to: offset + size) {
                return found
            }
            guard size >= 8 else { return nil }
            offset += size
        }
        return nil
    }
}
