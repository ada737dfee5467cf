import Foundation
import LegibleTestSupport
import Testing

/// `legible add-chapters` writes a chapter track ffprobe, ExifTool and `legible chapters` read
/// back as the input says, replaces the chapters a movie had, and copies every other stream
/// packet for packet.
@Suite struct AddChaptersCommandTests {
    struct Scenario: Sendable, CustomStringConvertible {
        var movie: String
        var listName: String
        var list: String
        /// The chapters the list says, with the last ending at the movie's end (ffprobe's end).
        var expected: [(Double, Double, String)]
        /// ffprobe stream indexes of the source's program streams (not its chapter tracks),
        /// which keep their index in the output.
        var keptStreams: [Int]
        var inPlace = false
        var description: String { "\(movie) + \(listName)\(inPlace ? " in place" : "")" }

        var expectedChapters: [ReadChapter] { expected.map { ReadChapter(start: $0.0, end: $0.1, title: $0.2) } }
    }

    static let textList = "# demo chapters\n00:00:00.000 Opening\n0:01.5 The Storm\n\n00:00:03,250 Ünïcode ≠ end\n"
    static let ffmetadataList = ";FFMETADATA1\ntitle=ignored\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=700\ntitle=Side A\\; first\n[CHAPTER]\nTIMEBASE=1/48000\nSTART=48000\nEND=96000\ntitle=Side B\n"
    static let jsonList = #"[{"start": 0, "title": "Cold open"}, {"start": "00:00:01.250", "title": "Titles"}, {"start": 5, "title": "Credits"}]"#

    static let scenarios: [Scenario] = [
        // Video, two audio tracks and a subtitle track, no chapters: 4 s.
        Scenario(movie: "demo.mov", listName: "list.txt", list: textList,
                 expected: [(0, 1.5, "Opening"), (1.5, 3.25, "The Storm"), (3.25, 4, "Ünïcode ≠ end")], keptStreams: [0, 1, 2, 3]),
        // Audio only: six sound tracks, 2 s.
        Scenario(movie: "audio-languages.mov", listName: "list.ffmeta", list: ffmetadataList,
                 expected: [(0, 1, "Side A; first"), (1, 2, "Side B")], keptStreams: [0, 1, 2, 3, 4, 5]),
        // A chapter track and udta/chpl already (Opening/Middle/Ending): both replaced. 6 s.
        Scenario(movie: "chapters.mov", listName: "list.json", list: jsonList,
                 expected: [(0, 1.25, "Cold open"), (1.25, 5, "Titles"), (5, 6, "Credits")], keptStreams: [0, 1]),
        Scenario(movie: "chapters.mp4", listName: "list.txt", list: textList,
                 expected: [(0, 1.5, "Opening"), (1.5, 3.25, "The Storm"), (3.25, 6, "Ünïcode ≠ end")], keptStreams: [0, 1], inPlace: true),
        // Chapter images (a disabled jpeg track in chap) go with the old titles.
        Scenario(movie: "chapter-images.mov", listName: "list.json", list: jsonList,
                 expected: [(0, 1.25, "Cold open"), (1.25, 5, "Titles"), (5, 6, "Credits")], keptStreams: [0, 1]),
    ]

