import Foundation
import LegibleTestSupport
import Testing

/// `--init` refusals: one `error:` line, exit status 2, naming the file at fault and, where a
/// box is, its path and its offset in that file (found here by walking the file's box headers,
/// ISO/IEC 14496-12 §4.2); nothing is written.
extension InitSegmentCommandTests {
    /// The offset of the first box at `path` (`["moof", "traf", "tfhd"]`), descending through
    /// containers whose payload is boxes.
    static func offset(of path: [String], in file: String) throws -> Int {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        var start = 0, end = bytes.count
        var found = 0
        for (depth, type) in path.enumerated() {
            var position = start
            var match: (offset: Int, size: Int)?
            while position + 8 <= end {
                let size = bytes[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
                let name = String(decoding: bytes[position + 4..<position + 8], as: UTF8.self)
                try #require(size >= 8, "box at \(position) of \(file)")
                if name == type {
                    match = (position, size)
                    break
                }
                position += size
            }
            let box = try #require(match, "no \(path[...depth].joined(separator: "/")) in \(file)")
            found = box.offset
            (start, end) = (box.offset + 8, box.offset + box.size)
        }
        return found
    }

    /// The one error line of a refused command.
    static func refusal(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try LegibleCommand.run(arguments)
        #expect(result.status == 2, "\(result.stdout)", sourceLocation: sourceLocation)
        try #require(result.errorLines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        return result.errorLines[0]
    }

    @Test func aMissingInitializationSegmentIsNamed() throws {
        let folder = try TemporaryFolder("init-missing")
        defer { folder.remove() }
        let track = Self.packagedSegments("video.1", in: try Self.packaged(in: folder, text: "wvtt"))
        let missing = folder.path("absent.mp4")
        for command in [["info"], ["extract", "--track", "1"], ["strip", "-o", folder.path("out.mp4")]] {
            let line = try Self.refusal(command + [track.segments[0], "--init", missing])
            #expect(line.hasPrefix("error: \(missing): cannot open") && line.contains("No such file"), "\(line)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.mp4")))
    }

    /// A media segment given as the initialization segment: it has no moov.
    @Test func aMediaSegmentAsTheInitializationSegmentIsRefused() throws {
        let folder = try TemporaryFolder("init-is-segment")
        defer { folder.remove() }
        let track = Self.packagedSegments("video.1", in: try Self.packaged(in: folder, text: "wvtt"))
        let line = try Self.refusal(["info", "--init", track.segments[0], track.segments[1]])
        #expect(line.hasPrefix("error: \(track.segments[0]): not an initialization segment: no moov box"), "\(line)")
        #expect(line.contains("styp") && line.contains("moof"), "\(line)")
    }

    /// A regular movie's moov has no mvex: it cannot describe fragments.
    @Test func anInitializationSegmentWithoutMvexIsRefused() throws {
        let folder = try TemporaryFolder("init-no-mvex")
        defer { folder.remove() }
        let track = Self.packagedSegments("video.1", in: try Self.packaged(in: folder, text: "wvtt"))
        let movie = CLITests.media("demo.mp4")
        let moov = try Self.offset(of: ["moov"], in: movie)
        let line = try Self.refusal(["info", "--init", movie, track.segments[0]])
        #expect(line.hasPrefix("error: \(movie): moov @ 0x\(String(moov, radix: 16)): moov has no mvex"), "\(line)")
    }

    /// An audio segment after the video's initialization segment: its traf is of a track the
    /// init does not describe; the error names the segment and the tfhd's offset in it.
    @Test func aSegmentOfAnotherTrackIsRefused() throws {
        let folder = try TemporaryFolder("init-other-track")
        defer { folder.remove() }
        let output = try Self.packaged(in: folder, text: "wvtt")
        let video = Self.packagedSegments("video.1", in: output)
        let audio = Self.packagedSegments("audio.2.en", in: output)
        let tfhd = try Self.offset(of: ["moof", "traf", "tfhd"], in: audio.segments[0])
        let line = try Self.refusal(["info", "--init", video.initialization, video.segments[0], audio.segments[0]])
        #expect(line.hasPrefix("error: \(audio.segments[0]): moof[1]/traf[1]/tfhd @ 0x\(String(tfhd, radix: 16)): track ID 2 is not described"),
                "\(line)")
    }

    /// `--in-place` would edit the segment alone, which is not the movie: refused before
    /// anything is read, and the files are as they were.
    @Test func inPlaceWithInitIsRefused() throws {
        let folder = try TemporaryFolder("init-in-place")
        defer { folder.remove() }
        let track = Self.packagedSegments("video.1", in: try Self.packaged(in: folder, text: "wvtt"))
        let before = try Data(contentsOf: URL(fileURLWithPath: track.segments[0]))
        let line = try Self.refusal(["strip", track.segments[0], "--init", track.initialization, "--in-place"])
        #expect(line.contains("--in-place") && line.contains("--init") && line.contains("-o"), "\(line)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: track.segments[0])) == before)
    }

    /// A truncated initialization segment: its moov would take the segment's bytes.
    @Test func aTruncatedInitializationSegmentIsNamed() throws {
        let folder = try TemporaryFolder("init-truncated")
        defer { folder.remove() }
        let track = Self.packagedSegments("video.1", in: try Self.packaged(in: folder, text: "wvtt"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: track.initialization))
        let truncated = folder.path("truncated.init.mp4")
        try bytes.prefix(bytes.count - 10).write(to: URL(fileURLWithPath: truncated))
        let moov = try Self.offset(of: ["moov"], in: track.initialization)
        let line = try Self.refusal(["info", "--init", truncated, track.segments[0]])
        #expect(line.hasPrefix("error: \(truncated): moov @ 0x\(String(moov, radix: 16)): "), "\(line)")
    }
}
