import Foundation
import Testing
import LegibleTestSupport
import ISOBMFF
@testable import Movie

/// The Movie layer turns bad input into errors with a box path and offset, never a crash.
@Suite struct MovieErrorTests {
    static func exercise(_ bytes: [UInt8]) {
        let file = BoxTreeParser.parse(MemoryByteSource(bytes), limits: Limits(maxInMemoryBoxSize: 64 << 20))
        guard let movie = try? Movie(file: file) else { return }
        _ = MediaSelection(movie: movie)
        for track in movie.tracks {
            guard let table = try? track.sampleTable() else { continue }
            for _ in table.prefix(200_000) {}
        }
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
            #expect(error.location.path == "moov")
        }
    }

    @Test(arguments: TestPaths.testMediaFiles)
    func everyTruncationIsHandled(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        var cut = 0
        while cut < bytes.count {
            Self.exercise(Array(bytes.prefix(cut)))
            cut += max(1, bytes.count / 97)
        }
    }

    @Test(.corpus, arguments: try CorpusIndex.arguments())
    func corpusFilesNeverCrashTheModel(_ entry: CorpusEntry) throws {
        Self.exercise([UInt8](try Data(contentsOf: entry.url)))
    }
}
