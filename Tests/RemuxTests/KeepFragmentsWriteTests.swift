import Foundation
import ISOBMFF
import LegibleTestSupport
import Metadata
import Movie
import Remux
import Testing

/// `MovieEditor.write(_:into:keepingFragments:)`, read back with the library's fragment reader:
/// every sample of the source keeps its bytes, times and flags and stays in a fragment, the added
/// track is fragmented too, and hostile fragmented movies are refused or written whole.
@Suite struct KeepFragmentsWriteTests {
    static let maxSamples = 100_000

    /// TestMedia/fragmented.mp4 (FFmpeg, `default_base_moof`, an `mfra`) with an SDH track added
    /// and a track renamed.
    @Test func samplesStayInFragments() throws {
        let bytes = try [UInt8](Data(contentsOf: RemuxFixtures.media("fragmented.mp4")))
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
        try #require(movie.isFragmented)
        let plan = EditPlan(subtitleTracks: [try RemuxFixtures.englishSDHRequest()],
                            trackChanges: [TrackChangeRequest(trackID: 1, changes: TrackChanges(name: "Renamed"))])
        var memory = ByteWriter()
        let report = try MovieEditor(movie: movie, path: "fragmented.mp4").write(plan, into: &memory, keepingFragments: true)
        #expect(report.fileSize == UInt64(memory.count) && report.diagnostics.isEmpty, "\(report.diagnostics)")
        let output = try Movie(file: BoxTreeParser.parse(MemoryByteSource(memory.bytes)))
        #expect(output.isFragmented && output.file.damage == nil)
        #expect(output.tracks.allSatisfy { $0.tableSampleCount == 0 }, "every sample is in a fragment")
        #expect(output.file.boxes.count { $0.type == "moof" } == movie.file.boxes.count { $0.type == "moof" })

        for track in movie.tracks {
            let copy = try #require(output.track(id: track.id))
            let before = try movie.samples(of: track, maxSamples: Self.maxSamples)
            let after = try output.samples(of: copy, maxSamples: Self.maxSamples)
            try #require(before.count == after.count && !before.isEmpty, "track \(track.id)")
            for (source, written) in zip(before, after) {
                #expect(source.decodeTime == written.decodeTime && source.duration == written.duration
                        && source.compositionOffset == written.compositionOffset && source.isSync == written.isSync
                        && source.size == written.size, "track \(track.id) sample \(source.index)")
                #expect(Self.bytes(of: source, in: bytes) == Self.bytes(of: written, in: memory.bytes), "track \(track.id) sample \(source.index)")
            }
        }

        // The added track: english-sdh.srt's cues, in fragments, as the same track added to the
        // movie written regular holds them in its sample table.
        let addedID = try #require(report.addedTrackIDs.first)
        let added = try #require(output.track(id: addedID))
        var regularBytes = ByteWriter()
        _ = try MovieEditor(movie: movie, path: "fragmented.mp4").write(plan, into: &regularBytes)
        let regular = try Movie(file: BoxTreeParser.parse(MemoryByteSource(regularBytes.bytes)))
        let expected = try regular.samples(of: try #require(regular.track(id: addedID)), maxSamples: Self.maxSamples)
        let fragmented = try output.samples(of: added, maxSamples: Self.maxSamples)
        #expect(fragmented.map(\.decodeTime) == expected.map(\.decodeTime) && fragmented.map(\.duration) == expected.map(\.duration))
        #expect(fragmented.map { Self.bytes(of: $0, in: memory.bytes) } == expected.map { Self.bytes(of: $0, in: regularBytes.bytes) })
        #expect(output.fragments?.defaults[addedID] != nil, "the added track has a trex")
    }

