import Foundation
import ISOBMFF
import LegibleTestSupport
import Movie
import Remux
import Testing

/// `add-subtitles --default`: the new track becomes the one enabled track of its group.
@Suite struct NewDefaultTrackTests {
    @Test(arguments: AdditionScenario.all)
    func defaultTrackIsTheOnlyEnabledOneOfItsGroup(_ scenario: AdditionScenario) throws {
        let folder = try TemporaryFolder("remux-default")
        defer { folder.remove() }
        let request = try RemuxFixtures.englishSDHRequest(format: scenario.requestFormat(), makesDefault: true)
        let (pair, report) = try EditedPair.write(EditPlan(subtitleTracks: [request]), from: RemuxFixtures.media(scenario.source),
                                                  to: folder.path(scenario.output))
        let newID = try #require(report.addedTrackIDs.first)
        let added = try pair.outputTrack(newID)
        #expect(added.isEnabled)
        let group = added.header.alternateGroup
        for track in pair.source.tracks {
            let copied = try pair.outputTrack(track.id)
            if track.header.alternateGroup == group {
                #expect(!copied.isEnabled, "track \(track.id) shares group \(group) with the new default")
            } else {
                #expect(copied.isEnabled == track.isEnabled, "track \(track.id) is in another group")
            }
        }
        let legible = MediaSelection(movie: pair.output).groups.first { $0.alternateGroup == group }
        #expect(legible?.defaultOption?.trackID == newID)
    }
}