    /// Runs add-chapters; returns the source copy (for in place) or the source, and the output.
    static func run(_ scenario: Scenario, in folder: TemporaryFolder) throws -> (source: String, output: String) {
        let source = TestPaths.testMedia.appendingPathComponent(scenario.movie)
        let list = folder.path(scenario.listName)
        try scenario.list.write(toFile: list, atomically: true, encoding: .utf8)
        let binary = TestPaths.legibleExecutable.path
        if scenario.inPlace {
            let copy = try folder.copy(source, as: "edited-" + scenario.movie)
            let result = try ExternalTool.run(binary, ["add-chapters", copy, list, "--in-place"])
            try #require(result.status == 0, "\(result.stderr)")
            return (source.path, copy)
        }
        let output = folder.path("out-" + scenario.movie)
        let result = try ExternalTool.run(binary, ["add-chapters", source.path, list, "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote chapter track"))
        return (source.path, output)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")), arguments: scenarios)
    func ffprobeListsTheInputsChapters(_ scenario: Scenario) throws {
        let folder = try TemporaryFolder("cli-chapters")
        defer { folder.remove() }
        let (_, output) = try Self.run(scenario, in: folder)
        ChapterReading.expectSame(try ChapterReading.ffprobe(output), scenario.expectedChapters, "ffprobe \(scenario)")
    }

    @Test(arguments: scenarios)
    func legibleReadsThemBackAsTheOnlyList(_ scenario: Scenario) throws {
        let folder = try TemporaryFolder("cli-chapters")
        defer { folder.remove() }
        let (_, output) = try Self.run(scenario, in: folder)
        let (chapters, json) = try ChapterReading.legible(output)
        ChapterReading.expectSame(chapters, scenario.expectedChapters, "legible \(scenario)")
        let source = try #require(json["source"] as? [String: Any])
        #expect(source["type"] as? String == "quickTimeTrack")
        #expect((json["otherSources"] as? [Any])?.isEmpty == true, "the old track and chpl are gone")
        // The new track is disabled, in no group, and referenced by the enabled program tracks.
        let info = try ExternalTool.run(TestPaths.legibleExecutable.path, ["info", "--json", output])
        let report = try #require(try JSONSerialization.jsonObject(with: info.stdoutData) as? [String: Any])
        let tracks = try #require(report["tracks"] as? [[String: Any]])
        let chapterID = try #require(source["trackID"] as? Int)
        let chapterTrack = try #require(tracks.first { $0["id"] as? Int == chapterID })
        #expect(chapterTrack["enabled"] as? Bool == false)
        #expect(chapterTrack["alternateGroup"] as? Int == 0)
        #expect(chapterTrack["codec"] as? String == "text")
        let referrers = tracks.filter { (($0["references"] as? [String: Any])?["chap"] as? [Int]) == [chapterID] }
        #expect(!referrers.isEmpty)
        #expect(referrers.allSatisfy { $0["enabled"] as? Bool == true })
        #expect(tracks.filter { ($0["codec"] as? String) == "text" || ($0["codec"] as? String) == "jpeg" }.count == 1,
                "only the new chapter track is left")
    }

    /// ExifTool 12.57 reads a QuickTime chapter track's samples with `-ee` (Text and SampleTime
    /// per sample) and the referring tracks' `chap` as "Chapter List Track ID".
    @Test(.enabled(if: ExternalTool.shouldRun("exiftool")), arguments: scenarios)
    func exiftoolReadsTheSamples(_ scenario: Scenario) throws {
        let folder = try TemporaryFolder("cli-chapters")
        defer { folder.remove() }
        let (_, output) = try Self.run(scenario, in: folder)
        let expected = scenario.expectedChapters.map { ReadChapter(start: $0.start, end: nil, title: $0.title) }
        // The demo's subtitle track is a text track too, before the chapter track: take the
        // samples whose titles are chapter titles.
        let samples = try ChapterReading.exiftoolFirstTextTrack(output)
        let chapterSamples = scenario.movie == "demo.mov" ? try exiftoolAllSamples(output).suffix(expected.count).map { $0 } : samples
        ChapterReading.expectSame(chapterSamples, expected, tolerance: 0.01, "exiftool \(scenario)")
        let tags = try ExternalTool.run("exiftool", ["-a", "-G1", "-ChapterListTrackID", output])
        #expect(tags.stdout.contains("Chapter List Track ID"), "\(tags.stdout)")
    }

    private func exiftoolAllSamples(_ path: String) throws -> [ReadChapter] {
        let output = try ExternalTool.run("exiftool", ["-ee", "-n", "-j", "-G3", "-Text", "-SampleTime", path])
        let tags = try #require((try JSONSerialization.jsonObject(with: output.stdoutData) as? [[String: Any]])?.first)
        var samples: [ReadChapter] = []
        for index in 1... {
            guard let text = tags["Doc\(index):Text"], let time = tags["Doc\(index):SampleTime"] as? Double else { break }
            samples.append(ReadChapter(start: time, end: nil, title: "\(text)"))
        }
        return samples
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")), arguments: scenarios)
    func otherStreamsAreCopiedPacketForPacket(_ scenario: Scenario) throws {
        let folder = try TemporaryFolder("cli-chapters")
        defer { folder.remove() }
        let (source, output) = try Self.run(scenario, in: folder)
        for stream in scenario.keptStreams {
            #expect(try FFmpegReading.framemd5(output, stream: stream) == FFmpegReading.framemd5(source, stream: stream),
                    "stream \(stream) of \(scenario)")
        }
    }

