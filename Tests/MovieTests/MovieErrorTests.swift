import Foundation
import Testing
import LegibleTestSupport
import ISOBMFF
@testable import Movie

/// The Movie layer turns bad input into errors that say where the problem is (``expectLocated``),
/// never a crash, and what it does read of a damaged file agrees with ffprobe.
@Suite struct MovieErrorTests {
    /// Opens `bytes` as a movie and builds and walks every track's sample table. Every error must
    /// be located in `bytes`. Returns the movie when it opened.
    @discardableResult
    static func open(_ bytes: [UInt8], _ label: String) -> Movie? {
        let file = BoxTreeParser.parse(MemoryByteSource(bytes), limits: Limits(maxInMemoryBoxSize: 64 << 20))
        let movie: Movie
        do {
            movie = try Movie(file: file)
        } catch {
            expectLocated(error, in: bytes, label)
            return nil
        }
        let selection = MediaSelection(movie: movie)
        for option in selection.groups.flatMap(\.options) {
            #expect(movie.track(id: option.trackID) != nil, "\(label): selection option for missing track \(option.trackID)")
        }
        for track in movie.tracks {
            do {
                let table = try track.sampleTable()
                // The table holds as many samples as stsz declares (ISO/IEC 14496-12 §8.7.3), and
                // walking it yields each of them.
                #expect(UInt64(table.count) == track.tableSampleCount, "\(label) track \(track.id): sample count")
                let walked = table.prefix(200_000).reduce(0) { count, _ in count + 1 }
                #expect(walked == min(table.count, 200_000), "\(label) track \(track.id): samples walked")
            } catch {
                expectLocated(error, in: bytes, "\(label) track \(track.id) sample table")
            }
        }
        return movie
    }

    @Test func missingMovieIsExplained() throws {
        let bytes = Array("this is not a movie at all".utf8)
        let file = BoxTreeParser.parse(MemoryByteSource(bytes))
        #expect(throws: BoxError.self) { try Movie(file: file) }
    }

    @Test func textFileIsNotMistakenForATruncatedMovie() throws {
        let file = BoxTreeParser.parse(MemoryByteSource(Array("# Legible\n\nA README, not a movie.\n".utf8)))
        do {
            _ = try Movie(file: file)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "not a QuickTime or MPEG-4 file: it does not start with a box header")
        }
    }

    @Test func mediaSegmentIsExplained() throws {
        let bytes = TestBox.leaf("styp", Array("msdh".utf8) + be32(0)).bytes
            + TestBox.container("moof", [.leaf("mfhd", [0, 0, 0, 0] + be32(1))]).bytes
        do {
            _ = try Movie(file: BoxTreeParser.parse(MemoryByteSource(bytes)))
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("a media segment (moof without moov)"))
        }
    }

    @Test func truncatedMovieHeaderNamesTheBox() throws {
        let bytes = [UInt8](try Data(contentsOf: TestPaths.testMedia.appendingPathComponent("subtitles-multi.mp4")))
        let file = BoxTreeParser.parse(MemoryByteSource(Array(bytes.prefix(400))))
        do {
            _ = try Movie(file: file)
            Issue.record("expected an error")
        } catch {
            #expect(error.location?.path == "moov")
        }
    }

    /// Every prefix of a bundled file either fails with a located error or, when it holds the
    /// whole `moov` (which describes every track: ISO/IEC 14496-12 §8.2.1), opens with the tracks
    /// ffprobe lists for the intact file.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")), arguments: TestPaths.testMediaFiles)
    func everyTruncationIsHandled(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        let intact = try FFprobeAgreementTests.liveStreams(url)
        let moov = try #require(TopLevelWalk(bytes).boxes.first { $0.type == "moov" }, "\(url.lastPathComponent) has a moov")
        var cut = 0
        while cut < bytes.count {
            let label = "\(url.lastPathComponent) cut at \(cut)"
            if let movie = Self.open(Array(bytes.prefix(cut)), label) {
                #expect(cut >= moov.end, "\(label): opened, but the cut is inside or before moov (\(moov.start)..<\(moov.end))")
                FFprobeAgreementTests.compare(FFprobeAgreementTests.ours(movie), intact, file: label)
            } else {
                #expect(cut < moov.end, "\(label): the whole moov is there, yet it did not open")
            }
            cut += max(1, bytes.count / 97)
        }
    }

    /// Real-world files, malformed ones included: located errors or a movie whose tables build.
    /// FFprobeAgreementTests checks what the opened ones say.
    @Test(.corpus, arguments: try CorpusIndex.arguments())
    func corpusFilesOpenOrFailWithALocatedError(_ entry: CorpusEntry) throws {
        let bytes = [UInt8](try Data(contentsOf: entry.url))
        Self.open(bytes, entry.name)
    }

    /// ISO/IEC 14496-12 §8.7.4: `stsc` runs start at increasing chunk numbers; the last run
    /// covers the chunks up to the last in `stco`. Runs starting at chunks 1 and 5 are in order,
    /// so when `stco` lists only 2 chunks the fault is the run past the last chunk, not the order
    /// (exiftool's t/images/QuickTime.m4a has runs at 1 and 44 and no chunk offsets at all).
    @Test func stscRunPastTheLastChunkIsNotCalledOutOfOrder() throws {
        var fixture = try MovieFixture("demo.mp4")
        try fixture.editSampleTable(1) { stbl in
            stbl.modifyChild("stsc") { $0.setPayload(SampleToChunkBox(runs: [(1, 1, 1), (5, 1, 1)])) }
            stbl.modifyChild("stco") { $0.setPayload(ChunkOffsetBox(offsets: [48, 64])) }
        }
        let track = try #require(try fixture.movie().track(id: 1))
        do {
            _ = try track.sampleTable()
            Issue.record("expected an error: run 2 starts at chunk 5 of 2")
        } catch {
            #expect(error.location?.path.hasSuffix("stbl") == true, "\(error)")
            #expect(!error.message.contains("out of order") && error.message.contains("2 chunks"), "\(error)")
        }
    }
}
