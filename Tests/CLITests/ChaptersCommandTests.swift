import Foundation
import LegibleTestSupport
import Testing

/// `legible chapters` reads what ffprobe (ffmpeg 5.1's mov demuxer) reads: titles and times
/// within a millisecond, on TestMedia and on every corpus file with chapters.
@Suite struct ChaptersCommandTests {
    static let testMediaWithChapters = ["chapters.mov", "chapters.mp4", "chapter-images.mov", "rules/clean.mov"]

    /// Files whose `chap` lists name more than one text track: a chapter title track and a URL
    /// track (Apple's enhanced podcasts, "hlit"/"href" samples). ffmpeg 5.1 reads every text
    /// track of the list in turn and lets each replace the chapters with the same index
    /// (libavformat/mov.c `mov_read_chapters`, `avpriv_new_chapter`), so ffprobe shows URL
    /// texts over the titles. ExifTool, which lists each text track's samples, is the
    /// reference for these: legible shows the first text track, the titles.
    static let severalChapterTextTracks: Set<String> = [
        "axiomatic-systems_Bento4/trunk__Test__Data__0004.mp4",
        "sannies_mp4parser/isoparser__src__test__resources__test-pod.m4a",
    ]

    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")), arguments: testMediaWithChapters)
    func testMediaMatchesFFprobe(_ name: String) throws {
        let path = TestPaths.testMedia.appendingPathComponent(name).path
        let want = try ChapterReading.ffprobe(path)
        try #require(!want.isEmpty, "ffprobe lists chapters in \(name)")
        ChapterReading.expectSame(try ChapterReading.legible(path).chapters, want, name)
    }

    /// Every TestMedia movie, rules/ included: the same chapters as ffprobe, or none when it
    /// lists none.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe")),
          arguments: TestPaths.testMediaFiles + (try FileManager.default.contentsOfDirectory(atPath: TestPaths.testMedia.appendingPathComponent("rules").path))
            .filter { $0.hasSuffix(".mov") }.sorted().map { TestPaths.testMedia.appendingPathComponent("rules").appendingPathComponent($0) })
    func everyTestMediaMovieMatchesFFprobe(_ url: URL) throws {
        ChapterReading.expectSame(try ChapterReading.legible(url.path).chapters, try ChapterReading.ffprobe(url.path), url.lastPathComponent)
    }

    @Test(.corpus, .enabled(if: ExternalTool.shouldRun("ffprobe")),
          arguments: try CorpusIndex.arguments { $0.features.contains("chapters-qt") || $0.features.contains("chapters-nero") })
    func corpusMatchesFFprobe(_ entry: CorpusEntry) throws {
        let (got, json) = try ChapterReading.legible(entry.url.path)
        if Self.severalChapterTextTracks.contains(entry.name) {
            try #require(ExternalTool.shouldRun("exiftool"))
            ChapterReading.expectSame(got.map { ReadChapter(start: $0.start, end: nil, title: $0.title) },
                                      try ChapterReading.exiftoolFirstTextTrack(entry.url.path), tolerance: 0.01, entry.name)
            return
        }
        ChapterReading.expectSame(got, try ChapterReading.ffprobe(entry.url.path), entry.name)
        #expect(json["source"] is [String: Any])
    }

    /// With both carriers disagreeing (chapters.mov with chpl's first title changed to
    /// "Xpening", same length), ffprobe shows the chapter track's "Opening": the track replaces
    /// chpl entry by entry. legible shows the track too and names chpl as the other source.
    @Test(.enabled(if: ExternalTool.shouldRun("ffprobe"))) func bothCarriersShowTheTrackAsFFprobeDoes() throws {
        let folder = try TemporaryFolder("cli-chapters")
        defer { folder.remove() }
        var bytes = [UInt8](try Data(contentsOf: TestPaths.testMedia.appendingPathComponent("chapters.mov")))
        let chpl = try #require(bytes.firstRange(of: Array("chpl".utf8)))
        let title = try #require(bytes[chpl.upperBound...].firstRange(of: Array("Opening".utf8)))
        bytes[title.lowerBound] = UInt8(ascii: "X")
        let path = folder.path("both.mov")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let ffprobe = try ChapterReading.ffprobe(path)
        #expect(ffprobe.map(\.title) == ["Opening", "Middle", "Ending"])
        let (chapters, json) = try ChapterReading.legible(path)
        ChapterReading.expectSame(chapters, ffprobe, "both carriers")
        #expect((json["otherSources"] as? [[String: Any]])?.first?["type"] as? String == "nero")
        #expect((json["choice"] as? String)?.contains("Apple players read only chapter tracks") == true)
    }

    @Test func textShowsTheCarrierAndOneChapterALine() throws {
        let path = TestPaths.testMedia.appendingPathComponent("chapters.mov").path
        let output = try ExternalTool.run(TestPaths.legibleExecutable.path, ["chapters", path])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        // chapters.mov (Scripts/make-test-media): track 3 is the chapter track, and ffmpeg wrote chpl
        // too; ffprobe reads the chapter track's language as eng.
        #expect(lines.first == "\(path): 3 chapters from the QuickTime chapter track 3 (eng)")
        #expect(lines.contains("\(path): also: the Nero chapter list (udta/chpl), 3 chapters"))
        #expect(lines.suffix(3) == ["00:00:00.000  Opening", "00:00:02.000  Middle", "00:00:04.000  Ending"])
    }

    @Test func movieWithoutChapters() throws {
        let path = TestPaths.testMedia.appendingPathComponent("demo.mov").path
        let output = try ExternalTool.run(TestPaths.legibleExecutable.path, ["chapters", "--json", path])
        #expect(output.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        #expect((json["chapters"] as? [Any])?.isEmpty == true)
        #expect(json["source"] is NSNull)
    }

    @Test func infoShowsTheChapters() throws {
        let path = TestPaths.testMedia.appendingPathComponent("chapters.mp4").path
        let text = try ExternalTool.run(TestPaths.legibleExecutable.path, ["info", path])
        #expect(text.stdout.contains("  chapters: 3 chapters from the QuickTime chapter track 3 (eng)\n"), "\(text.stdout)")
        #expect(text.stdout.contains("    00:00:02.000  Middle\n"))
        let json = try ExternalTool.run(TestPaths.legibleExecutable.path, ["info", "--json", path])
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let chapters = try #require(report["chapters"] as? [String: Any])
        #expect((chapters["chapters"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Opening", "Middle", "Ending"])
        #expect(((chapters["otherSources"] as? [[String: Any]])?.first?["type"] as? String) == "nero")
    }
}
