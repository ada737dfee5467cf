import Foundation
import Language
import LegibleTestSupport
import Lint
import Movie
import Remux
import Testing

/// Audio fallback chains as Apple TN2429 ("Use a Chain of Fallback Track References") asks: each
/// track of a chain but the last has exactly one `fall` reference, the last (most widely
/// supported) is enabled and the others are disabled; AVFoundation relates only audio tracks
/// this way. clean.mov's sound tracks are 2 (English, enabled) and 3 (Spanish, disabled) in
/// group 1; its subtitle track 5 is in group 2.
struct FallbackRuleTests {
    static func findings(_ file: String) throws -> [Finding] {
        try RuleMovieTests.check(file).findings.filter { $0.rule == .fallback }
    }

    /// clean.mov with `changes` made to its tracks, written to a temporary folder and checked:
    /// the findings of `rule`.
    static func findings(after changes: [TrackChangeRequest], rule: CheckRule = .fallback) throws -> [Finding] {
        let folder = try TemporaryFolder("fallback-rule")
        defer { folder.remove() }
        let editor = try MovieEditor(path: TestPaths.testMedia.appendingPathComponent("rules/clean.mov").path)
        _ = try editor.write(EditPlan(trackChanges: changes), to: folder.path("edited.mov"))
        return MovieCheck(movie: try Movie.open(path: folder.path("edited.mov"))).findings.filter { $0.rule == rule }
    }

    /// An AC-3 and an AAC track of one program alike in language, name and characteristics are
    /// one option in two encodings when `fall` joins them, two indistinguishable options when
    /// nothing does.
    @Test func aFallbackPairIsOneOption() throws {
        let alike = TrackChangeRequest(trackID: 3, changes: TrackChanges(language: try LanguageTag(parsing: "en"), name: "English"))
        let unpaired = try Self.findings(after: [alike], rule: .distinguishableOptions)
        #expect(unpaired.count == 1, "\(unpaired.map(\.message))")
        #expect(try Self.findings(after: [alike, Self.fall(from: 3, to: [2])], rule: .distinguishableOptions).isEmpty)
    }

    static func fall(from track: UInt32, to targets: [UInt32]) -> TrackChangeRequest {
        TrackChangeRequest(trackID: track, changes: TrackChanges(addedReferences: [TrackReference(type: TrackReference.audioFallback, trackIDs: targets)]))
    }

    /// TN2429's layout: the AC-3 track (here 3) disabled, falling back to the enabled AAC one.
    @Test func aDisabledTrackFallingBackToTheEnabledOneIsClean() throws {
        #expect(try Self.findings("check-fallback-pair.mov").isEmpty)
        #expect(try RuleMovieTests.check("check-fallback-pair.mov").findings.isEmpty)
    }

    /// The enabled track falls back to a disabled one: both ends are wrong, and which track is
    /// enabled follows from the chain, so both fixes are automatic.
    @Test func anEnabledTrackFallingBackIsTwoErrors() throws {
        let findings = try Self.findings("check-fallback-enabled.mov")
        #expect(findings.map(\.trackID) == [2, 3])
        #expect(findings.allSatisfy { $0.severity == .error })
        #expect(findings.map { $0.fix?.changes.isEnabled } == [false, true])
        #expect(findings.allSatisfy { $0.fix?.isAutomatic == true })
    }

    /// In a movie of several languages one chain holds the group's default; another
    /// language's chain has every track disabled, its end included, and that is no fault
    /// (here 3 → 2 with 2 disabled too, as a second language's AC-3 → AAC pair would be).
    @Test func aChainWithoutTheDefaultMayEndDisabled() throws {
        let findings = try Self.findings(after: [Self.fall(from: 3, to: [2]),
                                                 TrackChangeRequest(trackID: 2, changes: TrackChanges(isEnabled: false))])
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test func aLoopIsAnError() throws {
        let findings = try Self.findings(after: [Self.fall(from: 3, to: [2]), Self.fall(from: 2, to: [3])])
        #expect(findings.contains { $0.message.contains("form a loop") })
    }

    @Test func twoTargetsAreAnError() throws {
        let findings = try Self.findings(after: [Self.fall(from: 3, to: [2, 5])])
        #expect(findings.count == 1)
        #expect(findings.first?.trackID == 3)
        #expect(findings.first?.message.contains("names 2 tracks") == true)
    }

    /// Only sound tracks fall back, and only to sound tracks (AVAssetTrack.AssociationType.audioFallback).
    @Test func aSubtitleInAFallbackIsAnError() throws {
        let from = try Self.findings(after: [Self.fall(from: 5, to: [2])])
        #expect(from.map(\.trackID) == [5])
        #expect(from.first?.fix?.isAutomatic == true)
        let to = try Self.findings(after: [Self.fall(from: 3, to: [5])])
        #expect(to.map(\.trackID) == [3])
        #expect(to.first?.message.contains("not a sound track") == true)
    }
}
