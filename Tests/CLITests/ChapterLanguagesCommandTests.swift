import Foundation
import LegibleTestSupport
import Testing

/// `add-chapters --add-language` (one chapter track per language, QTFF "Chapter lists") and
/// `--nero` (udta/chpl), as MP4Box, ffprobe and mutagen read them. The expected chapters are
/// the chapter files' own.
@Suite struct ChapterLanguagesCommandTests {
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path

    /// Each language's chapter file: (start in seconds, title).
    static let lists: [(language: String, code: String, chapters: [(Double, String)])] = [
        ("en", "eng", [(0, "Opening"), (1.5, "Storm"), (3, "End")]),
        ("fr", "fra", [(0, "Ouverture"), (1.5, "Tempête"), (3, "Fin")]),
        ("it", "ita", [(0, "Apertura"), (2, "Fine")]),
    ]

    static func write(_ chapters: [(Double, String)], to path: String) throws {
        let lines = chapters.map { start, title in
            let milliseconds = Int((start * 1000).rounded())
            return "00:00:\(String(format: "%02d.%03d", milliseconds / 1000, milliseconds % 1000)) \(title)"
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Adds each language in turn, the first replacing the movie's chapters, the others with
    /// `--add-language`; the last also with `--nero`. Returns the movie.
    static func movieWithThreeLanguages(in folder: TemporaryFolder) throws -> String {
        var movie = demo
        for (index, list) in lists.enumerated() {
            let file = folder.path("\(list.language).txt")
            try write(list.chapters, to: file)
            let output = folder.path("chapters-\(index).mov")
            var arguments = ["add-chapters", movie, file, "--language", list.language, "-o", output]
            if index > 0 { arguments.append("--add-language") }
            if index == lists.count - 1 { arguments.append("--nero") }
            let run = try LegibleCommand.run(arguments)
            try #require(run.status == 0, "\(arguments.joined(separator: " ")): \(run.stderr)")
            movie = output
        }
        return movie
    }

    /// MP4Box's `-info` per track ID: whether it calls the track "Chapter Labels", and its
    /// alternate group.
    static func mp4BoxTracks(_ path: String) throws -> [UInt32: (isChapterTrack: Bool, group: Int)] {
        let output = try ExternalTool.run(TestPaths.mp4Box.path, ["-info", path])
        try #require(output.status == 0, "MP4Box failed: \(output.stderr)")
        var tracks: [UInt32: (Bool, Int)] = [:]
        for block in (output.stdout + output.stderr).components(separatedBy: "# Track ").dropFirst() {
            guard let idRange = block.range(of: "Info - ID "),
                  let id = UInt32(block[idRange.upperBound...].prefix { $0.isNumber }) else { continue }
            let group = block.range(of: "Alternate Group ID ").flatMap { Int(block[$0.upperBound...].prefix { $0.isNumber }) } ?? 0
            tracks[id] = (block.contains("Chapter Labels"), group)
        }
        return tracks
    }

    /// The samples MP4Box `-ttxt` reads from a text track: (start in seconds, text).
    static func mp4BoxSamples(_ path: String, track: UInt32, in folder: TemporaryFolder) throws -> [(Double, String)] {
        let dump = folder.path("track\(track).ttxt")
        let output = try ExternalTool.run(TestPaths.mp4Box.path, ["-ttxt", "\(track)", path, "-out", dump])
        try #require(output.status == 0, "MP4Box failed: \(output.stderr)")
        let ttxt = try String(contentsOfFile: dump, encoding: .utf8)
        return ttxt.components(separatedBy: "<TextSample ").dropFirst().compactMap { sample in
            guard let time = sample.range(of: "sampleTime=\""), let close = sample.range(of: "\">"),
                  let end = sample.range(of: "</TextSample>") else { return nil }
            let clock = sample[time.upperBound...].prefix(12).split(separator: ":").compactMap { Double($0) }
            guard clock.count == 3 else { return nil }
            return (clock[0] * 3600 + clock[1] * 60 + clock[2], decodeEntities(String(sample[close.upperBound..<end.lowerBound])))
        }
    }

    /// `&#234;` and the five XML entities as characters.
    static func decodeEntities(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&"), let semicolon = rest[amp...].firstIndex(of: ";") {
            result += rest[..<amp]
            let entity = rest[rest.index(after: amp)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += named[String(entity)] ?? "&\(entity);"
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe") && MutagenReading.available))
    func everyLanguageKeepsItsChapterTrack() throws {
        let folder = try TemporaryFolder("cli-chapter-languages")
        defer { folder.remove() }
        let movie = try Self.movieWithThreeLanguages(in: folder)

        // demo.mov has tracks 1-4: the chapter tracks are 5, 6 and 7, in one group of their own.
        let tracks = try Self.mp4BoxTracks(movie)
        let chapterTracks = tracks.filter(\.value.isChapterTrack).keys.sorted()
        #expect(chapterTracks == [5, 6, 7])
        let groups = Set(chapterTracks.compactMap { tracks[$0]?.group })
        #expect(groups.count == 1 && groups.first != 0, "\(groups)")
        #expect(!tracks.contains { !chapterTracks.contains($0.key) && groups.contains($0.value.group) })
        for (track, list) in zip(chapterTracks, Self.lists) {
            let samples = try Self.mp4BoxSamples(movie, track: track, in: folder).filter { !$0.1.isEmpty }
            #expect(samples.map(\.0) == list.chapters.map(\.0), "track \(track)")
            #expect(samples.map(\.1) == list.chapters.map(\.1), "track \(track)")
        }

        // ffprobe: three chapter streams (data, handler ChapterHandler), one per language.
        let probe = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type:stream_tags=language,handler_name",
                                                     "-of", "json", movie])
        let streams = try #require((try JSONSerialization.jsonObject(with: probe.stdoutData) as? [String: Any])?["streams"] as? [[String: Any]])
        let chapterLanguages = streams.compactMap { stream -> String? in
            guard let tags = stream["tags"] as? [String: String], tags["handler_name"] == "ChapterHandler" else { return nil }
            return tags["language"]
        }
        #expect(chapterLanguages == Self.lists.map(\.code))

        // Legible lists each language's track, then chpl, which mutagen reads as the last list.
        let json = try LegibleCommand.run(["chapters", "--json", movie])
        let lists = try #require(json.jsonObject?["lists"] as? [[String: Any]])
        #expect(lists.count == 4)
        for (list, expected) in zip(lists, Self.lists) {
            let chapters = list["chapters"] as? [[String: Any]] ?? []
            #expect(chapters.compactMap { $0["title"] as? String } == expected.chapters.map(\.1))
            #expect((list["source"] as? [String: Any])?["language"] as? String == expected.code)
        }
        let nero = try MutagenReading.chapters(movie)
        let italian = try #require(Self.lists.last).chapters
        #expect(nero.map(\.start) == italian.map(\.0))
        #expect(nero.map(\.title) == italian.map(\.1))
    }

    /// A language added again replaces its own track only; a list without --add-language
    /// replaces them all (and chpl).
    @Test func aLanguageAddedAgainReplacesItsTrackOnly() throws {
        let folder = try TemporaryFolder("cli-chapter-languages")
        defer { folder.remove() }
        let movie = try Self.movieWithThreeLanguages(in: folder)
        let french = folder.path("fr2.txt")
        try Self.write([(0, "Début"), (2, "Suite")], to: french)
        let again = folder.path("again.mov")
        let run = try LegibleCommand.run(["add-chapters", movie, french, "--language", "fr", "--add-language", "-o", again])
        try #require(run.status == 0, "\(run.stderr)")
        let lists = try #require(try LegibleCommand.run(["chapters", "--json", again]).jsonObject?["lists"] as? [[String: Any]])
        let titles = lists.map { ($0["chapters"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String } }
        #expect(titles == [["Opening", "Storm", "End"], ["Apertura", "Fine"], ["Début", "Suite"], ["Apertura", "Fine"]])

        let replaced = folder.path("replaced.mov")
        let all = try LegibleCommand.run(["add-chapters", movie, french, "--language", "fr", "-o", replaced])
        try #require(all.status == 0, "\(all.stderr)")
        let only = try #require(try LegibleCommand.run(["chapters", "--json", replaced]).jsonObject?["lists"] as? [[String: Any]])
        #expect(only.count == 1)
    }

    /// Real movies with chapter tracks: a language added keeps every list the movie had, and
    /// MP4Box reads the new track's title.
    @Test(.corpus) func corpusMoviesKeepTheirChapterTracks() throws {
        let folder = try TemporaryFolder("cli-chapter-languages-corpus")
        defer { folder.remove() }
        let list = folder.path("xx.txt")
        try Self.write([(0, "Chapitre")], to: list)
        let movies = CorpusIndex.entries.filter { $0.features.contains("chapters-qt") && !$0.isMalformed }
        try #require(!movies.isEmpty)
        var written = 0
        for (index, movie) in movies.enumerated() {
            let before = try LegibleCommand.run(["chapters", "--json", movie.url.path])
            // A movie the engine refuses (damaged tables) is not this test's subject.
            guard before.status == 0, (before.jsonObject?["problems"] as? [Any])?.isEmpty == true else { continue }
            let output = folder.path("\(index).\(movie.url.pathExtension)")
            let run = try LegibleCommand.run(["add-chapters", movie.url.path, list, "--language", "fr", "--add-language", "-o", output])
            guard run.status == 0 else {
                #expect(run.stderr.contains("error: "), "\(movie): \(run.stderr)")
                continue
            }
            let oldLists = try #require(before.jsonObject?["lists"] as? [[String: Any]])
            let newLists = try #require(try LegibleCommand.run(["chapters", "--json", output]).jsonObject?["lists"] as? [[String: Any]])
            let titles = { (lists: [[String: Any]]) in lists.map { ($0["chapters"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String } } }
            let kept = titles(oldLists.filter { ($0["source"] as? [String: Any])?["type"] as? String == "quickTimeTrack" })
            #expect(Array(titles(newLists).prefix(kept.count)) == kept, "\(movie)")
            let added = try #require(newLists.first { ($0["source"] as? [String: Any])?["language"] as? String == "fra" }, "\(movie)")
            let trackID = try #require((added["source"] as? [String: Any])?["trackID"] as? Int)
            #expect(try Self.mp4BoxSamples(output, track: UInt32(trackID), in: folder).map(\.1).first == "Chapitre", "\(movie)")
            written += 1
        }
        #expect(written >= 3)
    }

    @Test func addLanguageNeedsALanguage() throws {
        let run = try LegibleCommand.run(["add-chapters", Self.demo, "x.txt", "--add-language", "-o", "/nonexistent/out.mov"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--add-language needs --language"), "\(run.stderr)")
    }

    struct NeroCase: Sendable, CustomTestStringConvertible {
        var name: String
        var chapters: [(Double, String)]
        var kind: String
        var numbers: [Int]
        var testDescription: String { name }
    }

    /// 300 bytes of title: `é` is two bytes, so 127 of them and the 'x' fit in 255.
    static let longTitle = "x" + String(repeating: "é", count: 150)

    static let neroCases: [NeroCase] = [
        NeroCase(name: "a title longer than 255 bytes", chapters: [(0, "Short"), (1, longTitle)], kind: "chpl-title-length", numbers: [2]),
        NeroCase(name: "more than 255 chapters", chapters: (0..<300).map { (Double($0) / 100, "C\($0 + 1)") },
                 kind: "chpl-chapter-count", numbers: Array(256...300)),
    ]

    @Test(.enabled(if: MutagenReading.available), arguments: neroCases)
    func whatChplCannotHoldIsNamed(_ scenario: NeroCase) throws {
        let folder = try TemporaryFolder("cli-chapter-nero")
        defer { folder.remove() }
        let file = folder.path("chapters.txt")
        try Self.write(scenario.chapters, to: file)
        let output = folder.path("out.mov")
        let run = try LegibleCommand.run(["add-chapters", Self.demo, file, "--nero", "-o", output, "--json"])
        try #require(run.status == 0, "\(run.stderr)")
        let losses = try #require(run.jsonObject?["losses"] as? [[String: Any]])
        #expect(losses.count == 1)
        #expect(losses.first?["kind"] as? String == scenario.kind)
        #expect(losses.first?["numbers"] as? [Int] == scenario.numbers)
        #expect(run.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.count == 1, "\(run.stderr)")

        // mutagen reads what chpl holds: 255 chapters at most, titles cut at a character.
        let nero = try MutagenReading.chapters(output)
        #expect(nero.count == min(scenario.chapters.count, 255))
        for (read, written) in zip(nero, scenario.chapters) {
            #expect(written.1.hasPrefix(read.title) && read.title.utf8.count <= 255)
            #expect(abs(read.start - written.0) < 0.000_001)
        }
        // The chapter track keeps every chapter whole.
        let track = try #require(try LegibleCommand.run(["chapters", "--json", output]).jsonObject?["chapters"] as? [[String: Any]])
        #expect(track.compactMap { $0["title"] as? String } == scenario.chapters.map(\.1))

        let strict = try LegibleCommand.run(["add-chapters", Self.demo, file, "--nero", "-o", folder.path("strict.mov"), "--strict"])
        #expect(strict.status == 2)
        #expect(strict.errorLines.count == 1, "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("strict.mov")))
    }
}
