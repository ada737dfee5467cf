import Language

/// Which option of each selection group an Apple player's automatic media selection picks for a
/// viewer's preferences, with the reason for each choice.
///
/// Apple documents the inputs and the intent, not an algorithm. The rules below are what the
/// documentation says, in this order; where it leaves a choice open the result says so in
/// ``GroupSelection/openQuestions`` rather than guess silently.
///
/// 1. **Groups** are ``MediaSelection``'s: tracks of one characteristic sharing an alternate group
///    (QTFF "Preparing sound and subtitle alternate groups for use with Apple devices").
///    Alternate group 0 holds no alternatives: each of its enabled tracks plays (ISO/IEC 14496-12
///    §8.3.2, `alternate_group` 0 and `track_enabled`).
/// 2. **Visual**: the group's default option, its enabled track (`AVMediaSelectionGroup.defaultOption`,
///    "intended for use in the absence of a specific end-user selection or preference"; QTFF: one
///    track of a group enabled, the rest disabled).
/// 3. **Audible**: only the group holding the enabled sound track counts (QTFF: it is "the primary
///    alternate sound track group. Ignore other alternate groups containing sound tracks"). Options
///    that are auxiliary content are never picked automatically (QTFF `txas`: "Don't automatically
///    select these tracks"; `AVMediaCharacteristic.isAuxiliaryContent`, tagged or implied by `txas`).
///    Of the rest, the best match for the preferred languages in their order
///    (`AVPlayerMediaSelectionCriteria.preferredLanguages`; `LanguageMatch`); among equals, one
///    that is not an audio description (the viewer gave no such characteristic), then the enabled
///    one. No match: the default option.
/// 4. **Legible, subtitles on** — always (`kMACaptionAppearanceDisplayTypeAlwaysOn`), or when the
///    audio's language differs from the system locale (`…Automatic`: "captions matching the system
///    locale should be displayed (if available)"; the first preferred language stands for the
///    locale). Language comes before characteristics: a player "treats principal media
///    characteristics as criteria that supersede language preferences and preferred media
///    characteristics" (`AVPlayerMediaSelectionCriteria.principalMediaCharacteristics`), so the
///    best preferred language with any full option is chosen first, then within it, with
///    "Closed Captions + SDH", CC before SDH before plain subtitles (MediaAccessibility: "the best
///    available captioning track from CC, SDH, or subtitles"), without it plain subtitles first.
///    Forced-only and auxiliary options are not full subtitles. Always-on with nothing in a
///    preferred language falls back to the audio's language (QTFF: a player "most commonly
///    determines the default subtitle track by matching … the extended language tag").
/// 5. **Legible, subtitles off** (forced only; automatic with the audio in the system locale; or no
///    full option found): "the player must pick a subtitle track even when subtitle display is
///    turned off … so that any forced subtitles in the track can be displayed" (QTFF). In order:
///    the selected sound track's `folw` target ("that referenced subtitle track is the default
///    subtitle track for that sound track"; one aimed at a pair's forced-only track stands for the
///    pair); else an option in the audio's language — a forced-only one first ("typically
///    selected when the user hasn't selected a legible option with an accessibility
///    characteristic or an auxiliary purpose and its locale matches the locale of the selected
///    audible language option", `MPLanguageOptionCharacteristicContainsOnlyForcedSubtitles`), then
///    a `forc` pair (QTFF: the player "must select … the forced-only subtitle track if subtitle
///    display is off"), then a `tx3g` track whose description says some samples are forced
///    (display flags 0x40000000), then any other, accessibility options last; else nothing
///    (QTFF: "selecting no subtitle track may be appropriate"). Only forced cues show.
///
/// HLS says the same in its own terms (RFC 8216 §4.3.4.1): `AUTOSELECT=YES` means "the client
/// MAY choose to play this Rendition in the absence of explicit user preference because it
/// matches the current playback environment, such as chosen system language", and `FORCED=YES`
/// marks subtitles "considered essential to play".
///
/// Left open by the documentation, and reported when it matters: which of two equally good options
/// wins (the first in track order is taken; QTFF names track order as one player's fallback);
/// what "the system locale" is when several languages are preferred; what a group with no single
/// enabled track defaults to; whether always-on without the SDH preference means "most robust"
/// (SDH/CC) or plain subtitles; whether a player with nothing in the audio's language still
/// enables the file's default subtitle track for its forced cues.
public struct AutomaticSelection: Sendable, Equatable {
    /// The preferences the selection was made for.
    public var preferences: SelectionPreferences
    /// One result per ``MediaSelection`` group, in the same order.
    public var groups: [GroupSelection]

