import ISOBMFF
import Foundation
import LegibleTestSupport
import Quality
import Testing
import TimedText

/// One fixture per rule (TestMedia/qc): cues just inside and just outside each number the
/// guidelines publish. The expected cue numbers are read off the fixture and the guideline (see
/// TestMedia/qc/README.md), never off Legible's output.
@Suite struct RuleFixtureTests {
    /// The findings of `file` under `profile`, as rule name → cue numbers.
    static func findings(_ file: String, _ profile: QualityProfile, framesPerSecond: Int64? = nil) throws -> [String: [Int]] {
        let text = try String(contentsOf: TestPaths.testMedia.appendingPathComponent("qc/\(file)"), encoding: .utf8)
        let document = try SubRipParser.parse(string: text)
        let frame = framesPerSecond.map { SubtitleTime(microseconds: 1_000_000 / $0) }
        let check = SubtitleQualityCheck(QualitySubject(cues: document.cues, frameDuration: frame), profile: profile)
        return Dictionary(grouping: check.findings, by: \.rule.rawValue).mapValues { $0.map(\.cueNumber) }
    }

    @Test func readingSpeedInCharacters() throws {
        // Netflix English: adult programs up to 20 characters per second, children's up to 17.
        #expect(try Self.findings("reading-speed.srt", .netflix, framesPerSecond: 25) == ["reading-speed": [2]])
        #expect(try Self.findings("reading-speed.srt", .netflixChildren, framesPerSecond: 25) == ["reading-speed": [1, 2, 4]])
    }

    @Test func readingSpeedInWords() throws {
        // BBC §4: at most 180 words per minute; DCMP: 225 (adult cultural movies), 130 (lower-level educational).
        #expect(try Self.findings("reading-speed-words.srt", .bbc) == ["reading-speed": [2]])
        #expect(try Self.findings("reading-speed-words.srt", .dcmp) == ["reading-speed": [2]])
        #expect(try Self.findings("reading-speed-words.srt", .dcmpEducational) == ["reading-speed": [1, 2]])
    }

    @Test func charactersPerLine() throws {
        // Netflix 42, BBC 37, DCMP 32 characters per line; lines: 42, 43, 2+43, 37, 38, 32, 33.
        #expect(try Self.findings("characters-per-line.srt", .netflix, framesPerSecond: 25) == ["characters-per-line": [2, 3]])
        #expect(try Self.findings("characters-per-line.srt", .bbc) == ["characters-per-line": [1, 2, 3, 5]])
        #expect(try Self.findings("characters-per-line.srt", .dcmp) == ["characters-per-line": [1, 2, 3, 4, 5, 7]])
    }

    @Test func linesPerCue() throws {
        for profile in [QualityProfile.netflix, .bbc, .dcmp] {
            #expect(try Self.findings("lines-per-cue.srt", profile, framesPerSecond: 25) == ["lines-per-cue": [2]], "\(profile.name)")
        }
    }

    @Test func durations() throws {
        // Netflix: 5/6 s (833 ms to the millisecond) to 7 s; DCMP: at least 2 s.
        #expect(try Self.findings("duration.srt", .netflix, framesPerSecond: 25) == ["minimum-duration": [2], "maximum-duration": [4]])
        #expect(try Self.findings("duration.srt", .dcmp) == ["minimum-duration": [1, 2, 6]])
    }

    @Test func gaps() throws {
        // Netflix: 2 frames minimum (at 25 fps, 80 ms); BBC §4.5: none, or at least one second.
        #expect(try Self.findings("gap.srt", .netflix, framesPerSecond: 25) == ["minimum-gap": [3, 4]])
        #expect(try Self.findings("gap.srt", .bbc) == ["minimum-gap": [2, 3, 5]])
        let text = try String(contentsOf: TestPaths.testMedia.appendingPathComponent("qc/gap.srt"), encoding: .utf8)
        let unknownRate = SubtitleQualityCheck(QualitySubject(cues: try SubRipParser.parse(string: text).cues), profile: .netflix)
        #expect(unknownRate.findings.isEmpty)
        #expect(unknownRate.notes.count == 1 && unknownRate.notes[0].contains("frame rate"))
    }

    @Test func overlaps() throws {
        for profile in QualityProfile.all {
            #expect(try Self.findings("overlap.srt", profile, framesPerSecond: 25)["overlap"] == [2, 4, 5], "\(profile.name)")
        }
    }

    @Test func invalidTimingAndEmptyCues() throws {
        #expect(try Self.findings("invalid-timing.srt", .fcc) == ["invalid-timing": [2, 3]])
        #expect(try Self.findings("empty-cue.srt", .fcc) == ["empty-cue": [2]])
    }

    /// The guidelines for line 21 captions (FCC, DCMP) find the characters CTA-608-E §6.4 has no
    /// code for; the streaming and BBC guidelines do not send 608 and leave them alone.
    @Test func cea608Characters() throws {
        let unshowable = ["cea608-characters": [2, 3, 4, 6]]
        for profile in [QualityProfile.fcc, .dcmp, .dcmpEducational] {
            #expect(try Self.findings("cea608-characters.srt", profile) == unshowable, "\(profile.name)")
        }
        for profile in [QualityProfile.netflix, .netflixChildren, .bbc] {
            #expect(try Self.findings("cea608-characters.srt", profile, framesPerSecond: 25) == [:], "\(profile.name)")
        }
        // Each finding names the characters without a form, and only those: 'ï' of cue 6 is an
        // extended character, 'Œ' none.
        let text = try String(contentsOf: TestPaths.testMedia.appendingPathComponent("qc/cea608-characters.srt"), encoding: .utf8)
        let check = SubtitleQualityCheck(QualitySubject(cues: try SubRipParser.parse(string: text).cues), profile: .fcc)
        let named = check.findings.map { finding in
            finding.message.split(separator: "'", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        #expect(named == [["€"], ["😀"], ["こ", "ん", "に", "ち", "は"], ["Œ"]])
        #expect(check.findings.allSatisfy { $0.severity == .error && $0.source.contains("CTA-608-E §6.4") })
    }

    @Test func pastTheMovieEnd() throws {
        let cues = [Cue(start: .seconds(1), end: .seconds(2), text: "inside"),
                    Cue(start: .milliseconds(9_500), end: .milliseconds(10_500), text: "across the end"),
                    Cue(start: .milliseconds(10_500), end: .milliseconds(11_500), text: "after the end")]
        let check = SubtitleQualityCheck(QualitySubject(cues: cues, movieEnd: .seconds(10)), profile: .fcc)
        #expect(check.findings.map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.cueNumber)" }
                == ["warning past-movie-end 2", "error past-movie-end 3"])
    }

    /// Every finding names a document; every profile limit says where its number is written.
    @Test func everyLimitCitesItsSource() {
        for profile in QualityProfile.all {
            for limit in profile.limits { #expect(!limit.source.isEmpty, "\(profile.name) \(limit.rule)") }
        }
        for rule in QualityRule.allCases {
            let inProfiles = QualityProfile.all.contains { $0.limit(for: rule) != nil }
            #expect((rule.structuralSource != nil) != inProfiles, "\(rule): a source of its own, or numbers from profiles")
        }
    }
}