    /// `legible chapters --json` of one movie, edited (a title changed, the chapter past the
    /// other movie's end dropped), is add-chapters input for another.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe"))) func jsonRoundTrips() throws {
        let folder = try TemporaryFolder("cli-chapters")
        defer { folder.remove() }
        let printed = try ExternalTool.run(TestPaths.legibleExecutable.path, ["chapters", "--json", TestPaths.testMedia.appendingPathComponent("chapters.mov").path])
        try #require(printed.status == 0)
        var json = try #require(try JSONSerialization.jsonObject(with: printed.stdoutData) as? [String: Any])
        // chapters.mov (Scripts/make-test-media): Opening 0 s, Middle 2 s, Ending 4 s; demo.mp4 lasts 4 s.
        var chapters = try #require(json["chapters"] as? [[String: Any]])
        try #require(chapters.count == 3)
        chapters[1]["title"] = "Interlude"
        json["chapters"] = Array(chapters.prefix(2))
        let list = folder.path("chapters.json")
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: list))
        let output = folder.path("demo-chapters.mp4")
        let result = try ExternalTool.run(TestPaths.legibleExecutable.path,
                                          ["add-chapters", TestPaths.testMedia.appendingPathComponent("demo.mp4").path, list, "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        ChapterReading.expectSame(try ChapterReading.ffprobe(output),
                                  [ReadChapter(start: 0, end: 2, title: "Opening"), ReadChapter(start: 2, end: 4, title: "Interlude")],
                                  "round trip")
    }

    @Test(arguments: [
        ("list.txt", "0:00 A\n0:02 B\n0:01 C\n", "list.txt: line 3: chapters must be in time order"),
        ("list.txt", "0:00 A\n0:01 A\n0:01 B\n", "list.txt: line 3: two chapters start at 00:00:01.000"),
        ("list.ffmeta", ";FFMETADATA1\n[CHAPTER]\nSTART=0\ntitle=\n", "list.ffmeta: line 2: the chapter at 00:00:00.000 has an empty title"),
        ("list.json", "[{\"start\": 0}]", "list.json: not a chapter list"),
        ("list.srt", "1\n", "cannot tell the format of"),
    ])
    func badListsAreRefusedWithTheirPlace(name: String, text: String, message: String) throws {
        try expectRefusal(name: name, text: text, message: message)
    }

    /// demo.mov lasts 4 s: a chapter at 9 s is left out with a warning naming it (the default,
    /// `--past-end clip`), and ffprobe lists the one chapter left; `--past-end refuse` names
    /// the line instead and writes nothing.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")))
    func chaptersPastTheEndAreLeftOutOrRefused() throws {
        let folder = try TemporaryFolder("cli-chapters")
        defer { folder.remove() }
        try "0:00 A\n0:09 B\n".write(toFile: folder.path("list.txt"), atomically: true, encoding: .utf8)
        let result = try ExternalTool.run(TestPaths.legibleExecutable.path,
                                          ["add-chapters", TestPaths.testMedia.appendingPathComponent("demo.mov").path, folder.path("list.txt"),
                                           "-o", folder.path("out.mov")])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: track 5: chapter 2: left out, starting at or after the movie's end (00:00:04.000)"), "\(result.stderr)")
        ChapterReading.expectSame(try ChapterReading.ffprobe(folder.path("out.mov")), [ReadChapter(start: 0, end: 4, title: "A")], "clipped")
        try expectRefusal(name: "list.txt", text: "0:00 A\n0:09 B\n", extra: ["--past-end", "refuse"],
                          message: "list.txt: line 2: the chapter starts at 00:00:09.000, at or after the movie's end (00:00:04.000)")
    }

    private func expectRefusal(name: String, text: String, extra: [String] = [], message: String) throws {
        let folder = try TemporaryFolder("cli-chapters")
        defer { folder.remove() }
        try text.write(toFile: folder.path(name), atomically: true, encoding: .utf8)
        let result = try ExternalTool.run(TestPaths.legibleExecutable.path,
                                          ["add-chapters", TestPaths.testMedia.appendingPathComponent("demo.mov").path, folder.path(name), "-o", folder.path("out.mov")] + extra)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.mov")))
    }
}
