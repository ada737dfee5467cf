import Language
import Testing
import ISOBMFF
import LegibleTestSupport
@testable import Movie

@Suite struct MediaSelectionTests {
    func tag(_ value: String) -> Box { MediaCharacteristicTagBox(characteristic: value).makeBox() }

    @Test func demoMovieGroups() throws {
        let movie = try MovieFixture("demo.mov").movie()
        let selection = MediaSelection(movie: movie)
        #expect(selection.groups.map(\.characteristic) == [.visual, .audible, .legible])
        let audible = try #require(selection.groups.first { $0.characteristic == .audible })
        #expect(audible.alternateGroup == 1)
        #expect(audible.options.map(\.displayName) == ["English", "Spanish"])
        #expect(audible.defaultOption?.trackID == 2)
        let legible = try #require(selection.groups.first { $0.characteristic == .legible })
        #expect(legible.options.map(\.displayName) == ["Spanish"])
    }

    @Test func sdhForcedAndCaptionsAreLabelledAsPlayersDo() throws {
        var fixture = try MovieFixture("subtitles-multi.mp4")
        try fixture.editTrack(4) { track in
            track.addUserData(tag(MediaCharacteristic.transcribesSpokenDialog))
            track.addUserData(tag(MediaCharacteristic.describesMusicAndSound))
        }
        try fixture.editTrack(5) { track in track.addUserData(tag(MediaCharacteristic.containsOnlyForcedSubtitles)) }
        try fixture.editTrack(3) { track in try track.setHandler("clcp") }
        let selection = MediaSelection(movie: try fixture.movie())
        let legible = try #require(selection.groups.first { $0.characteristic == .legible })
        #expect(legible.options.map(\.displayName) == ["English CC", "English SDH", "French (Forced)"])
        #expect(legible.options[0].characteristics == [MediaCharacteristic.transcribesSpokenDialog,
                                                       MediaCharacteristic.describesMusicAndSound])
        #expect(legible.options[2].isForcedOnly)
    }

    @Test func extendedLanguageWinsOverMediaHeader() throws {
        var fixture = try MovieFixture("demo.mp4")
        try fixture.editTrack(3) { track in track.setExtendedLanguage("es-MX") }
        let movie = try fixture.movie()
        #expect(movie.track(id: 3)?.language == "spa")
        #expect(movie.track(id: 3)?.displayLanguage == "es-MX")
        let audible = try #require(MediaSelection(movie: movie).groups.first { $0.characteristic == .audible })
        #expect(audible.options.map(\.displayName) == ["English", "Spanish (Mexico)"])
    }

    @Test func forcedPairIsOneOptionAndFollowersAreListed() throws {
        var fixture = try MovieFixture("subtitles-multi.mp4")
        try fixture.editTrack(3) { track in track.addReference("forc", to: [5]) }
        try fixture.editTrack(2) { track in track.addReference("folw", to: [5]) }
        let movie = try fixture.movie()
        let selection = MediaSelection(movie: movie)
        let legible = try #require(selection.groups.first { $0.characteristic == .legible })
        #expect(legible.options.map(\.trackID) == [3, 4])
        #expect(legible.options.first?.forcedOnlyTrackID == 5)
        let audible = try #require(selection.groups.first { $0.characteristic == .audible })
        #expect(audible.options.first?.followers == [5])
        #expect(movie.track(id: 2)?.references == [TrackReference(type: "folw", trackIDs: [5])])
    }

    @Test func chapterTracksStayOutOfTheSubtitleMenu() throws {
        let movie = try MovieFixture("chapters.mov").movie()
        #expect(movie.chapterTrackIDs == [3])
        #expect(MediaSelection(movie: movie).groups.allSatisfy { $0.characteristic != .legible })
    }

    @Test func trackGroupsFollowTheAlternateGroupField() throws {
        var fixture = try MovieFixture("audio-languages.mov")
        try fixture.editTrack(4) { track in try track.setAlternateGroup(7, enabled: true) }
        let groups = MediaSelection(movie: try fixture.movie()).groups
        #expect(groups.map(\.alternateGroup) == [1, 7])
        #expect(groups[1].options.map(\.displayName) == ["Japanese"])
    }

    @Test(arguments: [
        ("en", "English"), ("eng", "English"), ("ger", "German"), ("deu", "German"), ("zh-Hant", "Chinese (Traditional)"),
        ("pt-BR", "Portuguese (Brazil)"), ("es-419", "Spanish (Latin America)"), ("und", nil), ("xx", nil),
    ])
    func languageNames(tag: String, name: String?) {
        #expect(LanguageName.englishName(for: tag) == name)
    }
}