    /// What the fragmented layout does not write is refused as such, and nothing is written.
    @Test func chaptersAndCueReplacementAreRefused() throws {
        let bytes = try [UInt8](Data(contentsOf: RemuxFixtures.media("fragmented.mp4")))
        let editor = MovieEditor(movie: try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes))), path: "fragmented.mp4")
        let chapters = EditPlan(chapters: ChapterTrackRequest(chapters: [Chapter(start: .zero, title: "A")]))
        var replacement = EditPlan()
        replacement.cueReplacements = [CueReplacementRequest(trackID: 2, cues: [])]
        for (plan, obstacle) in [(chapters, EditError.FragmentKeepingObstacle.chapters), (replacement, .cueReplacement)] {
            var memory = ByteWriter()
            #expect(throws: EditError.cannotKeepFragments(obstacle)) { try editor.write(plan, into: &memory, keepingFragments: true) }
            #expect(memory.count == 0)
        }
    }

    /// Each fragmented movie of the hostile set, with each kind of plan: refused with an
    /// `EditError`, or written as a movie that reads back without damage.
    @Test(arguments: CraftedMovie.hostileSet.filter { hostile in
        (try? Movie(file: BoxTreeParser.parse(MemoryByteSource(hostile.bytes))))?.isFragmented ?? false
    })
    func hostileFragmentedMovies(_ hostile: CraftedMovie.Hostile) throws {
        let movie = try Movie(file: BoxTreeParser.parse(MemoryByteSource(hostile.bytes)))
        let plans = [
            EditPlan(trackChanges: [TrackChangeRequest(trackID: 1, changes: TrackChanges(name: "Renamed"))]),
            EditPlan(subtitleTracks: [try RemuxFixtures.englishSDHRequest()]),
            EditPlan(removal: MetadataRemoval(trackIDs: [1], leavesOutUnusedMedia: true)),
        ]
        for plan in plans {
            var memory = ByteWriter()
            do {
                let report = try MovieEditor(movie: movie, path: hostile.name).write(plan, into: &memory, keepingFragments: true)
                #expect(report.fileSize == UInt64(memory.count))
                let output = BoxTreeParser.parse(MemoryByteSource(memory.bytes))
                #expect(output.damage == nil, "\(hostile.name): \(String(describing: output.damage))")
                #expect(throws: Never.self) { try Movie(file: output) }
            } catch {
                // A refusal, as an EditError (typed throws): nothing else to check.
            }
        }
    }

    /// The edit fuzzer's crashes (Fuzz/crashes/edit), each read, reviewed for sharing and
    /// written both ways without a trap, and every output written holding every sample of the
    /// source's kept tracks byte for byte: a `tfra` entry naming a `traf` its `moof` does not
    /// have, a box whose size runs past 2^64, a sample across the header of the `mdat` after it,
    /// an empty sample at the start of an unknown last box of size 0, which a strip removes, a
    /// kept last box whose 64-bit size passes 2^63.
    @Test(arguments: ((try? FileManager.default.contentsOfDirectory(atPath: Self.fuzzCrashes.path)) ?? []).filter { $0.hasSuffix(".bin") }.sorted())
    func fuzzCrashesAreWrittenOrRefused(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.fuzzCrashes.appendingPathComponent(name)))
        guard let movie = try? Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes))) else { return }
        let review = try? SharingReview(movie: movie)
        let plans = [EditPlan(trackChanges: [TrackChangeRequest(trackID: movie.tracks.first?.id ?? 1, changes: TrackChanges(name: "Renamed"))]),
                     EditPlan(removal: review.map { MetadataRemoval($0) })]
        for plan in plans {
            for keepingFragments in [false, true] {
                var memory = ByteWriter()
                if (try? MovieEditor(movie: movie, path: name).write(plan, into: &memory, keepingFragments: keepingFragments)) != nil {
                    let file = BoxTreeParser.parse(MemoryByteSource(memory.bytes))
                    #expect(file.damage == nil, "\(name)")
                    let output = try Movie(file: file)
                    for track in movie.tracks where !(plan.removal?.trackIDs.contains(track.id) ?? false) {
                        let copy = try #require(output.track(id: track.id), "\(name): track \(track.id)")
                        let expected = try movie.samples(of: track, maxSamples: 100_000).map { Self.bytes(of: $0, in: bytes) }
                        let written = try output.samples(of: copy, maxSamples: 100_000).map { Self.bytes(of: $0, in: memory.bytes) }
                        let differing = zip(written, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                        #expect(written.count == expected.count && differing == nil,
                                "\(name): track \(track.id), keeping fragments \(keepingFragments): \(written.count) of \(expected.count) samples, sample \(differing.map { $0 + 1 } ?? 0) differs")
                    }
                }
            }
        }
    }

    static var fuzzCrashes: URL { TestPaths.packageRoot.appendingPathComponent("Fuzz/crashes/edit") }

    /// A sample's bytes; nil when the file ends before them (a crafted file's sample, say).
    private static func bytes(of sample: SampleTable.Sample, in file: [UInt8]) -> ArraySlice<UInt8>? {
        let end = sample.offset.addingReportingOverflow(UInt64(sample.size))
        guard !end.overflow, end.partialValue <= UInt64(file.count) else { return nil }
        return file[Int(sample.offset)..<Int(end.partialValue)]
    }
}
