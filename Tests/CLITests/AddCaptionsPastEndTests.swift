import Foundation
import LegibleTestSupport
import Testing

/// `add-captions --past-end`: captions past the movie's end are held to it as `add-subtitles`
/// holds cues — clipped by default, the movie lengthened only with `extend`, nothing written with
/// `refuse` — read back with ffprobe.
@Suite struct AddCaptionsPastEndTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path
    /// "HELLO" shown at 1 s and cleared at 2 s, inside demo.mov's 4 s; "LATE" loaded and shown at
    /// 10 minutes, long after its end.
    static let scc = """
    Scenarist_SCC V1.0

    00:00:01;00\t9420 9420 94ae 94ae 9452 9452 97a1 97a1 c845 4c4c 4f80 942f 942f

    00:00:02;00\t942c 942c

    00:10:00;00\t9420 9420 94ae 94ae 9452 9452 97a1 97a1 4cc1 54c4 942f 942f

    """

    static func duration(_ path: String) throws -> Double {
        let output = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path])
        try #require(output.status == 0, "\(output.stderr)")
        return try #require(Double(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(output.stdout)")
    }

    static func addCaptions(_ options: [String], in folder: TemporaryFolder) throws -> (ExternalTool.Output, String) {
        let input = folder.path("late.scc")
        try scc.write(toFile: input, atomically: true, encoding: .utf8)
        let output = folder.path("out.mov")
        return (try LegibleCommand.run(["add-captions", demo, input, "--language", "en", "-o", output] + options), output)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")))
    func lateCaptionsAreClippedByDefault() throws {
        let folder = try TemporaryFolder("cc-past-end-clip")
        defer { folder.remove() }
        let (result, output) = try Self.addCaptions([], in: folder)
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("caption burst 3: left out"), "\(result.stderr)")
        #expect(abs(try Self.duration(output) - Self.duration(Self.demo)) < 0.05)
        let extracted = try LegibleCommand.run(["extract", output, "--track", "5", "--format", "srt"])
        try #require(extracted.status == 0, "\(extracted.stderr)")
        #expect(SubtitleCueReader.cues(extracted.stdout).map(\.plainText) == ["HELLO"])
    }

    @Test func refuseWritesNothing() throws {
        let folder = try TemporaryFolder("cc-past-end-refuse")
        defer { folder.remove() }
        let (result, output) = try Self.addCaptions(["--past-end", "refuse"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("caption burst 3"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")))
    func extendLengthensTheMovieToHoldThem() throws {
        let folder = try TemporaryFolder("cc-past-end-extend")
        defer { folder.remove() }
        let (result, output) = try Self.addCaptions(["--past-end", "extend"], in: folder)
        try #require(result.status == 0, "\(result.stderr)")
        // The last caption is sent from 00:10:00;00, a drop-frame timecode: 10 minutes of real time.
        #expect(try Self.duration(output) > 599)
    }
}
