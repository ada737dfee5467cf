import Foundation
import LegibleTestSupport
import Testing

/// `legible qc`: exit statuses, the JSON contract read against independent readings of the same
/// cues (SubtitleCueReader for files, ffmpeg for movie tracks), and golden outputs for every
/// subtitle file and text track in TestMedia. The rules' numbers are tested against the
/// guidelines in QualityTests (TestMedia/qc).
@Suite struct QCCommandTests {
    static func legible(_ arguments: [String], in directory: URL? = nil) throws -> ExternalTool.Output {
        try LegibleCommand.run(arguments, in: directory)
    }

    static func media(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent(name).path }

    @Test func exitStatuses() throws {
        // english-sdh.srt's first cue lasts 750 ms: under Netflix's 5/6 s, an error; BBC sets no minimum.
        #expect(try Self.legible(["qc", Self.media("english-sdh.srt")]).status == 1)
        #expect(try Self.legible(["qc", Self.media("english-sdh.srt"), "--profile", "bbc"]).status == 0)
        let unknown = try Self.legible(["qc", Self.media("english-sdh.srt"), "--profile", "itv"])
        #expect(unknown.status == 2 && unknown.errorLines.count == 1 && unknown.stderr.contains("netflix"))
        #expect(try Self.legible(["qc", Self.media("english-sdh.srt"), "--frame-rate", "fast"]).status == 2)
        #expect(try Self.legible(["qc", Self.media("english-sdh.srt"), "--track", "3"]).status == 2)
        let noText = try Self.legible(["qc", Self.media("metadata.mov")])
        #expect(noText.status == 2 && noText.errorLines.count == 1)
        #expect(try Self.legible(["qc", Self.media("no-such-file.srt")]).status == 2)
        let help = try Self.legible(["qc", "--help"])
        #expect(help.stdout.contains("Examples:") && help.stdout.contains("--profile"))
        let profiles = try Self.legible(["qc", "--list-profiles"])
        #expect(profiles.status == 0 && profiles.stdout.contains("bbc.github.io/subtitle-guidelines"))
    }

    /// Cue numbers and times in the JSON are the file's, as an independent reader sees them.
    @Test func jsonNamesTheFilesCues() throws {
        let output = try Self.legible(["qc", Self.media("qc/gap.srt"), "--frame-rate", "25", "--json"])
        #expect(output.status == 1)
        let json = try #require(output.jsonObject)
        let subjects = try #require(json["subjects"] as? [[String: Any]])
        let findings = try #require(subjects.first?["findings"] as? [[String: Any]])
        let cues = try SubtitleCueReader.cues(contentsOf: TestPaths.testMedia.appendingPathComponent("qc/gap.srt"))
        #expect(findings.map { $0["cue"] as? Int } == [3, 4])
        for finding in findings {
            let cue = cues[(finding["cue"] as? Int ?? 0) - 1]
            #expect(Int(((finding["start"] as? Double ?? -1) * 1000).rounded()) == cue.start)
            #expect(Int(((finding["end"] as? Double ?? -1) * 1000).rounded()) == cue.end)
            #expect((finding["source"] as? String)?.contains("Frame Gap") == true)
        }
        #expect(json["errors"] as? Int == 2)
        #expect((json["profile"] as? [String: Any])?["name"] as? String == "netflix")
    }

