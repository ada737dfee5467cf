import Foundation
import LegibleTestSupport
import Testing

/// What a writing command makes of its inputs: plans with typos, short names, chapter lists
/// it cannot use, content past the movie's end, and files it cannot edit — each named clearly,
/// nothing written on a refusal.
@Suite struct EditInputCLITests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path
    static let srt = TestPaths.testMedia.appendingPathComponent("english-sdh.srt").path

    /// A typo in a plan is an error naming the key, not a silent default; `"group": 2` is a group.
    @Test func planKeysAreChecked() throws {
        let folder = try TemporaryFolder("plan-keys")
        defer { folder.remove() }
        try #"{"subtitles": [{"file": "\#(Self.srt)", "language": "en", "defualt": true}]}"#
            .write(toFile: folder.path("typo.json"), atomically: true, encoding: .utf8)
        let typo = try LegibleCommand.run(["add-subtitles", Self.demo, "--plan", folder.path("typo.json"), "-o", folder.path("typo.mov")])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("unknown key 'defualt'"), "\(typo.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("typo.mov")))

        try #"{"subtitles": [{"file": "\#(Self.srt)", "language": "en", "group": 2}]}"#
            .write(toFile: folder.path("group.json"), atomically: true, encoding: .utf8)
        let grouped = try LegibleCommand.run(["add-subtitles", Self.demo, "--plan", folder.path("group.json"), "-o", folder.path("group.mov"),
                                              "--json"])
        try #require(grouped.status == 0, "\(grouped.stderr)")
        let info = try LegibleCommand.run(["info", folder.path("group.mov"), "--json"])
        let tracks = try #require(info.jsonObject?["tracks"] as? [[String: Any]])
        #expect(tracks.last?["alternateGroup"] as? Int == 2)
    }

    /// A two-byte name is padded so GPAC, which reads `name` as a full box, reads the movie; FFmpeg
    /// and Legible read the name as given.
    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func shortNamesAreReadByEveryone() throws {
        let folder = try TemporaryFolder("short-name")
        defer { folder.remove() }
        let output = folder.path("named.mov")
        let result = try LegibleCommand.run(["set-track", Self.demo, "--track", "1", "--name", "V2", "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        let mp4Box = try ExternalTool.run(TestPaths.mp4Box, ["-info", output])
        #expect(mp4Box.status == 0, "\(mp4Box.stderr)")
        let info = try LegibleCommand.run(["info", output, "--json"])
        let tracks = try #require(info.jsonObject?["tracks"] as? [[String: Any]])
        #expect(tracks.first?["name"] as? String == "V2")
    }

    /// Errors that say what is wrong: a fragmented movie is one Legible cannot edit in place (not
    /// a chapter "after the movie's end"), and a chapter list's bad time is named where it is.
    @Test func refusalsSayWhy() throws {
        let folder = try TemporaryFolder("refusals")
        defer { folder.remove() }
        try "0:00 A\n0:01 B\n".write(toFile: folder.path("list.txt"), atomically: true, encoding: .utf8)
        let source = try folder.copy(TestPaths.testMedia.appendingPathComponent("fragmented.mp4"), as: "fragmented.mp4")
        let fragmented = try LegibleCommand.run(["add-chapters", source, folder.path("list.txt"), "--in-place"])
        #expect(fragmented.status == 2)
        #expect(fragmented.errorLines.first?.contains("cannot be edited in place") == true, "\(fragmented.stderr)")
        #expect(fragmented.errorLines.first?.contains("-o") == true, "\(fragmented.stderr)")

        try #"[{"start": 0, "title": "A"}, {"start": 1e308, "title": "B"}]"#
            .write(toFile: folder.path("list.json"), atomically: true, encoding: .utf8)
        let huge = try LegibleCommand.run(["add-chapters", Self.demo, folder.path("list.json"), "-o", folder.path("c.mov")])
        #expect(huge.status == 2)
        #expect(huge.errorLines == ["error: \(folder.path("list.json")): not a chapter list: 1e+308 is not a time in seconds at [1].start"])
    }

    /// Cues past the end: left out and cut by default with one warning per kind (and in --json),
    /// refused with --strict or --past-end refuse, kept with --past-end extend and the movie's
    /// new length said. ffprobe reads the duration each way.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")))
    func cuesPastTheEnd() throws {
        let folder = try TemporaryFolder("past-end")
        defer { folder.remove() }
        let late = folder.path("late.srt")
        try "1\n00:00:01,000 --> 00:00:02,000\nInside\n\n2\n00:00:03,500 --> 00:00:04,500\nAcross\n\n3\n00:00:05,000 --> 00:00:06,000\nAfter\n"
            .write(toFile: late, atomically: true, encoding: .utf8)
        func duration(_ path: String) throws -> Double {
            let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path])
            return try #require(Double(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        let clipped = try LegibleCommand.run(["add-subtitles", Self.demo, late, "--language", "en", "-o", folder.path("clip.mov"), "--json"])
        try #require(clipped.status == 0, "\(clipped.stderr)")
        // The library's hint says what keeps them; the command line names the option.
        #expect(clipped.stderr.contains("warning: track 5: cue 3: left out, starting at or after the movie's end (00:00:04.000); --past-end extend keeps them\n"),
                "\(clipped.stderr)")
        #expect(clipped.stderr.contains("warning: track 5: cue 2: cut at the movie's end (00:00:04.000); --past-end extend keeps them whole\n"),
                "\(clipped.stderr)")
        let losses = try #require(clipped.jsonObject?["losses"] as? [[String: Any]])
        #expect(losses.compactMap { $0["kind"] as? String } == ["past-movie-end", "cut-at-movie-end"])
        #expect(abs(try duration(folder.path("clip.mov")) - 4.0) < 0.05)

        let extended = try LegibleCommand.run(["add-subtitles", Self.demo, late, "--language", "en", "--past-end", "extend",
                                               "-o", folder.path("extend.mov")])
        try #require(extended.status == 0, "\(extended.stderr)")
        #expect(extended.stderr.contains("the movie is lengthened from 00:00:04.000 to 00:00:06.000"), "\(extended.stderr)")
        #expect(abs(try duration(folder.path("extend.mov")) - 6.0) < 0.05)

        for refusal in [["--strict"], ["--past-end", "refuse"]] {
            let refused = try LegibleCommand.run(["add-subtitles", Self.demo, late, "--language", "en", "-o", folder.path("no.mov")] + refusal)
            #expect(refused.status == 2, "\(refusal)")
            #expect(refused.errorLines.count == 1, "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("no.mov")))
        }
    }
}
