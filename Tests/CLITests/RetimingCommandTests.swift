import Foundation
import LegibleTestSupport
import Testing

/// `--timecode-origin`, `--fps` and `--offset` on `add-subtitles`, `add-captions` and `convert`:
/// every added track is extracted and read by Python's `srt`, its cue times compared with the
/// input's moved by the arithmetic done here ((t − origin) × from/to + offset), within 1 ms, or
/// one frame for SCC.
@Suite struct RetimingCommandTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path
    /// Seconds of one 29.97 frame: SCC's grid.
    static let sccFrame = 1001.0 / 30000.0

    /// Cues from 0.1 s to 3.2 s, inside demo.mov's 4 s whatever the tests do to them.
    static let subRip = """
    1
    00:00:00,100 --> 00:00:00,600
    One

    2
    00:00:01,000 --> 00:00:01,750
    Two

    3
    00:00:02,500 --> 00:00:03,200
    Three

    """
    static let subRipTimes: [(Double, Double)] = [(0.1, 0.6), (1.0, 1.75), (2.5, 3.2)]

    /// A broadcast TTML file (TTML1 §7.2.11 ttp:timeBase, §7.2.5 ttp:frameRate): timecode labels
    /// from 10:00:00:00 at 25 frames a second.
    static let smpteTTML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter"
        ttp:timeBase="smpte" ttp:frameRate="25" xml:lang="en">
      <body><div>
        <p begin="10:00:00:12" end="10:00:01:00">First</p>
        <p begin="10:00:02:00" end="10:00:03:05">Second</p>
      </div></body>
    </tt>
    """

    /// A broadcast SCC file from 10:00:00;00 (drop-frame): "HELLO" loaded from frame 10 and
    /// flipped on by EOC, its twelfth pair, in frame 21; erased by EDM in frame 45.
    static let broadcastSCC = """
    Scenarist_SCC V1.0

    10:00:00;10\t9420 9420 94ae 94ae 9452 9452 97a1 97a1 c845 4c4c 4f80 942f 942f

    10:00:01;15\t942c 942c

    """

    /// Cue times in seconds as Python's `srt` reads the file.
    static func pythonTimes(_ path: String) throws -> [(Double, Double)] {
        let script = """
        import sys, srt
        for cue in srt.parse(open(sys.argv[1], encoding='utf-8').read()):
            print(cue.start.total_seconds(), cue.end.total_seconds())
        """
        let output = try ExternalTool.run("python3", ["-c", script, path])
        try #require(output.status == 0, "\(output.stderr)")
        return output.stdout.split(separator: "\n").map { line in
            let fields = line.split(separator: " ").compactMap { Double($0) }
            return (fields.first ?? -1, fields.last ?? -1)
        }
    }

    /// The track `add-*` added, extracted as SubRip and read by Python.
    static func extractedTimes(_ movie: String, track: Int = 5, in folder: TemporaryFolder) throws -> [(Double, Double)] {
        let path = folder.path("extracted-\(track).srt")
        let extracted = try LegibleCommand.run(["extract", movie, "--track", String(track), "--format", "srt", "-o", path, "--quiet"])
        try #require(extracted.status == 0, "\(extracted.stderr)")
        return try pythonTimes(path)
    }

    static func expectTimes(_ actual: [(Double, Double)], _ expected: [(Double, Double)], within tolerance: Double,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.count == expected.count, "\(actual) vs \(expected)", sourceLocation: sourceLocation)
        for (got, want) in zip(actual, expected) {
            #expect(abs(got.0 - want.0) <= tolerance && abs(got.1 - want.1) <= tolerance, "\(got) vs \(want)", sourceLocation: sourceLocation)
        }
    }

    static func write(_ text: String, _ name: String, in folder: TemporaryFolder) throws -> String {
        let path = folder.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(.enabled(if: ExternalTool.shouldRun("python3")))
    func addSubtitlesScalesThenShiftsAndCutsAtZero() throws {
        let folder = try TemporaryFolder("retime-add-subtitles")
        defer { folder.remove() }
        let input = try Self.write(Self.subRip, "pal.srt", in: folder)
        let output = folder.path("out.mov")
        let result = try LegibleCommand.run(["add-subtitles", Self.demo, input, "--language", "en", "--fps", "25:24000/1001",
                                             "--offset", "-0.3", "-o", output, "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        // A 25 fps release on a 24000/1001 cut: × 25 × 1001 / 24000, then 0.3 s earlier.
        let expected = Self.subRipTimes.map { (max(0, $0.0 * 25025 / 24000 - 0.3), $0.1 * 25025 / 24000 - 0.3) }
        Self.expectTimes(try Self.extractedTimes(output, in: folder), expected, within: 0.001)
        #expect(result.stderr.contains("cue 1: cut at 00:00:00.000"), "\(result.stderr)")
        #expect(result.stdout.contains("\"fps\": \"25:24000/1001\""), "\(result.stdout)")
        #expect(result.stdout.contains("\"offset\": -0.3"), "\(result.stdout)")
        #expect(result.stdout.contains("\"kind\": \"cut-at-start\""), "\(result.stdout)")
    }

    @Test(.enabled(if: ExternalTool.shouldRun("python3")))
    func smpteTTMLLandsAtTheMovieStartWithAuto() throws {
        let folder = try TemporaryFolder("retime-smpte-ttml")
        defer { folder.remove() }
        let input = try Self.write(Self.smpteTTML, "broadcast.ttml", in: folder)
        let output = folder.path("out.mov")
        let plain = try LegibleCommand.run(["add-subtitles", Self.demo, input, "-o", output])
        #expect(plain.status == 2)
        #expect(plain.stderr.contains("ttp:timeBase=\\\"smpte\\\"") || plain.stderr.contains("ttp:timeBase=\"smpte\""), "\(plain.stderr)")
        #expect(plain.stderr.contains("--timecode-origin auto"), "\(plain.stderr)")
        let result = try LegibleCommand.run(["add-subtitles", Self.demo, input, "--timecode-origin", "auto", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("--timecode-origin"), "\(result.stderr)")
        // Labels minus 10:00:00:00, frames of 1/25 s: 12 frames = 0.48 s, 3 s 5 frames = 3.2 s.
        Self.expectTimes(try Self.extractedTimes(output, in: folder), [(0.48, 1.0), (2.0, 3.2)], within: 0.001)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("python3")))
    func broadcastSCCLandsAtTheMovieStartWithAuto() throws {
        let folder = try TemporaryFolder("retime-scc")
        defer { folder.remove() }
        let input = try Self.write(Self.broadcastSCC, "broadcast.scc", in: folder)
        let output = folder.path("out.mov")
        let plain = try LegibleCommand.run(["add-captions", Self.demo, input, "--language", "en", "-o", output])
        #expect(plain.status == 2)
        #expect(plain.stderr.contains("--timecode-origin auto subtracts 10:00:00;00"), "\(plain.stderr)")
        let result = try LegibleCommand.run(["add-captions", Self.demo, input, "--language", "en", "--timecode-origin", "auto",
                                             "-o", output, "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        // 10:00:00;00 drop-frame is frame 1,078,920: 1,078,920 × 1001/30000 s.
        #expect(result.stdout.contains("\"origin\": 35999.964"), "\(result.stdout)")
        Self.expectTimes(try Self.extractedTimes(output, in: folder), [(21 * Self.sccFrame, 45 * Self.sccFrame)], within: Self.sccFrame)
    }

    /// An SCC file pycaption wrote from SubRip cues 10 hours in: it labels them in non-drop-frame
    /// (its first line, 10:00:00.6 on the clock, is 09:59:24:19), so `auto` must take the clock's hour,
    /// not the label's.
    @Test(.enabled(if: ExternalTool.shouldRun("python3")))
    func pycaptionSCCFromTenHoursInLandsAtTheMovieStart() throws {
        let folder = try TemporaryFolder("retime-pycaption-scc")
        defer { folder.remove() }
        // The first cue 1 s in: pycaption loads a caption up to 0.8 s before it shows, and its
        // first line must still come after 10:00:00.
        let shifted = """
        1
        10:00:01,000 --> 10:00:01,750
        ONE

        2
        10:00:02,200 --> 10:00:03,300
        TWO

        """
        let source = try Self.write(shifted, "shifted.srt", in: folder)
        let scc = folder.path("pycaption.scc")
        // pycaption writes the SCC and reads it back: its own times, less 10 hours, are the reference.
        let script = """
        import sys
        from pycaption import SRTReader, SCCWriter, SCCReader
        text = SCCWriter().write(SRTReader().read(open(sys.argv[1], encoding='utf-8').read()))
        open(sys.argv[2], 'w').write(text)
        captions = SCCReader().read(text)
        for cue in captions.get_captions(captions.get_languages()[0]):
            print(cue.start / 1e6 - 36000, cue.end / 1e6 - 36000)
        """
        let made = try ExternalTool.run("python3", ["-c", script, source, scc])
        try #require(made.status == 0, "\(made.stderr)")
        let reference = made.stdout.split(separator: "\n").map { line in
            let fields = line.split(separator: " ").compactMap { Double($0) }
            return (fields.first ?? -1, fields.last ?? -1)
        }
        try #require(reference.count == 2, "\(made.stdout)")
        let output = folder.path("out.mov")
        let result = try LegibleCommand.run(["add-captions", Self.demo, scc, "--language", "en", "--timecode-origin", "auto", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        Self.expectTimes(try Self.extractedTimes(output, in: folder), reference, within: Self.sccFrame)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("python3")))
    func addCaptionsRetimesTextCuesBeforeEncoding() throws {
        let folder = try TemporaryFolder("retime-add-captions-text")
        defer { folder.remove() }
        let input = try Self.write(Self.subRip, "in.srt", in: folder)
        let output = folder.path("out.mov")
        let result = try LegibleCommand.run(["add-captions", Self.demo, input, "--language", "en", "--offset", "0.5", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        // Pop-on captions flip on the frame their cue starts: demo.mov's grid, 25 fps.
        Self.expectTimes(try Self.extractedTimes(output, in: folder), Self.subRipTimes.map { ($0.0 + 0.5, $0.1 + 0.5) }, within: 0.04)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("python3")))
    func convertAppliesTheOrderOriginRateOffset() throws {
        let folder = try TemporaryFolder("retime-convert")
        defer { folder.remove() }
        let shifted = Self.subRip.replacingOccurrences(of: "00:00:0", with: "01:00:0")
        let input = try Self.write(shifted, "in.srt", in: folder)
        let output = folder.path("out.srt")
        let result = try LegibleCommand.run(["convert", input, "--timecode-origin", "01:00:00.000", "--fps", "23.976:25",
                                             "--offset", "+00:00:01.250", "-o", output, "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        let expected = Self.subRipTimes.map { ($0.0 * 24000 / 25025 + 1.25, $0.1 * 24000 / 25025 + 1.25) }
        Self.expectTimes(try Self.pythonTimes(output), expected, within: 0.001)
        #expect(result.stdout.contains("\"fps\": \"24000/1001:25\""), "\(result.stdout)")
        #expect(result.stdout.contains("\"origin\": 3600"), "\(result.stdout)")
    }

    @Test(.enabled(if: ExternalTool.shouldRun("python3")))
    func convertMovesSCCAndNamesWhatLandsBeforeZero() throws {
        let folder = try TemporaryFolder("retime-convert-scc")
        defer { folder.remove() }
        let input = try Self.write(Self.broadcastSCC, "broadcast.scc", in: folder)
        let output = folder.path("out.srt")
        let result = try LegibleCommand.run(["convert", input, "--timecode-origin", "auto", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        Self.expectTimes(try Self.pythonTimes(output), [(21 * Self.sccFrame, 45 * Self.sccFrame)], within: Self.sccFrame)
        let nothing = try LegibleCommand.run(["convert", try Self.write(Self.subRip, "in.srt", in: folder), "--timecode-origin", "auto"])
        #expect(nothing.status == 0)
        #expect(nothing.stderr.contains("nothing is subtracted"), "\(nothing.stderr)")
        let early = try LegibleCommand.run(["convert", input, "--timecode-origin", "10:00:01;00", "-o", output, "--overwrite"])
        try #require(early.status == 0, "\(early.stderr)")
        #expect(early.stderr.contains("caption burst 1: left out, landing before 00:00:00.000"), "\(early.stderr)")
    }

    @Test func strictRefusesWhatLandsBeforeZero() throws {
        let folder = try TemporaryFolder("retime-strict")
        defer { folder.remove() }
        let subRip = try Self.write(Self.subRip, "in.srt", in: folder)
        let scc = try Self.write(Self.broadcastSCC, "broadcast.scc", in: folder)
        let output = folder.path("out.mov")
        let subtitles = try LegibleCommand.run(["add-subtitles", Self.demo, subRip, "--offset", "-0.6", "--strict", "-o", output])
        #expect(subtitles.status == 2)
        #expect(subtitles.stderr.contains("cue 1: left out, landing before 00:00:00.000"), "\(subtitles.stderr)")
        let captions = try LegibleCommand.run(["add-captions", Self.demo, scc, "--language", "en", "--timecode-origin", "10:00:01;00",
                                               "--strict", "-o", output])
        #expect(captions.status == 2)
        #expect(captions.stderr.contains("caption burst 1: left out, landing before 00:00:00.000"), "\(captions.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func badValuesAreRefused() throws {
        let folder = try TemporaryFolder("retime-bad")
        defer { folder.remove() }
        let input = try Self.write(Self.subRip, "in.srt", in: folder)
        for (option, value) in [("--fps", "25"), ("--fps", "0:25"), ("--offset", "1.5s"), ("--offset", "-1:00"),
                                ("--timecode-origin", "10:00"), ("--timecode-origin", "10:61:00:00")] {
            let result = try LegibleCommand.run(["convert", input, option, value])
            #expect(result.status == 2, "\(option) \(value)")
            #expect(result.stderr.contains(option), "\(option) \(value): \(result.stderr)")
        }
    }
}
