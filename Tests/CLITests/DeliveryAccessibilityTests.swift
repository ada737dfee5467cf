import Foundation
import LegibleTestSupport
import Testing

/// `hls` and `html` apply the check rules to what they write (TestMedia/rules, Scripts/make-rule-media):
/// the full rendition shows every forced cue (Apple's HLS Authoring Specification: "include all
/// the forced subtitle content in the non-forced subtitle playlist"), and an SDH track is never
/// the default unless `--default-track` names it (RFC 8216 §4.3.4.1: a DEFAULT rendition plays
/// "in the absence of information from the user").
@Suite struct DeliveryAccessibilityTests {
    static func rules(_ name: String) -> String { TestPaths.testMedia.appendingPathComponent("rules/\(name)").path }

    /// check-forced-missing.mov: the full Spanish track (5) lacks the forced sign of its twin (6).
    /// ffmpeg's HLS demuxer reads each playlist; every forced cue is in the full rendition.
    @Test(.enabled(if: ExternalTool.shouldRun("ffmpeg")))
    func fullRenditionHoldsEveryForcedCue() throws {
        let folder = try TemporaryFolder("hls-forced")
        defer { folder.remove() }
        let result = try LegibleCommand.run(["hls", Self.rules("check-forced-missing.mov"), "-o", folder.path("out")])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("track 5: added 1 forced cue of track 6"), "\(result.stderr)")
        func cues(_ playlist: String) throws -> [TimedCue] {
            let joined = folder.path(playlist + ".vtt")
            let output = try ExternalTool.run("ffmpeg", ["-v", "error", "-i", folder.path("out/\(playlist)"), "-f", "webvtt", joined])
            try #require(output.status == 0, "\(output.stderr)")
            return try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: joined))
        }
        let forced = try cues("6.es.m3u8"), full = try cues("5.es.m3u8")
        #expect(forced.map(\.text) == ["[Cartel: SALIDA]"])
        #expect(!forced.isEmpty && forced.allSatisfy { cue in full.contains { $0 == cue } }, "forced \(forced) full \(full)")
        #expect(full.map(\.text).contains("¡Hola!"))
    }

    /// check-accessibility-default.mov: the English SDH track (6) is the enabled one of the subtitle group.
    @Test func sdhIsNotTheDefaultUnlessNamed() throws {
        let folder = try TemporaryFolder("hls-default")
        defer { folder.remove() }
        let movie = Self.rules("check-accessibility-default.mov")
        let plain = try LegibleCommand.run(["hls", movie, "-o", folder.path("a")])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!plain.stdout.contains("DEFAULT=YES"), "\(plain.stdout)")
        #expect(plain.stderr.contains("--default-track 6"))
        let named = try LegibleCommand.run(["hls", movie, "-o", folder.path("b"), "--default-track", "6"])
        #expect(named.status == 0, "\(named.stderr)")
        let defaults = named.stdout.split(separator: "\n").filter { $0.contains("DEFAULT=YES") }
        #expect(defaults.count == 1 && defaults.first?.contains("URI=\"6.en.m3u8\"") == true, "\(named.stdout)")

        let html = try LegibleCommand.run(["html", movie, "-o", folder.url.path])
        #expect(html.status == 0, "\(html.stderr)")
        #expect(!html.stdout.contains(" default>"), "\(html.stdout)")
        let htmlNamed = try LegibleCommand.run(["html", movie, "-o", folder.url.path, "--overwrite", "--default-track", "6"])
        #expect(htmlNamed.stdout.split(separator: "\n").filter { $0.hasSuffix(" default>") }.map { $0.contains("srclang=\"en\"") } == [true])
        #expect(try LegibleCommand.run(["hls", movie, "-o", folder.path("c"), "--default-track", "1"]).status == 2)
    }
}

/// A track whose data reference points outside the file: `info` shows it, `check` names it
/// (rule self-contained, exit 1), and MP4Box, an independent reader, says the same track's media
/// is elsewhere ("Media Data Location", a line it prints only for such tracks; not for clean.mov).
@Suite struct ExternalDataReferenceTests {
    static let movie = TestPaths.testMedia.appendingPathComponent("rules/check-self-contained.mov").path

    @Test func infoAndCheckNameIt() throws {
        let info = try LegibleCommand.run(["info", "--json", Self.movie])
        #expect(info.status == 0, "\(info.stderr)")
        let tracks = try #require(info.jsonObject?["tracks"] as? [[String: Any]])
        let external = tracks.map { ($0["externalDataReferences"] as? [[String: Any]])?.count ?? -1 }
        #expect(external == [0, 0, 0, 0, 1])
        let check = try LegibleCommand.run(["check", "--json", Self.movie])
        #expect(check.status == 1)
        let findings = try #require(check.jsonObject?["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["self-contained"])
        #expect(findings.map { $0["trackID"] as? Int } == [5])
    }

    /// `hls` and `html` apply the rule: the samples are not in the file, so each refuses the
    /// movie with one error naming the track and its reference, and writes nothing (skipping the
    /// track would leave its language out without a word).
    @Test(arguments: ["hls", "html"])
    func deliveryRefusesIt(_ command: String) throws {
        let folder = try TemporaryFolder("external-\(command)")
        defer { folder.remove() }
        let result = try LegibleCommand.run([command, Self.movie, "-o", folder.url.path, "--overwrite"])
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(result.errorLines.first.map { $0.contains("track 5") && $0.contains("'url '") && $0.contains("outside the file") } == true,
                "\(result.stderr)")
        #expect(try folder.contents().isEmpty)
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func mp4BoxSeesTheSameReference() throws {
        func says(_ movie: String) throws -> Bool {
            let output = try ExternalTool.run(TestPaths.mp4Box, ["-info", "5", movie])
            return (output.stdout + output.stderr).contains("Media Data Location")
        }
        #expect(try says(Self.movie))
        #expect(try !says(TestPaths.testMedia.appendingPathComponent("rules/clean.mov").path))
    }
}
