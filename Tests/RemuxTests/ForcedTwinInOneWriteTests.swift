import Foundation
import ISOBMFF
import Language
import LegibleTestSupport
import Movie
import Remux
import Testing
import TimedText

/// A full subtitle track and its forced-only twin added by one plan (``FullTrackChoice/addedBy(requestIndex:)``):
/// QTFF "Referencing a related forced subtitle track" wants a `forc` reference from the full
/// track to the forced-only one, both in one alternate group and one language.
@Suite struct ForcedTwinInOneWriteTests {
    static func plan(twinOf choice: FullTrackChoice, twinFirst: Bool = false) throws -> EditPlan {
        let full = try RemuxFixtures.englishSDHRequest()
        var forced = SubtitleTrackRequest(cues: [Cue(start: .milliseconds(500), end: .milliseconds(1500), text: CueText("¡Hola!"))],
                                          isForcedOnly: true, forcedTwinOf: choice)
        forced.properties.alternateGroup = .automatic
        return EditPlan(subtitleTracks: twinFirst ? [forced, full] : [full, forced])
    }

    @Test func twinOfATrackOfThePlan() throws {
        let folder = try TemporaryFolder("forced-twin")
        defer { folder.remove() }
        let (pair, report) = try EditedPair.write(try Self.plan(twinOf: .addedBy(requestIndex: 0)),
                                                  from: RemuxFixtures.media("demo.mov"), to: folder.path("twin.mov"))
        let first = try #require(pair.source.header?.nextTrackID)
        #expect(report.addedTrackIDs == [first, first + 1])
        let full = try pair.outputTrack(first)
        let forced = try pair.outputTrack(first + 1)
        #expect(full.referencedTrackIDs(TrackReference.forcedSubtitlesOnly) == [first + 1])
        #expect(forced.header.alternateGroup == full.header.alternateGroup)
        #expect(forced.header.alternateGroup != 0)
        #expect(forced.language == "eng", "the twin takes its full track's language")
        #expect(forced.userData.characteristics.contains(MediaCharacteristic.containsOnlyForcedSubtitles))
        #expect(forced.subtitleDisplayFlags?.contains(.allSamplesForced) == true)
    }

    @Test(.enabled(if: ExternalTool.shouldRun(at: TestPaths.mp4Box)))
    func mp4BoxSeesTheReference() throws {
        let folder = try TemporaryFolder("forced-twin")
        defer { folder.remove() }
        let output = folder.path("twin.mov")
        let (pair, _) = try EditedPair.write(try Self.plan(twinOf: .addedBy(requestIndex: 0)), from: RemuxFixtures.media("demo.mov"), to: output)
        let first = try #require(pair.source.header?.nextTrackID)
        let dump = try ExternalTool.run(TestPaths.mp4Box, ["-diso", output, "-out", folder.path("twin.xml")])
        #expect(dump.status == 0)
        let xml = try String(contentsOfFile: folder.path("twin.xml"), encoding: .utf8)
        #expect(xml.contains("<TrackReferenceTypeBox") && xml.contains("Type=\"forc\""), "\(xml.prefix(400))")
        #expect(xml.contains("<TrackReferenceEntry TrackID=\"\(first + 1)\"/>"))
    }

    @Test(arguments: [(0, true), (1, false), (5, false)])
    func refusedWithoutAnEarlierFullRequest(requestIndex: Int, twinFirst: Bool) throws {
        let plan = try Self.plan(twinOf: .addedBy(requestIndex: requestIndex), twinFirst: twinFirst)
        let index = twinFirst ? 0 : 1
        #expect(throws: EditError.forcedTwinOfNoFullRequest(requestIndex: requestIndex, index: index)) {
            try EditErrorTests.write(plan)
        }
    }
}
