import Language
import Testing
import LegibleTestSupport
@testable import Movie

/// Each rule of `AutomaticSelection` on the movies Scripts/make-rule-media builds for it
/// (TestMedia/rules/README.md; track IDs from the script's comments: 1 video, 2 English audio
/// enabled, 3 Spanish audio, 4 chapters, 5 Spanish subtitle enabled, added tracks from 6). Every
/// expected answer comes from the documentation quoted beside it.
@Suite struct AutomaticSelectionTests {
    static func select(_ file: String, _ languages: [String], sdh: Bool = false,
                       display: SelectionPreferences.CaptionDisplay? = nil) throws -> AutomaticSelection {
        let movie = try MovieFixture("rules/\(file)").movie()
        let tags = try languages.map { (text) throws(LanguageTagError) in try LanguageTag(parsing: text) }
        return AutomaticSelection(movie: movie, preferences: SelectionPreferences(
            languages: tags, prefersAccessibleSubtitles: sdh, captionDisplay: display))
    }

    static func group(_ characteristic: SelectionGroup.Characteristic, in selection: AutomaticSelection) throws -> GroupSelection {
        try #require(selection.groups.first { $0.characteristic == characteristic })
    }

    // MARK: Language matching

    /// RFC 4647 §3.3.1 basic filtering: a range matches a tag that equals it or starts with it
    /// followed by "-"; ISO 639-1 and 639-2 codes name the same language (ISO 639-2 code list).
    @Test(arguments: [
        ("eng", "en", LanguageMatch.exact), ("en-US", "en", .exact), ("en-US", "en-US", .exact),
        ("spa", "es", .exact), ("deu", "ger", .exact),
        ("eng", "en-GB", .broader), ("en-US", "en-GB", .sameLanguage),
        ("zh-Hant", "zh-Hans", .none), ("spa", "en", .none), ("und", "und", .none),
    ])
    func languageMatching(language: String, preference: String, expected: LanguageMatch) throws {
        #expect(LanguageMatch(language: language, preference: try LanguageTag(parsing: preference)) == expected)
    }

    // MARK: Visual and audible

    /// ISO/IEC 14496-12 §8.3.2: alternate_group 0 means the track has no alternates; an enabled
    /// track plays. clean.mov's video (1) is enabled in group 0.
    @Test func videoOutsideAlternateGroupsPlaysWhenEnabled() throws {
        let visual = try Self.group(.visual, in: try Self.select("clean.mov", ["en"]))
        #expect(visual.alternateGroup == 0)
        #expect(visual.selected?.trackID == 1)
    }

    /// AVPlayerMediaSelectionCriteria lists languages "in their preferred order", and AVFoundation
    /// sorts matching options "according to the order of preference of the language each matches".
    @Test func audioFollowsThePreferredLanguagesInOrder() throws {
        #expect(try Self.group(.audible, in: Self.select("clean.mov", ["es", "en"])).selected?.trackID == 3)
        #expect(try Self.group(.audible, in: Self.select("clean.mov", ["en", "es"])).selected?.trackID == 2)
        #expect(try Self.group(.audible, in: Self.select("clean.mov", ["fr", "es"])).selected?.trackID == 3)
        // A regional preference still finds the plain `mdhd` code (the tag is broader, not different).
        #expect(try Self.group(.audible, in: Self.select("clean.mov", ["es-MX"])).selected?.trackID == 3)
    }

    /// AVMediaSelectionGroup.defaultOption: "intended for use in the absence of a specific
    /// end-user selection or preference" — here no option is in the preferred language, and the
    /// default is the enabled English track.
    @Test func audioWithoutALanguageMatchIsTheDefaultOption() throws {
        let audible = try Self.group(.audible, in: Self.select("clean.mov", ["fr"]))
        #expect(audible.selected?.trackID == 2)
        #expect(audible.openQuestions.isEmpty)
    }