    /// Applies the rules above to the movie's selection groups.
    public init(movie: Movie, preferences: SelectionPreferences) {
        self.preferences = preferences
        let selection = MediaSelection(movie: movie)
        let primaryAudio = Self.primaryAudibleGroup(in: selection.groups)
        var results: [GroupSelection?] = selection.groups.map { group in
            switch group.characteristic {
            case _ where group.alternateGroup == 0: return Self.ungrouped(group)
            case .visual: return Self.visual(group)
            case .audible: return Self.audible(group, isPrimary: group.alternateGroup == primaryAudio, preferences: preferences)
            case .legible: return nil
            }
        }
        // Subtitles depend on the audio chosen: the primary group's choice, else an ungrouped sound track.
        let audible = results.compactMap { $0 }.filter { $0.characteristic == .audible }
        let audioChoice = (audible.first { $0.alternateGroup != 0 && $0.selected != nil } ?? audible.first { $0.selected != nil })?.selected
        let audio = audioChoice.flatMap { choice in
            selection.groups.lazy.flatMap(\.options).first { $0.trackID == choice.trackID }
        }
        for (index, group) in selection.groups.enumerated() where results[index] == nil {
            results[index] = LegibleSelection(group: group, audio: audio, movie: movie, preferences: preferences).result
        }
        groups = results.compactMap { $0 }
    }

    /// The alternate group of the enabled sound track, when sound tracks are in several groups.
    static func primaryAudibleGroup(in groups: [SelectionGroup]) -> Int16? {
        let audible = groups.filter { $0.characteristic == .audible && $0.alternateGroup != 0 }
        guard audible.count > 1 else { return audible.first?.alternateGroup }
        return audible.first { $0.options.contains(where: \.isEnabled) }?.alternateGroup ?? audible.first?.alternateGroup
    }

    /// Tracks in no alternate group: each enabled one plays.
    static func ungrouped(_ group: SelectionGroup) -> GroupSelection {
        let enabled = group.options.filter(\.isEnabled)
        guard let first = enabled.first else {
            return GroupSelection(group: group, selected: nil,
                                  reason: "in no alternate group and not enabled, so not played (ISO/IEC 14496-12 §8.3.2)")
        }
        return GroupSelection(group: group, selected: first,
                              reason: "in no alternate group: an enabled track plays (ISO/IEC 14496-12 §8.3.2)",
                              alsoEnabled: enabled.dropFirst().map(\.trackID),
                              subtitleDisplay: group.characteristic == .legible ? .all : nil)
    }

    /// A visual group: its enabled track.
    static func visual(_ group: SelectionGroup) -> GroupSelection {
        if let option = group.defaultOption {
            return GroupSelection(group: group, selected: option,
                                  reason: "the group's default option, its enabled track (AVMediaSelectionGroup.defaultOption)")
        }
        let (option, question) = fallbackWithoutDefault(group.options, in: group)
        return GroupSelection(group: group, selected: option, reason: "the first track: no single track is enabled",
                              openQuestions: [question])
    }

    /// The option taken when a group has no default (none or several enabled), and the question it leaves.
    static func fallbackWithoutDefault(_ options: [SelectionOption], in group: SelectionGroup) -> (SelectionOption?, String) {
        let enabled = options.filter(\.isEnabled)
        let option = enabled.first ?? options.first
        let state = enabled.isEmpty ? "no track is enabled" : "tracks \(list(enabled.map(\.trackID))) are all enabled"
        return (option, "alternate group \(group.alternateGroup): \(state), so the group has no default option; QTFF asks for exactly one enabled track and says players 'may act as though there is no alternate information'. Track \(option.map { String($0.trackID) } ?? "-") is taken, the first in track order.")
    }

    /// The question left when several options are equally good; nil for one.
    static func tie(_ options: [SelectionOption], why: String) -> String? {
        guard options.count > 1 else { return nil }
        return "tracks \(list(options.map(\.trackID))) are equally good (\(why)); the documentation names no tie-break, so the first in track order (\(options[0].trackID)) is taken"
    }

    static func list(_ ids: [UInt32]) -> String {
        ids.map(String.init).joined(separator: ", ")
    }

    /// "Spanish (spa)".
    static func describe(_ language: String) -> String {
        "\(LanguageName.englishName(for: language) ?? "undetermined") (\(language))"
    }
}
