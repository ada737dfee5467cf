import Foundation
import LegibleTestSupport
import Testing

/// `add-subtitles --sidecars` through the release binary (issue 32 §1): the dry run, the written
/// movie as MP4Box, ffprobe and MediaInfo read it, `check` and `select` on it, and the refusals.
@Suite struct SidecarsCommandTests {
    typealias Scenario = SidecarsScenario

    @Test func theFixturesAreWhatScriptsMakeSidecarsWrites() throws {
        let script = TestPaths.packageRoot.appendingPathComponent("Scripts/make-sidecars").path
        let check = try ExternalTool.run(script, ["--check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func dryRunListsEveryFileWithItsTrackAndWritesNothing() throws {
        let scenario = try Scenario(label: "sidecars-dry")
        defer { scenario.folder.remove() }
        let before = try scenario.folder.contents().sorted()
        let result = try scenario.addSidecars(["--dry-run"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try scenario.folder.contents().sorted() == before)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(scenario.movie): 9 sidecar files make 9 tracks, 1 skipped")
        let rows = lines.filter { $0.contains(" → ") }
        #expect(rows.count == Scenario.expected.count)
        for (row, expected) in zip(rows, Scenario.expected) {
            let columns = row.split(separator: "→", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(columns.first == "\(Scenario.movieName).\(expected.file)")
            #expect(columns.last?.hasPrefix(expected.name + "  ") == true, "\(row)")
            #expect(row.contains("  \(expected.language)  "), "\(row)")
        }
        #expect(rows[5].contains("forced-only, twin of \(Scenario.movieName).es-419.default.vtt"))
        #expect(rows[6].contains("forced-only, twin of \(Scenario.movieName).en.srt"))
        #expect(rows[7].contains("forced-only, twin of \(Scenario.movieName).Deutsch.hi.srt"))
        #expect(rows[8].contains("c608 ← SCC"))
        #expect(lines.contains("  skipped \(Scenario.movieName).commentary.srt: 'commentary' is neither a language nor a kind (sdh, hi, cc, forced, foreign, default)"))
        // demo.mov's sound tracks are English and Spanish.
        #expect(lines.contains { $0.hasPrefix("note: the movie has no German sound track") })
        #expect(lines.contains { $0.hasPrefix("note: the movie has no Portuguese (Brazil) sound track") })
    }

    @Test func dryRunJSONIsTheMachineForm() throws {
        let scenario = try Scenario(label: "sidecars-json")
        defer { scenario.folder.remove() }
        let result = try scenario.addSidecars(["--dry-run", "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        let json = try #require(result.jsonObject)
        #expect(json["movie"] as? String == scenario.movie)
        let tracks = try #require(json["tracks"] as? [[String: Any]])
        #expect(tracks.map { $0["file"] as? String } == Scenario.expected.map { scenario.path($0.file) })
        #expect(tracks.map { $0["name"] as? String } == Scenario.expected.map(\.name))
        #expect(tracks.map { $0["language"] as? String } == Scenario.expected.map(\.language))
        #expect(tracks.map { $0["forcedOnly"] as? Bool } == Scenario.expected.map(\.forced))
        #expect(tracks.map { $0["sdh"] as? Bool } == Scenario.expected.map(\.sdh))
        #expect(tracks.map { $0["default"] as? Bool } == Scenario.expected.map { $0.file.contains(".default.") })
        #expect(tracks.map { $0["forcedTwinOf"] as? String } == [nil, nil, nil, nil, nil, scenario.path("es-419.default.vtt"),
                                                                  scenario.path("en.srt"), scenario.path("Deutsch.hi.srt"), nil])
        #expect(tracks.map { $0["followedByAudio"] as? Bool } == [false, false, false, false, false, true, true, false, false])
        #expect(tracks.map { $0["sampleFormat"] as? String } == Array(repeating: "tx3g", count: 8) + ["c608"])
        let skipped = try #require(json["skipped"] as? [[String: Any]])
        #expect(skipped.map { $0["file"] as? String } == [scenario.path("commentary.srt")])
        #expect((json["notes"] as? [String])?.count == 2)
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func mp4BoxReadsEachTracksLanguageGroupAndCharacteristics() throws {
        let scenario = try Scenario(label: "sidecars-mp4box")
        defer { scenario.folder.remove() }
        let output = try scenario.written()
        let existing = try ExternalTool.run(TestPaths.mp4Box, ["-info", "4", output]).stderr
        let legibleGroup = try #require(existing.split(separator: "\n").first { $0.hasPrefix("Alternate Group ID") })
        for (offset, expected) in Scenario.expected.enumerated() {
            let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", String(5 + offset), output])
            try #require(info.status == 0, "\(info.stderr)")
            let lines = (info.stdout + info.stderr).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let language = expected.language.contains("-") ? expected.language : try #require(Scenario.iso639_2[expected.language])
            #expect(lines.contains { $0.hasPrefix("Media Language:") && $0.hasSuffix("(\(language))") }, "\(expected.file): \(lines)")
            #expect(lines.contains(String(legibleGroup)), "\(expected.file) joins the subtitles' group")
            let tags = lines.first { $0.hasPrefix("tagc:") }
            if expected.sdh {
                #expect(tags == "tagc: public.accessibility.transcribes-spoken-dialog, public.accessibility.describes-music-and-sound")
            } else if expected.forced {
                #expect(tags == "tagc: public.subtitles.forced-only")
            } else {
                #expect(tags == nil)
            }
        }
        // Each full track names its forced-only twin (forc): German SDH (5), English (7), Spanish (8).
        for (full, twin) in [(5, 12), (7, 11), (8, 10)] {
            let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", String(full), output])
            #expect(info.stderr.contains("Track References: forc to \(twin)"), "track \(full)")
        }
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe") && ExternalTool.shouldRun("mediainfo")))
    func ffprobeAndMediaInfoReadNamesLanguagesAndDispositions() throws {
        let scenario = try Scenario(label: "sidecars-ffprobe")
        defer { scenario.folder.remove() }
        let output = try scenario.written()
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-show_streams", "-of", "json", output])
        try #require(probe.status == 0, "\(probe.stderr)")
        let streams = try #require((try JSONSerialization.jsonObject(with: probe.stdoutData) as? [String: Any])?["streams"] as? [[String: Any]])
        #expect(streams.count == 4 + Scenario.expected.count)
        let added = streams.dropFirst(4).map { $0 }
        #expect(added.map { ($0["tags"] as? [String: Any])?["language"] as? String }
            == Scenario.expected.map { Scenario.iso639_2[$0.language] })
        #expect(added.map { $0["codec_tag_string"] as? String } == Array(repeating: "tx3g", count: 8) + ["c608"])
        // The default file's track is the one enabled: ffmpeg's default disposition; the movie's
        // own Spanish subtitle track (stream 3) is disabled by it.
        let defaults = streams.map { ($0["disposition"] as? [String: Any])?["default"] as? Int }
        #expect(defaults[3] == 0)
        #expect(Array(defaults.dropFirst(4)) == Scenario.expected.map { $0.file.contains(".default.") ? 1 : 0 })

        let text = try Scenario.mediaInfoTracks(output).filter { $0["@type"] as? String == "Text" }.dropFirst()
        #expect(text.map { $0["Title"] as? String } == Scenario.expected.map(\.name))
        #expect(text.map { $0["Forced"] as? String } == Scenario.expected.map { $0.forced ? "Yes" : "No" })
    }

    @Test func checkFindsNothingToWarnOfAndSelectPicksAsAPlayerWould() throws {
        let scenario = try Scenario(label: "sidecars-check")
        defer { scenario.folder.remove() }
        let output = try scenario.written()
        let check = try LegibleCommand.run(["check", output, "--json"])
        #expect(check.status == 0, "\(check.stdout)")
        let findings = try #require(check.jsonObject?["findings"] as? [[String: Any]])
        #expect(findings.filter { $0["severity"] as? String != "info" }.isEmpty, "\(findings)")

        // "Closed Captions + SDH" with English preferred: the English SDH track (6).
        let sdh = try #require(SelectCommandTests.selected("legible", in: try SelectCommandTests.select(output, ["--languages", "en", "--prefer-sdh"])))
        #expect(sdh["trackID"] as? Int == 6)
        #expect(sdh["displayName"] as? String == "English SDH")
        // English audio, subtitles off: the English forced-only track (11), named by the audio's folw.
        let english = try SelectCommandTests.select(output, ["--languages", "en"])
        let englishGroup = try #require(english.first { $0["characteristic"] as? String == "legible" })
        #expect(englishGroup["alsoEnabled"] as? [Int] == [11])
        #expect(englishGroup["subtitleDisplay"] as? String == "forced-only")
        // Spanish audio: the Spanish forced-only track (10).
        let spanish = try SelectCommandTests.select(output, ["--languages", "es"])
        #expect(spanish.first { $0["characteristic"] as? String == "legible" }?["alsoEnabled"] as? [Int] == [10])
        // Captions preferred in French: the caption track (13).
        let french = try SelectCommandTests.select(output, ["--languages", "fr", "--prefer-captions"])
        #expect(SelectCommandTests.selected("legible", in: french)?["trackID"] as? Int == 13)
    }

    @Test func twoFilesForOneTrackAreAnErrorNamingBoth() throws {
        let scenario = try Scenario("clash", label: "sidecars-clash")
        defer { scenario.folder.remove() }
        let result = try scenario.addSidecars(["-o", scenario.folder.path("out.mov")])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1)
        #expect(result.stderr.contains("'\(Scenario.movieName).en.srt' and '\(Scenario.movieName).eng.srt' would make the same track"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scenario.folder.path("out.mov")))
        #expect(try scenario.addSidecars(["--dry-run"]).status == 2)
    }

    @Test func aFolderWithOnlyUnreadableNamesWritesNothingAndSaysWhy() throws {
        let scenario = try Scenario("clash", label: "sidecars-unreadable")
        defer { scenario.folder.remove() }
        for name in ["en.srt", "eng.srt"] { try FileManager.default.removeItem(atPath: scenario.path(name)) }
        let notes = scenario.path("notes.srt")
        try "1\n00:00:01,000 --> 00:00:02,000\nHi\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let result = try scenario.addSidecars(["-o", scenario.folder.path("out.mov")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("warning: \(notes): skipped: 'notes' is neither a language nor a kind"), "\(result.stderr)")
        #expect(result.errorLines.first?.contains("no subtitle file beside the movie is named after it") == true, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scenario.folder.path("out.mov")))
    }

    @Test(arguments: [
        (["x.srt"], "give no SUBTITLES or --plan"),
        (["--plan", "p.json"], "give no SUBTITLES or --plan"),
        (["--language", "en"], "reads each track's language, kind and default from its file name"),
        (["--follow-audio", "auto"], "reads each track's language, kind and default from its file name"),
    ])
    func perTrackOptionsAreRefused(extra: [String], message: String) throws {
        let result = try LegibleCommand.run(["add-subtitles", "m.mov", "--sidecars", "--dry-run"] + extra)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func dryRunNeedsSidecarsAndAWriteNeedsADestination() throws {
        #expect(try LegibleCommand.run(["add-subtitles", "m.mov", "x.srt", "--dry-run"]).stderr.contains("--dry-run lists what --sidecars would add"))
        #expect(try LegibleCommand.run(["add-subtitles", "m.mov", "--sidecars"]).stderr.contains("say where to write"))
    }
}