    /// A movie's track: cue numbers and times on the movie timeline are those ffmpeg reads, and
    /// cues past the end of the picture and sound (ffprobe's video duration) are found.
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe")))
    func movieTrackAgainstFFmpeg() throws {
        let folder = try TemporaryFolder("qc-movie")
        defer { folder.remove() }
        let srt = folder.path("late.srt")
        try "1\n00:00:01,000 --> 00:00:02,000\nInside\n\n2\n00:00:03,500 --> 00:00:04,500\nAcross the end\n\n3\n00:00:05,000 --> 00:00:06,000\nAfter the end\n"
            .write(toFile: srt, atomically: true, encoding: .utf8)
        let movie = folder.path("late.mov")
        // --past-end extend keeps the late cues, which qc is to find (add-subtitles clips them by default).
        #expect(try Self.legible(["add-subtitles", Self.media("demo.mov"), srt, "--language", "en", "--past-end", "extend", "-o", movie]).status == 0)
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=duration", "-of", "csv=p=0", movie])
        let videoEnd = try #require(Double(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(videoEnd < 5 && videoEnd > 3.5, "the demo video ends at 4 s")
        let output = try Self.legible(["qc", movie, "--track", "5", "--profile", "fcc", "--json"])
        #expect(output.status == 1)
        let findings = try #require(((output.jsonObject?["subjects"] as? [[String: Any]])?.first?["findings"]) as? [[String: Any]])
        #expect(findings.map { "\($0["severity"] ?? "") \($0["rule"] ?? "") \($0["cue"] ?? "")" }
                == ["warning past-movie-end 2", "error past-movie-end 3"])
        let reference = try DeliveryValidation.ffmpegCues(movie, subtitleStream: 1, in: folder)
        for finding in findings {
            let cue = reference[(finding["cue"] as? Int ?? 0) - 1]
            #expect(Int(((finding["start"] as? Double ?? -1) * 1000).rounded()) == cue[0] as? Int)
        }
    }

    /// check-forced-missing.mov: a forced-only Spanish track (6, the `forc` twin of 5) with a
    /// sign the full Spanish track (5) does not show. The expected cues are read from both tracks
    /// by ffmpeg: a forced cue is missing when no full cue overlapping it in time holds its text.
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg") && ExternalTool.shouldRun("ffprobe")))
    func forcedCuesMissingFromTheFullTrack() throws {
        let folder = try TemporaryFolder("qc-forced")
        defer { folder.remove() }
        let movie = Self.media("rules/check-forced-missing.mov")
        let streams = try ReportCommandTests.subtitleStreamIndexes(movie)
        func cues(_ track: Int) throws -> [TimedCue] {
            let index = try #require(streams[track], "ffprobe lists track \(track) as a subtitle stream")
            return try DeliveryValidation.ffmpegCues(movie, subtitleStream: index, in: folder).map {
                TimedCue(start: $0[0] as? Int ?? -1, end: $0[1] as? Int ?? -1, text: $0[2] as? String ?? "")
            }
        }
        let full = try cues(5)
        let forced = try cues(6)
        func words(_ cue: TimedCue) -> String { cue.plainText.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let expected = forced.indices.filter { index in
            !full.contains { $0.start < forced[index].end && forced[index].start < $0.end && words($0).contains(words(forced[index])) }
        }.map { $0 + 1 }
        #expect(!expected.isEmpty, "the fixture has a forced cue the full track lacks")

        let output = try Self.legible(["qc", movie, "--json"])
        let subjects = try #require(output.jsonObject?["subjects"] as? [[String: Any]])
        for subject in subjects {
            let missing = (subject["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == "forced-cue-missing" }
            let track = subject["trackID"] as? Int
            #expect(missing.map { $0["cue"] as? Int } == (track == 6 ? expected : []), "track \(track ?? -1)")
            for finding in missing {
                let cue = forced[(finding["cue"] as? Int ?? 0) - 1]
                #expect(Int(((finding["start"] as? Double ?? -1) * 1000).rounded()) == cue.start)
                #expect(finding["severity"] as? String == "warning")
                #expect((finding["message"] as? String)?.contains(words(cue)) == true && (finding["message"] as? String)?.contains("track 5") == true)
                #expect((finding["source"] as? String)?.contains("forced subtitle") == true)
            }
        }
        // --track 6 alone finds the same: the full track is read from the movie.
        let alone = try Self.legible(["qc", movie, "--track", "6", "--profile", "fcc", "--json"])
        let findings = try #require(((alone.jsonObject?["subjects"] as? [[String: Any]])?.first?["findings"]) as? [[String: Any]])
        #expect(findings.map { "\($0["rule"] ?? "") \($0["cue"] ?? "")" } == expected.map { "forced-cue-missing \($0)" })
    }

    /// Every TestMedia subtitle file (under every profile, at the demo movies' 25 fps; the
    /// CEA-608 fixture also under fcc) and every TestMedia movie with text tracks. Each finding
    /// was checked by hand against the cue and the guideline's number; regenerate with LEGIBLE_UPDATE_GOLDEN=1 after an intended change and
    /// review the diff.
    @Test func goldenTestMedia() throws {
        let root = TestPaths.testMedia
        var runs = ["netflix", "netflix-children", "bbc", "dcmp", "dcmp-educational", "fcc"].map {
            ["english-sdh.srt", "--frame-rate", "25", "--profile", $0]
        }
        runs += try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("qc").path)
            .filter { $0.hasSuffix(".srt") }.sorted().map { ["qc/\($0)", "--frame-rate", "25"] }
        // The character set is a rule of the line 21 profiles only.
        runs.append(["qc/cea608-characters.srt", "--profile", "fcc"])
        let movies = TestPaths.testMediaFiles.map(\.lastPathComponent)
            + (try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("rules").path))
                .filter { $0.hasSuffix(".mov") }.sorted().map { "rules/\($0)" }
        var text = ""
        for arguments in runs + movies.map({ [$0] }) {
            let output = try Self.legible(["qc"] + arguments, in: root)
            if output.status == 2 && output.stderr.contains("no text track to check") { continue }
            text += "$ legible qc \(arguments.joined(separator: " "))\n" + output.stdout + output.stderr + "(exit \(output.status))\n\n"
        }
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/qc-testmedia.txt")
        if ProcessInfo.processInfo.environment["LEGIBLE_UPDATE_GOLDEN"] == "1" {
            try text.write(to: golden, atomically: true, encoding: .utf8)
            Issue.record("golden file rewritten: Golden/qc-testmedia.txt; review the diff, then rerun without LEGIBLE_UPDATE_GOLDEN")
            return
        }
        #expect(text == (try String(contentsOf: golden, encoding: .utf8)), "legible qc output differs from Golden/qc-testmedia.txt")
    }
}
