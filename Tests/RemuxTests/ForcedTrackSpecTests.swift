import Foundation
import Language
import LegibleTestSupport
import Movie
import Remux
import Testing
import TimedText

/// A spec with `forcedTrack`: the full track and, after it, a forced-only twin of the cues the
/// document marks forced (W3C IMSC 1.0.1 `itts:forcedDisplay`), or a typed refusal.
@Suite struct ForcedTrackSpecTests {
    static let marked = SubtitleDocument(format: .ttml, cues: [
        Cue(start: .milliseconds(500), end: .milliseconds(1500), text: "Buenos días"),
        Cue(start: .milliseconds(1600), end: .milliseconds(2500), text: "¡Alto!", isForced: true),
    ], language: "es")

    @Test func thePlanKeyDecodes() throws {
        let plan = try JSONDecoder().decode(SubtitlePlan.self, from: Data(#"{"subtitles": [{"file": "es.ttml", "forcedTrack": true}]}"#.utf8))
        #expect(plan.subtitles == [SubtitleTrackSpec(file: "es.ttml", forcedTrack: true)])
    }

    @Test func aFullTrackAndItsTwin() throws {
        let spec = SubtitleTrackSpec(file: "es.ttml", name: "Español SDH", sdh: true, forcedTrack: true, isDefault: true, followAudio: .automatic)
        let requests = try spec.requests(for: Self.marked, firstIndex: 3)
        try #require(requests.count == 2)
        let (full, twin) = (requests[0], requests[1])
        #expect(full.cues == Self.marked.cues)
        #expect(!full.isForcedOnly && full.forcedTwinOf == nil && full.properties.makesDefault)
        #expect(twin.cues.map(\.text.plainText) == ["¡Alto!"])
        #expect(twin.isForcedOnly)
        #expect(twin.forcedTwinOf == .addedBy(requestIndex: 3))
        #expect(twin.properties.language == (try LanguageTag(parsing: "es")))
        // Name, SDH, default and the sound track describe the full track.
        #expect(twin.properties.name == nil && twin.properties.addedCharacteristics.isEmpty && !twin.properties.makesDefault)
        #expect(twin.followedByAudio == nil)
    }

    /// A span marked forced in a cue that is not: the twin shows it; a tx3g (or wvtt) full track,
    /// which cannot mark a span, leaves the mark out instead of naming it lost; stpp keeps it.
    @Test(arguments: [(SubtitleTrackFormat.tx3g, false), (.wvtt, false), (.stpp, true)])
    func aForcedSpanIsTheTwins(format: SubtitleTrackFormat, fullKeepsTheMark: Bool) throws {
        var forcedStyle = TextStyle()
        forcedStyle.isForced = true
        let cue = Cue(start: .milliseconds(0), end: .milliseconds(900),
                      text: CueText(runs: [StyledRun("Dice: "), StyledRun("SALIDA", style: forcedStyle)]))
        let document = SubtitleDocument(format: .ttml, cues: [cue], language: "es")
        let requests = try SubtitleTrackSpec(file: "es.ttml", format: format, forcedTrack: true).requests(for: document)
        try #require(requests.count == 2)
        #expect(requests[1].cues.map(\.text.plainText) == ["SALIDA"])
        #expect(requests[0].cues.map(\.text.plainText) == ["Dice: SALIDA"])
        #expect(requests[0].cues[0].text.runs.contains { $0.style.isForced } == fullKeepsTheMark)
    }

    @Test func withoutTheKeyOneTrack() throws {
        #expect(try SubtitleTrackSpec(file: "es.ttml").requests(for: Self.marked).count == 1)
    }

    @Test(arguments: [SubtitleFormat.subRip, .webVTT, .ttml])
    func aDocumentMarkingNothingIsRefused(format: SubtitleFormat) throws {
        let document = SubtitleDocument(format: format, cues: [Cue(start: .milliseconds(0), end: .milliseconds(900), text: "Hola")])
        #expect(throws: SubtitleTrackSpecError.noForcedCues(format)) {
            try SubtitleTrackSpec(file: "es", forcedTrack: true).requests(for: document)
        }
        let message = SubtitleTrackSpecError.noForcedCues(format).description
        #expect(message.contains("itts:forcedDisplay"))
        if format != .ttml { #expect(message.contains("cannot mark a cue forced")) }
    }

    @Test func aForcedOnlySpecHasNoTwin() throws {
        #expect(throws: SubtitleTrackSpecError.forcedTrackOfForcedTrack) {
            try SubtitleTrackSpec(file: "es.ttml", forced: true, forcedTrack: true).requests(for: Self.marked)
        }
    }

    /// Written: the twin joins its full track's group with `forc`, tagged forced-only, every
    /// sample forced; the full track keeps its forced sample.
    @Test func writtenInOneEdit() throws {
        let folder = try TemporaryFolder("forced-track-spec")
        defer { folder.remove() }
        let requests = try SubtitleTrackSpec(file: "es.ttml", forcedTrack: true).requests(for: Self.marked)
        let (pair, report) = try EditedPair.write(EditPlan(subtitleTracks: requests), from: RemuxFixtures.media("demo.mov"),
                                                  to: folder.path("forced.mov"))
        let first = try #require(pair.source.header?.nextTrackID)
        #expect(report.addedTrackIDs == [first, first + 1])
        let full = try pair.outputTrack(first)
        let twin = try pair.outputTrack(first + 1)
        #expect(full.referencedTrackIDs(TrackReference.forcedSubtitlesOnly) == [first + 1])
        #expect(twin.header.alternateGroup == full.header.alternateGroup)
        #expect(twin.userData.characteristics.contains(MediaCharacteristic.containsOnlyForcedSubtitles))
        #expect(twin.subtitleDisplayFlags?.contains(.allSamplesForced) == true)
        #expect(full.subtitleDisplayFlags?.contains(.someSamplesForced) == true)
        #expect(full.subtitleDisplayFlags?.contains(.allSamplesForced) == false)
    }
}
