import ISOBMFF
import Foundation
import LegibleTestSupport
import Lint
import Movie
import Remux
import Testing
import TextTracks

/// Each movie of TestMedia/rules breaks one rule (Scripts/make-rule-media says how it was made).
/// The expected findings are what the cited document asks for, not what `MovieCheck` printed:
/// the severity follows ``FindingSeverity`` (error when QTFF says players may drop the
/// alternate information or ignore the structure), the track is the one the fault is in, and the
/// fix is the change the document implies, automatic only when no choice is involved.
struct RuleMovieTests {
    struct Expected: CustomTestStringConvertible, Sendable {
        var file: String
        var severity: FindingSeverity
        var trackID: UInt32?
        var rule: CheckRule
        /// The fixing track and whether `--fix` may apply it; nil when no fix is offered.
        var fix: (track: UInt32, automatic: Bool)?
        var testDescription: String { file }
    }

    static func check(_ file: String) throws -> MovieCheck {
        MovieCheck(movie: try Movie.open(path: TestPaths.testMedia.appendingPathComponent("rules/\(file)").path))
    }

    /// The base obeys every rule: one media type per group, one enabled track per group, every
    /// subtitle in a group with a language (QTFF "Preparing sound and subtitle alternate groups
    /// for use with Apple devices"), a disabled chapter track in no group (QTFF "Chapter lists"),
    /// and the text box QTFF's "Subtitle track header size and placement" gives.
    @Test func cleanMovieHasNoFindings() throws {
        let findings = try Self.check("clean.mov").findings
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    static let cases: [Expected] = [
        // A legible track without a language is listed as "Unknown language" (AVMediaSelectionOption
        // displayName); which language it is cannot be known, so no fix.
        Expected(file: "check-no-language.mov", severity: .warning, trackID: 5, rule: .legibleLanguage, fix: nil),
        // QTFF: all subtitle tracks in one alternate group; the subtitles' group is 2 in clean.mov.
        Expected(file: "check-outside-group.mov", severity: .warning, trackID: 5, rule: .legibleGroup, fix: (5, true)),
        // QTFF: "one media type per group"; players "may act as though there is no alternate information".
        Expected(file: "check-mixed-group.mov", severity: .error, trackID: 5, rule: .groupMediaTypes, fix: (5, true)),
        // QTFF: exactly one track of a group enabled. Which one is the default is the author's call.
        Expected(file: "check-two-enabled.mov", severity: .error, trackID: nil, rule: .groupEnabledTracks, fix: (2, false)),
        // AVMediaFormat.h: SDH is both transcribes-spoken-dialog and describes-music-and-sound;
        // whether the other half is missing or the one present is wrong is the author's call.
        Expected(file: "check-sdh-half.mov", severity: .warning, trackID: 5, rule: .sdhCharacteristics, fix: (5, false)),
        // QTFF "Referencing a related forced subtitle track": a forced-only track pairs with a full one.
        Expected(file: "check-forced-alone.mov", severity: .warning, trackID: 6, rule: .forcedOnlyPartner, fix: nil),
        Expected(file: "check-forced-unpaired.mov", severity: .warning, trackID: 6, rule: .forcedOnlyPartner, fix: (5, true)),
        // The same section: the pair shares an alternate group and a language.
        Expected(file: "check-forced-pair-group.mov", severity: .error, trackID: 6, rule: .forcedPair, fix: (6, true)),
        Expected(file: "check-forced-pair-language.mov", severity: .error, trackID: 6, rule: .forcedPair, fix: nil),
        // QTFF "Subtitle follows track reference atom": from a sound track, to one subtitle track,
        // the forced-only one of a pair.
        Expected(file: "check-follower-regular.mov", severity: .warning, trackID: 3, rule: .follower, fix: (3, true)),
        Expected(file: "check-follower-from-video.mov", severity: .error, trackID: 1, rule: .follower, fix: (1, true)),
        Expected(file: "check-follower-to-audio.mov", severity: .error, trackID: 2, rule: .follower, fix: (2, true)),
        Expected(file: "check-followers-two.mov", severity: .error, trackID: 2, rule: .follower, fix: nil),
        // ISO/IEC 14496-12 §8.3.3: a reference names tracks of the file.
        Expected(file: "check-missing-target.mov", severity: .error, trackID: 2, rule: .referenceTarget, fix: (2, true)),
        // QTFF "Extended language tag atom": mdhd holds the closest code to the elng tag.
        Expected(file: "check-elng.mov", severity: .warning, trackID: 5, rule: .languageAgreement, fix: (5, true)),
        // QTFF "Media characteristic tag atom": the tag is the bare string; players compare exactly.
        Expected(file: "check-tagc-nul.mov", severity: .warning, trackID: 5, rule: .characteristicSyntax, fix: (5, true)),
        // QTFF "Subtitle media": subtitles in a QuickTime movie are 'sbtl' media.
        Expected(file: "check-text-handler.mov", severity: .warning, trackID: 5, rule: .subtitleHandler, fix: (5, true)),
        // QTFF "Chapter lists": a chapter track is navigation, not an alternative of the subtitle group.
        Expected(file: "check-chapter-in-group.mov", severity: .warning, trackID: 4, rule: .chapterTrack, fix: (4, true)),
        // QTFF "Subtitle track header size and placement": the track is the text box inside the video.
        Expected(file: "check-text-placement.mov", severity: .warning, trackID: 5, rule: .textPlacement, fix: (5, true)),
        // Two options with one label and no name (AVMediaSelectionOption displayName); naming is the author's call.
        Expected(file: "check-indistinguishable.mov", severity: .warning, trackID: 6, rule: .distinguishableOptions, fix: nil),
        // AVMediaFormat.h: accessibility characteristics are tagged, never inferred.
        Expected(file: "check-audio-description.mov", severity: .warning, trackID: 3, rule: .audioDescription, fix: (3, true)),
        // ISO/IEC 14496-12 §8.7.2: without flag 1 the data is not in this file, so the track
        // cannot play from it; nothing in the file says where the media is.
        Expected(file: "check-self-contained.mov", severity: .error, trackID: 5, rule: .selfContained, fix: nil),
        // QTFF "Referencing a related forced subtitle track": with subtitles on, the player shows
        // the full track alone, so it must show the forced cues too; the finding is the full track's,
        // and the fix rebuilds it with them (both tracks tx3g without edit lists).
        Expected(file: "check-forced-missing.mov", severity: .warning, trackID: 5, rule: .forcedCuesInFullTrack, fix: (5, true)),
        // QTFF: the enabled track is the group's default; SDH is for viewers who ask for it.
        // Which other track is the default is the author's call.
        Expected(file: "check-accessibility-default.mov", severity: .warning, trackID: 6, rule: .accessibilityDefault, fix: nil),
    ]

    @Test(arguments: cases)
    func movieBreakingOneRuleHasThatFindingAlone(_ expected: Expected) throws {
        let findings = try Self.check(expected.file).findings
        try #require(findings.count == 1, "\(findings.map { "\($0.rule.rawValue): \($0.message)" })")
        let finding = findings[0]
        #expect(finding.rule == expected.rule)
        #expect(finding.severity == expected.severity)
        #expect(finding.trackID == expected.trackID)
        #expect(finding.fix?.trackID == expected.fix?.track)
        #expect(finding.fix?.isAutomatic == expected.fix?.automatic)
        #expect(finding.rule.source.contains("QTFF") || finding.rule.source.contains("ISO/IEC") || finding.rule.source.contains("AV"))
    }

    /// The library's words name no command: a finding that advises a track change carries the
    /// change's options apart, for a front end to name where the message says (after "set its
    /// language"; after "add the other if it is SDH", before the rest of the sentence).
    @Test func adviceIsOptionsNotACommandLine() throws {
        let noLanguage = try #require(try Self.check("check-no-language.mov").findings.first)
        #expect(!noLanguage.message.contains("legible"), "\(noLanguage.message)")
        #expect(noLanguage.message.hasSuffix("; set its language"), "\(noLanguage.message)")
        #expect(noLanguage.suggestion?.arguments == ["--track", "5", "--language", "TAG"])
        #expect(noLanguage.message(naming: { " [\($0.joined(separator: " "))]" }).hasSuffix("; set its language [--track 5 --language TAG]"))
        let made = Finding(.warning, track: 1, rule: .sdhCharacteristics, message: "add the other if it is SDH", suggesting: ["--sdh"],
                           then: ", or remove the one")
        #expect(made.message == "add the other if it is SDH, or remove the one")
        #expect(made.message(naming: { " (\($0[0]))" }) == "add the other if it is SDH (--sdh), or remove the one")
        #expect(Finding(.info, track: nil, rule: .sdhCharacteristics, message: "no change").message(naming: { _ in "!" }) == "no change")
    }

    /// Group 1 (two audio tracks) has no single right default; group 2 (one subtitle track) has.
    @Test func groupsWithoutEnabledTrackAreErrorsFixableOnlyWhenOneTrackIsTheAnswer() throws {
        let findings = try Self.check("check-none-enabled.mov").findings
        #expect(findings.map(\.rule) == [.groupEnabledTracks, .groupEnabledTracks])
        #expect(findings.allSatisfy { $0.severity == .error && $0.trackID == nil })
        #expect(findings.map { $0.fix?.trackID } == [2, 5])
        #expect(findings.map { $0.fix?.isAutomatic } == [false, true])
    }

    /// The forced-only twin's sign ("[Cartel: SALIDA]", 0.3–0.8 s in Scripts/make-rule-media's
    /// spa-forced.srt) is missing from check-forced-missing.mov's full track and present in
    /// select-forced.mov's (spa.srt shows it with "¡Hola!").
    @Test func forcedCoverageNamesTheMissingCues() throws {
        let missing = ForcedCueCoverage.pairs(in: try Movie.open(path: TestPaths.testMedia.appendingPathComponent("rules/check-forced-missing.mov").path))
        #expect(missing.map(\.fullTrackID) == [5])
        #expect(missing.map(\.forcedTrackID) == [6])
        #expect(missing.first?.missing.map(\.text.plainText) == ["[Cartel: SALIDA]"])
        #expect(missing.first?.missing.map(\.start) == [.milliseconds(300)])
        let covered = ForcedCueCoverage.pairs(in: try Movie.open(path: TestPaths.testMedia.appendingPathComponent("rules/select-forced.mov").path))
        #expect(covered.map(\.forcedTrackID) == [6])
        #expect(covered.allSatisfy { $0.missing.isEmpty })
    }

    /// The fixes name the changes the documents ask for.
    @Test func fixesMakeTheDocumentedChange() throws {
        let elng = try #require(try Self.check("check-elng.mov").findings.first?.fix)
        #expect(elng.changes.language?.description == "fr-CA")
        let follower = try #require(try Self.check("check-follower-regular.mov").findings.first?.fix)
        #expect(follower.changes.removedReferences == [TrackReference(type: "folw", trackIDs: [5])])
        #expect(follower.changes.addedReferences == [TrackReference(type: "folw", trackIDs: [6])])
        let partner = try #require(try Self.check("check-forced-unpaired.mov").findings.first?.fix)
        #expect(partner.changes.addedReferences == [TrackReference(type: "forc", trackIDs: [6])])
        let missing = try #require(try Self.check("check-missing-target.mov").findings.first?.fix)
        #expect(missing.changes.removedReferences == [TrackReference(type: "folw", trackIDs: [9])])
        let group = try #require(try Self.check("check-outside-group.mov").findings.first?.fix)
        #expect(group.changes.alternateGroup == .number(2))
        let tag = try #require(try Self.check("check-tagc-nul.mov").findings.first?.fix)
        #expect(tag.changes.removedCharacteristics == ["public.easy-to-read"])
        #expect(tag.changes.addedCharacteristics == ["public.easy-to-read"])
    }
}
