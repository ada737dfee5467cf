import Foundation
import LegibleTestSupport
import Testing

/// Forced cues made into their track (issue 32 §3): a TTML file that marks its forced cues with
/// `itts:forcedDisplay` (forced-display.ttml, written by hand from W3C IMSC 1.0.1) becomes a full
/// track and its forced-only twin; `extract --forced-only` writes the marked cues; `convert`
/// keeps the marking in TTML and names its loss elsewhere; `check` and `qc` find nothing to say.
/// The expected cues are the input's, read by Python's xml.etree with IMSC's rules, not by
/// Legible's TTML reader.
@Suite struct ForcedTrackCommandTests {
    static let ttml = TestPaths.packageRoot.appendingPathComponent("Tests/TimedTextTests/Fixtures/forced-display.ttml").path
    static let demo = TestPaths.testMedia.appendingPathComponent("demo.mov").path
    /// demo.mov has tracks 1 to 4 (TestMedia/README.md): the full track is 5, its twin 6.
    static let full = 5, twin = 6

    /// The cues of a TTML file as [start ms, end ms, text]: all of them, the ones forced as a
    /// whole (`itts:forcedDisplay="true"` on the p, an ancestor or its region: the attribute is
    /// inherited and applies to body, div, p, region and span), or what forced-only display
    /// shows (`shown`: those, and of any other p its forced spans' text).
    static let ttmlScript = #"""
    import sys, json, re
    import xml.etree.ElementTree as ET
    TT = "{http://www.w3.org/ns/ttml}"
    FORCED = "{http://www.w3.org/ns/ttml/profile/imsc1#styling}forcedDisplay"
    def ms(t):
        m = re.fullmatch(r"([\d.]+)s", t)
        if m: return round(float(m.group(1)) * 1000)
        h, mi, s = t.split(":")
        return round((int(h) * 3600 + int(mi) * 60 + float(s)) * 1000)
    root = ET.parse(sys.argv[2]).getroot()
    regions = {r.get("{http://www.w3.org/XML/1998/namespace}id"): r.get(FORCED) == "true" for r in root.iter(TT + "region")}
    out = []
    def walk(element, forced, region):
        forced = element.get(FORCED, "true" if forced else "false") == "true"
        region = element.get("region", region)
        for child in element:
            if child.tag == TT + "p":
                p_forced = child.get(FORCED, "true" if (forced or regions.get(child.get("region", region), False)) else "false") == "true"
                text = "".join(child.itertext()).strip()
                cue = [ms(child.get("begin")), ms(child.get("end"))]
                if sys.argv[1] == "all" or p_forced:
                    out.append(cue + [text])
                elif sys.argv[1] == "shown":
                    spans = [s for s in child.iter(TT + "span") if s.get(FORCED) == "true"]
                    if spans: out.append(cue + [" ".join("".join(s.itertext()).strip() for s in spans)])
            else:
                walk(child, forced, region)
    walk(root.find(TT + "body"), False, None)
    print(json.dumps(out))
    """#

    static func ttmlCues(_ which: String, _ path: String) throws -> [TimedCue] {
        let output = try ExternalTool.run("python3", ["-c", ttmlScript, which, path])
        try #require(output.status == 0, "python3 failed: \(output.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [[Any]])
        return rows.map { TimedCue(start: $0[0] as? Int ?? -1, end: $0[1] as? Int ?? -1, text: $0[2] as? String ?? "") }
    }

    /// A track extracted as SubRip and read back by the test's own reader, markup aside.
    static func extracted(_ movie: String, track: Int, _ extra: [String] = [], in folder: TemporaryFolder) throws -> [TimedCue] {
        let path = folder.path("\(URL(fileURLWithPath: movie).deletingPathExtension().lastPathComponent)-\(track)\(extra.joined()).srt")
        let result = try LegibleCommand.run(["extract", movie, "--track", String(track), "-o", path, "--quiet"] + extra)
        try #require(result.status == 0, "\(result.stderr)")
        return try SubtitleCueReader.cues(contentsOf: URL(fileURLWithPath: path)).map {
            TimedCue(start: $0.start, end: $0.end, text: $0.plainText.replacingOccurrences(of: #"\{\\an\d\}"#, with: "", options: .regularExpression))
        }
    }

    static func addForcedTrack(_ extra: [String] = [], in folder: TemporaryFolder) throws -> String {
        let output = folder.path("forced.mov")
        let result = try LegibleCommand.run(["add-subtitles", demo, ttml, "--forced-track", "-o", output] + extra)
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("added tracks \(full), \(twin) to "))
        return output
    }

    @Test func theTwinHoldsTheMarkedCues() throws {
        let folder = try TemporaryFolder("cli-forced-track")
        defer { folder.remove() }
        let movie = try Self.addForcedTrack(in: folder)
        let shown = try Self.ttmlCues("shown", Self.ttml)
        #expect(shown.count == 4, "the fixture marks cues 2, 4 and 5 and a span of cue 3")
        #expect(try Self.extracted(movie, track: Self.twin, in: folder) == shown)
        #expect(try Self.extracted(movie, track: Self.full, in: folder) == Self.ttmlCues("all", Self.ttml))
        // A tx3g sample is forced as a whole: the full track keeps the cues forced whole, and
        // names the span it could not mark (add-subtitles' forced-span loss).
        #expect(try Self.extracted(movie, track: Self.full, ["--forced-only"], in: folder) == Self.ttmlCues("whole", Self.ttml))
    }

    /// MP4Box's 3GPP text dump: the full track's description says some samples are forced and
    /// the samples of the cues forced whole are; the twin's says all are.
    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func mp4BoxShowsTheForcedFlags() throws {
        let folder = try TemporaryFolder("cli-forced-track")
        defer { folder.remove() }
        let movie = try Self.addForcedTrack(in: folder)
        func dump(_ track: Int) throws -> String {
            let path = folder.path("track-\(track).ttxt")
            let result = try ExternalTool.run(TestPaths.mp4Box, ["-ttxt", String(track), movie, "-out", path])
            try #require(result.status == 0, "\(result.stderr)")
            return try String(contentsOfFile: path, encoding: .utf8)
        }
        let full = try dump(Self.full)
        let lines = full.split(separator: "\n")
        #expect(lines.first { $0.hasPrefix("<TextSampleDescription ") }?.contains(#"forced="yes""#) == true, "\(full.prefix(600))")
        let forcedSamples = lines.filter { $0.hasPrefix("<TextSample ") && $0.contains(#"forced="yes""#) }
        let forcedTimes = forcedSamples.compactMap { line -> Int? in
            guard let match = line.firstMatch(of: /sampleTime="(\d\d):(\d\d):(\d\d)\.(\d\d\d)"/) else { return nil }
            let fields: [Int] = [match.1, match.2, match.3, match.4].map { Int($0) ?? 0 }
            return ((fields[0] * 60 + fields[1]) * 60 + fields[2]) * 1000 + fields[3]
        }
        #expect(forcedTimes == (try Self.ttmlCues("whole", Self.ttml)).map(\.start))
        #expect(try dump(Self.twin).contains(#"forced="all""#))
    }

    /// `check` has nothing to say of the pair (what it notes of demo.mov's own track 4 aside),
    /// and `qc` finds no forced cue missing from the full track.
    @Test func checkAndQCFindNothingOfThePair() throws {
        let folder = try TemporaryFolder("cli-forced-track")
        defer { folder.remove() }
        let movie = try Self.addForcedTrack(in: folder)
        let check = try LegibleCommand.run(["check", movie, "--json"])
        #expect(check.status == 0, "\(check.stdout)")
        let findings = try #require(check.jsonObject?["findings"] as? [[String: Any]])
        #expect(findings.filter { [Self.full, Self.twin].contains($0["trackID"] as? Int ?? 0) }.isEmpty, "\(check.stdout)")
        let qc = try LegibleCommand.run(["qc", movie, "--json"])
        #expect(!qc.stdout.contains("forced-cue-missing") && !qc.stdout.contains("forced-cue-not-in-twin"), "\(qc.stdout.prefix(2_000))")
    }

    /// `qc` reads the full track's marks: a cue it marks forced that its twin (here made by hand
    /// from the other marked cues) does not show is a forced-cue-not-in-twin warning on the
    /// full track, numbered among its cues.
    @Test func qcNamesAMarkedCueTheTwinLacks() throws {
        let folder = try TemporaryFolder("cli-forced-track")
        defer { folder.remove() }
        let all = try Self.ttmlCues("all", Self.ttml)
        let whole = try Self.ttmlCues("whole", Self.ttml)
        let left = whole[1]
        func stamp(_ ms: Int) -> String { String(format: "00:00:%02d,%03d", ms / 1000, ms % 1000) }
        let srt = whole.filter { $0 != left }.enumerated().map { "\($0.offset + 1)\n\(stamp($0.element.start)) --> \(stamp($0.element.end))\n\($0.element.text)\n" }
        try Data(srt.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: folder.path("twin.srt")))
        let withFull = folder.path("full.mov"), paired = folder.path("paired.mov")
        for arguments in [[Self.demo, Self.ttml, "-o", withFull], [withFull, folder.path("twin.srt"), "--language", "es", "--forced", "--forced-for", String(Self.full), "-o", paired]] {
            let added = try LegibleCommand.run(["add-subtitles"] + arguments + ["--quiet"])
            try #require(added.status == 0, "\(added.stderr)")
        }
        let qc = try LegibleCommand.run(["qc", paired, "--track", String(Self.full), "--profile", "fcc", "--json"])
        let findings = try #require(((qc.jsonObject?["subjects"] as? [[String: Any]])?.first?["findings"]) as? [[String: Any]], "\(qc.stdout)")
        let named = findings.filter { $0["rule"] as? String == "forced-cue-not-in-twin" }
        #expect(named.map { $0["cue"] as? Int } == [all.firstIndex(of: left).map { $0 + 1 }], "\(findings)")
        #expect((named.first?["message"] as? String)?.contains(left.text) == true)
        #expect(named.first?["severity"] as? String == "warning")
    }

    /// The plan key, and a batch job's key, do what the option does.
    @Test func thePlanKeyAndBatch() throws {
        let folder = try TemporaryFolder("cli-forced-track")
        defer { folder.remove() }
        let plan = folder.path("plan.json")
        try Data(#"{"subtitles": [{"file": "\#(Self.ttml)", "forcedTrack": true}]}"#.utf8).write(to: URL(fileURLWithPath: plan))
        let output = folder.path("plan.mov")
        let result = try LegibleCommand.run(["add-subtitles", Self.demo, "--plan", plan, "-o", output])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try Self.extracted(output, track: Self.twin, in: folder) == Self.ttmlCues("shown", Self.ttml))
        let info = try LegibleCommand.run(["info", output])
        #expect(info.stdout.contains("forc → \(Self.twin)"), "\(info.stdout)")

        let manifest = folder.path("jobs.jsonl")
        let job = #"{"command": "add-subtitles", "input": "\#(Self.demo)", "subtitles": "\#(Self.ttml)", "forcedTrack": true, "output": "batch.mov"}"#
        try Data((job + "\n").utf8).write(to: URL(fileURLWithPath: manifest))
        let batch = try LegibleCommand.run(["batch", manifest])
        try #require(batch.status == 0, "\(batch.stdout) \(batch.stderr)")
        #expect(try Self.extracted(folder.path("batch.mov"), track: Self.twin, in: folder) == Self.ttmlCues("shown", Self.ttml))
    }

    /// An stpp track keeps forced spans, so its forced cues are all the file marks.
    @Test func extractForcedOnlyFromStpp() throws {
        let folder = try TemporaryFolder("cli-forced-track")
        defer { folder.remove() }
        let movie = try Self.addForcedTrack(["--format", "stpp"], in: folder)
        #expect(try Self.extracted(movie, track: Self.full, ["--forced-only"], in: folder) == Self.ttmlCues("shown", Self.ttml))
    }

    /// A tx3g sample cannot mark a span forced, but with --forced-track the twin shows the span,
    /// so nothing is lost: the full track names no forced-span loss and --strict writes; without
    /// the twin the loss is named.
    @Test func theTwinCarriesTheForcedSpan() throws {
        let folder = try TemporaryFolder("cli-forced-track")
        defer { folder.remove() }
        let paired = try LegibleCommand.run(["add-subtitles", Self.demo, Self.ttml, "--forced-track", "--json", "-o", folder.path("paired.mov")])
        try #require(paired.status == 0, "\(paired.stderr)")
        #expect(!paired.stdout.contains("forced-span"), "\(paired.stdout)")
        let alone = try LegibleCommand.run(["add-subtitles", Self.demo, Self.ttml, "--json", "-o", folder.path("alone.mov")])
        try #require(alone.status == 0, "\(alone.stderr)")
        #expect(alone.stdout.contains("forced-span"), "\(alone.stdout)")
    }

    /// `convert` to TTML keeps every mark; to SubRip and WebVTT it names the forced cues and
    /// the forced span it cannot mark (the fixture: cues 2, 4, 5 and a span of 3).
    @Test func convertKeepsOrNamesTheMarks() throws {
        let folder = try TemporaryFolder("cli-forced-track")
        defer { folder.remove() }
        let converted = folder.path("out.ttml")
        let result = try LegibleCommand.run(["convert", Self.ttml, "-o", converted, "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        let losses = try #require(result.jsonObject?["losses"] as? [[String: Any]])
        #expect(!losses.contains { ["forced", "forced-span"].contains($0["kind"] as? String ?? "") }, "\(losses)")
        #expect(try Self.ttmlCues("shown", converted) == Self.ttmlCues("shown", Self.ttml))
        #expect(try Self.ttmlCues("whole", converted) == Self.ttmlCues("whole", Self.ttml))
        for output in ["out.srt", "out.vtt"] {
            let lossy = try LegibleCommand.run(["convert", Self.ttml, "-o", folder.path(output), "--json"])
            try #require(lossy.status == 0, "\(lossy.stderr)")
            let named = (lossy.jsonObject?["losses"] as? [[String: Any]] ?? []).reduce(into: [String: [Int]]()) { table, loss in
                table[loss["kind"] as? String ?? ""] = loss["numbers"] as? [Int]
            }
            #expect(named["forced"] == [2, 4, 5], "\(output): \(named)")
            #expect(named["forced-span"] == [3], "\(output): \(named)")
        }
    }

    static let usageErrors = [
        AddSubtitlesCommandTests.UsageError(arguments: ["SRC", AddSubtitlesCommandTests.englishSDH, "--forced-track", "-o", "OUT"],
                                            says: "SubRip cannot mark a cue forced"),
        AddSubtitlesCommandTests.UsageError(arguments: ["SRC", TestPaths.packageRoot.appendingPathComponent("Tests/TimedTextTests/Fixtures/nested.ttml").path,
                                                        "--forced-track", "-o", "OUT"], says: "marks no cue or span itts:forcedDisplay"),
        AddSubtitlesCommandTests.UsageError(arguments: ["SRC", ttml, "--forced-track", "--forced", "-o", "OUT"], says: "--forced-track"),
        AddSubtitlesCommandTests.UsageError(arguments: ["SRC", "--plan", "PLAN", "--forced-track", "-o", "OUT"], says: "with --plan"),
    ]

    /// Refused with exit status 2 and one error line, nothing written.
    @Test(arguments: usageErrors)
    func refusals(_ error: AddSubtitlesCommandTests.UsageError) throws {
        try AddSubtitlesCommandTests().usageErrorExitsWith2AndOneErrorLine(error)
    }

    /// `extract --forced-only` of a track that marks nothing, or cannot mark: exit 2, one error.
    @Test func extractForcedOnlyRefusals() throws {
        let folder = try TemporaryFolder("cli-forced-track")
        defer { folder.remove() }
        let wvtt = folder.path("wvtt.mp4")
        let added = try LegibleCommand.run(["add-subtitles", Self.demo, Self.ttml, "--format", "wvtt", "-o", wvtt, "--quiet"])
        try #require(added.status == 0, "\(added.stderr)")
        // demo.mov's track 4 is tx3g with no forced sample (TestMedia/README.md).
        for (movie, track, says) in [(Self.demo, 4, "it marks no cue forced"), (wvtt, Self.full, "(wvtt) cannot mark a cue forced")] {
            let result = try LegibleCommand.run(["extract", movie, "--track", String(track), "--forced-only", "-o", folder.path("x.srt")])
            #expect(result.status == 2)
            #expect(result.errorLines.count == 1 && result.errorLines.first?.contains(says) == true, "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("x.srt")))
        }
    }
}