    /// QTFF txas: "Don't automatically select these tracks"; AVMediaCharacteristic.isAuxiliaryContent:
    /// "An example of auxiliary content is audio commentary". The Spanish commentary (3) loses to
    /// English though Spanish is preferred first, and is not the fallback either.
    @Test func auxiliaryAudioIsNeverSelectedAutomatically() throws {
        let both = try Self.group(.audible, in: Self.select("select-auxiliary.mov", ["es", "en"]))
        #expect(both.selected?.trackID == 2)
        #expect(both.reason.contains("auxiliary"))
        #expect(try Self.group(.audible, in: Self.select("select-auxiliary.mov", ["es"])).selected?.trackID == 2)
    }

    // MARK: Subtitles on

    /// MediaAccessibility: with "Closed Captions + SDH" the player chooses "the best available
    /// captioning track from CC, SDH, or subtitles" — the SDH track (7) over the plain one (6).
    @Test func closedCaptionsAndSDHPicksTheSDHTrack() throws {
        let legible = try Self.group(.legible, in: Self.select("select-sdh.mov", ["en"], sdh: true))
        #expect(legible.selected?.trackID == 7)
        #expect(legible.selected?.displayName == "English SDH")
        #expect(legible.subtitleDisplay == .all)
    }

    /// AVPlayerMediaSelectionCriteria.principalMediaCharacteristics: a player "treats principal
    /// media characteristics as criteria that supersede language preferences and preferred media
    /// characteristics" — languages outrank the preferred (SDH) characteristics, so a viewer
    /// preferring Spanish gets the Spanish subtitle (5), not the English SDH.
    @Test func languageComesBeforeTheSDHCharacteristic() throws {
        let selection = try Self.select("select-sdh.mov", ["es", "en"], sdh: true)
        #expect(try Self.group(.audible, in: selection).selected?.trackID == 3)
        #expect(try Self.group(.legible, in: selection).selected?.trackID == 5)
    }

    /// kMACaptionAppearanceDisplayTypeAlwaysOn: "The most robust available captioning track should
    /// always be displayed" — a track is shown; whether the plain or the SDH one is left open
    /// without the SDH preference, and the result says so.
    @Test func alwaysOnShowsSubtitlesAndReportsTheOpenChoice() throws {
        let legible = try Self.group(.legible, in: Self.select("select-sdh.mov", ["en"], display: .alwaysOn))
        #expect([6, 7].contains(legible.selected?.trackID))
        #expect(legible.subtitleDisplay == .all)
        #expect(legible.openQuestions.contains { $0.contains("most robust") })
    }

    /// Always on with nothing in a preferred language: QTFF, "a player most commonly determines the
    /// default subtitle track by matching … the extended language tag" of audio and subtitles —
    /// English audio (the default, no French audio), so an English track, flagged as a choice.
    @Test func alwaysOnWithoutAPreferredLanguageMatchesTheAudio() throws {
        let selection = try Self.select("select-sdh.mov", ["fr"], sdh: true)
        #expect(try Self.group(.audible, in: selection).selected?.trackID == 2)
        let legible = try Self.group(.legible, in: selection)
        #expect(legible.selected?.trackID == 7)
        #expect(!legible.openQuestions.isEmpty)
    }

    /// kMACaptionAppearanceDisplayTypeAutomatic: "If the language of the audio track differs from
    /// the system locale, then captions matching the system locale should be displayed". No
    /// Spanish audio in select-translation.mov, so English plays and the Spanish subtitle shows.
    @Test func automaticShowsSubtitlesWhenTheAudioIsForeign() throws {
        let selection = try Self.select("select-translation.mov", ["es"])
        #expect(try Self.group(.audible, in: selection).selected?.trackID == 2)
        let legible = try Self.group(.legible, in: selection)
        #expect(legible.selected?.trackID == 5)
        #expect(legible.subtitleDisplay == .all)
    }

    // MARK: Subtitles off, forced cues

