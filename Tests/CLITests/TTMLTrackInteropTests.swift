import Foundation
import LegibleTestSupport
import Testing

/// TTML out of Legible, read by others: `add-subtitles --format stpp` exported by GPAC's MP4Box
/// (`-raw`: the track's documents merged into one; `-raws`: each sample's document) and read by
/// ttconv, each sample an IMSC1 Text document within the HRM; `convert -o x.ttml` likewise; an
/// stpp track Legible did not write extracted as MP4Box exports it.
@Suite struct TTMLTrackInteropTests {
    static var toolsAvailable: Bool { ExternalTool.shouldRun(at: TestPaths.mp4Box) && IMSC1Validation.available }

    private func addStppTrack(in folder: TemporaryFolder) throws -> String {
        let edited = folder.path("stpp.mp4")
        let result = try LegibleCommand.run(["add-subtitles", TestPaths.testMedia.appendingPathComponent("demo.mp4").path,
                                             AddSubtitlesScenario.englishSDH.path, "--language", "en", "--sdh",
                                             "--format", "stpp", "-o", edited])
        try #require(result.status == 0, "\(result.stderr)")
        return edited
    }

    @Test(.enabled(if: toolsAvailable))
    func stppTrackExportsTheInputCues() throws {
        let folder = try TemporaryFolder("cli-stpp")
        defer { folder.remove() }
        let edited = try addStppTrack(in: folder)
        let exported = folder.path("exported.xml")
        let output = try ExternalTool.run(TestPaths.mp4Box, ["-raw", String(AddSubtitlesScenario.newTrackID), edited, "-out", exported])
        try #require(output.status == 0, "\(output.stderr)")
        let info = try ExternalTool.run(TestPaths.mp4Box, ["-info", String(AddSubtitlesScenario.newTrackID), edited])
        #expect((info.stdout + info.stderr).contains("subt:stpp"))
        let got = try IMSC1Validation.ttconvCues(exported, in: folder)
        let want = try SubtitleCueReader.cues(contentsOf: AddSubtitlesScenario.englishSDH)
        #expect(got.map(\.start) == want.map(\.start))
        #expect(got.map(\.end) == want.map(\.end))
        #expect(got.map(\.plainText) == want.map(\.plainText))
    }

    @Test(.enabled(if: toolsAvailable))
    func everySampleIsAnIMSC1TextDocumentWithinTheHRM() throws {
        let folder = try TemporaryFolder("cli-stpp-samples")
        defer { folder.remove() }
        let edited = try addStppTrack(in: folder)
        let output = try ExternalTool.run(TestPaths.mp4Box, ["-raws", String(AddSubtitlesScenario.newTrackID), edited], in: folder.url)
        try #require(output.status == 0, "\(output.stderr)")
        let samples = try folder.contents().filter { $0.hasPrefix("stpp_track") && $0.hasSuffix(".xml") }.sorted()
        // english-sdh.srt: a gap, three cues with a gap between the second and third.
        #expect(samples.count == 5, "\(samples)")
        let problems = try IMSC1Validation.ruleProblems(samples.map { folder.path($0) })
        #expect(problems.allSatisfy { $0.isEmpty }, "\(problems)")
        try IMSC1Validation.checkHRM(documents: samples, of: edited, stream: 4, in: folder)
    }

    @Test(.enabled(if: IMSC1Validation.available))
    func convertWritesIMSC1Text() throws {
        let folder = try TemporaryFolder("cli-ttml-convert")
        defer { folder.remove() }
        let path = folder.path("english.ttml")
        let result = try LegibleCommand.run(["convert", AddSubtitlesScenario.englishSDH.path, "-o", path])
        try #require(result.status == 0, "\(result.stderr)")
        let problems = try IMSC1Validation.ruleProblems([path])
        #expect(problems == [[]])
        try IMSC1Validation.checkHRM(path)
        let got = try IMSC1Validation.ttconvCues(path, in: folder)
        let want = try SubtitleCueReader.cues(contentsOf: AddSubtitlesScenario.englishSDH)
        #expect(got.map(\.start) == want.map(\.start))
        #expect(got.map(\.plainText) == want.map(\.plainText))
    }

    /// mp4ff's stpp_prog.mp4 (EBU-TT-D style, regions placed by origin): what `extract` reads
    /// is what MP4Box exports, read by ttconv.
    @Test(.corpus, .enabled(if: toolsAvailable))
    func extractedCorpusTrackMatchesMP4Box() throws {
        let folder = try TemporaryFolder("cli-stpp-corpus")
        defer { folder.remove() }
        let movie = try #require(CorpusIndex.entries.first { $0.name.hasSuffix("stpp_prog.mp4") }).url.path
        let exported = folder.path("mp4box.xml")
        let output = try ExternalTool.run(TestPaths.mp4Box, ["-raw", "1", movie, "-out", exported])
        try #require(output.status == 0, "\(output.stderr)")
        let want = try IMSC1Validation.ttconvCues(exported, in: folder)
        let extracted = folder.path("legible.srt")
        let result = try LegibleCommand.run(["extract", movie, "--track", "1", "-o", extracted])
        try #require(result.status == 0, "\(result.stderr)")
        let got = try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: extracted))
        // ttconv joins the paragraphs shown at once into one SubRip cue, in region order; compare
        // what shows when.
        #expect(Set(got.map(\.start)) == Set(want.map(\.start)))
        #expect(Set(got.map(\.end)) == Set(want.map(\.end)))
        func lines(_ cues: [TimedCue]) -> [String] { cues.flatMap { $0.plainText.split(separator: "\n").map(String.init) }.sorted() }
        #expect(lines(got) == lines(want))
    }
}