    /// Automatic: "If the language of the audio and the language of the system locale match, no
    /// captions are shown"; QTFF: "any available appropriate subtitle track should be enabled so
    /// that any forced subtitles in the track can be displayed" — an English track, forced cues
    /// only; the plain one, since forced selection is for a viewer who "hasn't selected a legible
    /// option with an accessibility characteristic" (MPLanguageOptionCharacteristicContainsOnlyForcedSubtitles).
    @Test func audioInTheSystemLocaleLeavesOnlyForcedCues() throws {
        let legible = try Self.group(.legible, in: Self.select("select-sdh.mov", ["en"]))
        #expect(legible.selected?.trackID == 6)
        #expect(legible.subtitleDisplay == .forcedOnly)
    }

    /// MPLanguageOptionCharacteristicContainsOnlyForcedSubtitles: forced-only options "are
    /// typically selected when … its locale matches the locale of the selected audible language
    /// option" — English audio, the English forced-only track (7).
    @Test func forcedOnlyOptionInTheAudioLanguageIsSelected() throws {
        let legible = try Self.group(.legible, in: Self.select("select-forced.mov", ["en"]))
        #expect(legible.selected?.trackID == 7)
        #expect(legible.selected?.displayName == "English (Forced)")
        #expect(legible.subtitleDisplay == .forcedOnly)
        #expect(legible.alsoEnabled.isEmpty)
    }

    /// QTFF, track pairs: "It must select the regular subtitle track if subtitle display is on or
    /// the forced-only subtitle track if subtitle display is off." Spanish audio, subtitles off:
    /// the Spanish option (5), presented through its forced-only twin (6).
    @Test func forcPairWithSubtitlesOffEnablesTheForcedTwin() throws {
        let selection = try Self.select("select-forced.mov", ["es"])
        #expect(try Self.group(.audible, in: selection).selected?.trackID == 3)
        let legible = try Self.group(.legible, in: selection)
        #expect(legible.selected?.trackID == 5)
        #expect(legible.alsoEnabled == [6])
        #expect(legible.subtitleDisplay == .forcedOnly)
        // Subtitles on: the regular track shows everything, the twin is not needed.
        let on = try Self.group(.legible, in: Self.select("select-forced.mov", ["es"], display: .alwaysOn))
        #expect(on.selected?.trackID == 5)
        #expect(on.alsoEnabled.isEmpty)
        #expect(on.subtitleDisplay == .all)
    }

    /// QTFF folw: "If a sound track has a 'folw' track reference to a subtitle track, that
    /// referenced subtitle track is the default subtitle track for that sound track", and "If a
    /// subtitle track pair is to be made the default, the sound track should have a 'folw' track
    /// reference to the forced subtitle track of the track pair". English audio names the Spanish
    /// pair's twin (6), which wins over the English forced-only track language matching would give.
    @Test func followReferenceNamesTheSubtitleBeforeLanguageMatching() throws {
        let legible = try Self.group(.legible, in: Self.select("select-follow.mov", ["en"]))
        #expect(legible.selected?.trackID == 5)
        #expect(legible.alsoEnabled == [6])
        #expect(legible.reason.contains("folw"))
    }

    /// kMACaptionAppearanceDisplayTypeForcedOnly: "Do not display captions unless they are forced";
    /// QTFF: "selecting no subtitle track may be appropriate" — no subtitle in the audio's language
    /// (English) and no folw, so nothing; the enabled Spanish default is reported as a choice.
    @Test func forcedOnlyWithNothingInTheAudioLanguageSelectsNothing() throws {
        let legible = try Self.group(.legible, in: Self.select("select-translation.mov", ["es"], display: .forcedOnly))
        #expect(legible.selected == nil)
        #expect(legible.subtitleDisplay == nil)
        #expect(legible.openQuestions.contains { $0.contains("track 5") })
    }

    /// "Closed Captions + SDH" asks for captions on (SelectionPreferences); an explicit display
    /// type wins.
    @Test func preferringSDHTurnsCaptionsOn() throws {
        #expect(SelectionPreferences(languages: [], prefersAccessibleSubtitles: true).captionDisplay == .alwaysOn)
        #expect(SelectionPreferences(languages: []).captionDisplay == .automatic)
        #expect(SelectionPreferences(languages: [], prefersAccessibleSubtitles: true, captionDisplay: .forcedOnly).captionDisplay == .forcedOnly)
    }
}
