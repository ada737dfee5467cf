import Language

/// Rules 4 and 5 of ``AutomaticSelection`` for one legible alternate group: whether subtitles are
/// on, and which option shows either all its cues or only the forced ones.
struct LegibleSelection {
    let group: SelectionGroup
    /// The sound track chosen, whose language and `folw` decide the subtitles-off case.
    let audio: SelectionOption?
    let movie: Movie
    let preferences: SelectionPreferences

    var result: GroupSelection {
        var questions: [String] = []
        let full = group.options.filter { !$0.isAuxiliary && !$0.isForcedOnly }
        let off: String
        switch preferences.captionDisplay {
        case .alwaysOn:
            if let best = LanguageMatch.best(among: full, for: preferences.languages) {
                let ordinal = best.position == 0 ? "the first preferred language" : "preferred language \(best.position + 1)"
                return shown(best.options, on: "subtitles on (always)", match: "\(best.match.phrase) '\(best.preference)', \(ordinal)", questions)
            }
            if let audioTag, let best = LanguageMatch.best(among: full, for: [audioTag]) {
                questions.append("no full subtitle or caption option is in a preferred language; always-on asks for a captioning track regardless, so the one in the audio's language is taken, as QTFF says players most commonly match audio and subtitle languages")
                return shown(best.options, on: "subtitles on (always), none in a preferred language",
                             match: "\(best.match.phrase) the audio's language '\(audioTag)'", questions)
            }
            off = "subtitles are wanted on, but no full subtitle or caption option is in a preferred language or the audio's language"
        case .automatic:
            guard let locale = preferences.languages.first else {
                off = "no preferred language to compare the audio with, so subtitles are off"
                break
            }
            guard let audio else {
                questions.append("no audio is selected, so the automatic setting has no audio language to compare with the system locale; subtitles are taken to be off")
                off = "no audio is selected"
                break
            }
            if LanguageMatch(language: audio.language, preference: locale) > .none {
                off = "the audio (\(AutomaticSelection.describe(audio.language))) is in the first preferred language '\(locale)', so subtitles are off (MediaAccessibility automatic)"
                break
            }
            if let best = LanguageMatch.best(among: full, for: [locale]) {
                if audioTag == nil {
                    questions.append("the audio's language is undetermined, so whether it 'differs from the system locale' is unknown; it is taken to differ")
                } else if let later = preferences.languages.dropFirst().first(where: { LanguageMatch(language: audio.language, preference: $0) > .none }) {
                    questions.append("the audio is in '\(later)', a later preferred language: MediaAccessibility's automatic setting compares the audio only with 'the system locale', taken here as the first preferred language '\(locale)'; a player that treats every preferred language as understood would show no subtitles")
                }
                return shown(best.options, on: "the audio (\(AutomaticSelection.describe(audio.language))) is not in the first preferred language '\(locale)', so captions in it are shown (MediaAccessibility automatic)",
                             match: "\(best.match.phrase) '\(locale)'", questions)
            }
            off = "the audio is not in the first preferred language '\(locale)', but no full subtitle is in it"
        case .forcedOnly:
            off = "captions are set to forced only"
        }
        return forcedOnly(because: off, questions)
    }

    /// The audio's language as a tag; nil without audio or for an undetermined language.
    private var audioTag: LanguageTag? {
        guard let language = audio?.language, let tag = try? LanguageTag(parsing: language), tag.iso639Code != "und" else { return nil }
        return tag
    }

    /// Subtitles on: the best of options that match the wanted language equally; `on` says why
    /// subtitles show, `match` how the option's language answers.
    private func shown(_ options: [SelectionOption], on: String, match: String, _ questions: [String]) -> GroupSelection {
        var questions = questions
        // With "Closed Captions + SDH": CC, then SDH, then subtitles; without it, plain subtitles first.
        func rank(_ option: SelectionOption) -> Int {
            let kind = isClosedCaption(option) ? 0 : isAccessible(option) ? 1 : 2
            return preferences.prefersAccessibleSubtitles ? kind : 2 - kind
        }
        let bestRank = options.map(rank).min() ?? 0
        let tied = options.filter { rank($0) == bestRank }
        if let question = AutomaticSelection.tie(tied, why: "same language match and kind") { questions.append(question) }
        let option = tied[0]
        if !preferences.prefersAccessibleSubtitles, preferences.captionDisplay == .alwaysOn,
           options.contains(where: isAccessible), options.contains(where: { !isAccessible($0) }) {
            questions.append("always-on asks for 'the most robust available captioning track' (CC, SDH or subtitles), which could mean the SDH or CC option; without the SDH preference the criteria prefer no characteristic, so the plain subtitle is taken")
        }
        let kind = isClosedCaption(option) ? "closed captions" : isAccessible(option) ? "SDH" : "plain subtitles"
        let preferred = preferences.prefersAccessibleSubtitles && isAccessible(option) ? ", as Closed Captions + SDH prefers" : ""
        let reason = "\(on): \(AutomaticSelection.describe(option.language)) \(match); \(kind)\(preferred)"
        return GroupSelection(group: group, selected: option, reason: reason,
                              subtitleDisplay: .all, openQuestions: questions)
    }

    /// Subtitles off: a track still selected so its forced cues show, or none.
    private func forcedOnly(because off: String, _ questions: [String]) -> GroupSelection {
        var questions = questions
        if let audio, let target = audio.followers.first {
            if let option = group.options.first(where: { $0.trackID == target || $0.forcedOnlyTrackID == target }) {
                return GroupSelection(group: group, selected: option,
                                      reason: "\(off); the selected audio track \(audio.trackID) names track \(target) with folw, its default subtitle track (QTFF), shown for its forced cues",
                                      alsoEnabled: option.forcedOnlyTrackID.map { [$0] } ?? [], subtitleDisplay: .forcedOnly,
                                      openQuestions: questions)
            }
            questions.append("the selected audio track \(audio.trackID) names track \(target) with folw, but that track is not an option of this group")
        }
        let candidates = group.options.filter { !$0.isAuxiliary }
        guard let audio, let audioTag, let best = LanguageMatch.best(among: candidates, for: [audioTag]) else {
            if let fallback = group.defaultOption {
                questions.append("track \(fallback.trackID) (\(fallback.displayName)) is the group's enabled default, but nothing ties it to the audio; QTFF lets a player pick by preferred language, by track order or not at all")
            }
            return GroupSelection(group: group, selected: nil,
                                  reason: "\(off); no folw and no legible option in the audio's language, so nothing is selected (QTFF: 'selecting no subtitle track may be appropriate')",
                                  openQuestions: questions)
        }
        // Forced-only, then a forc pair, then a description flagging forced samples, then the rest.
        func rank(_ option: SelectionOption) -> Int {
            if option.isForcedOnly { return 0 }
            if option.forcedOnlyTrackID != nil { return 1 }
            if movie.track(id: option.trackID)?.subtitleDisplayFlags?.contains(.someSamplesForced) == true { return 2 }
            return isAccessible(option) ? 4 : 3
        }
        let bestRank = best.options.map(rank).min() ?? 0
        let tied = best.options.filter { rank($0) == bestRank }
        if let question = AutomaticSelection.tie(tied, why: "same language as the audio, same kind") { questions.append(question) }
        let option = tied[0]
        let language = "in the audio's language (\(AutomaticSelection.describe(audio.language)))"
        let how: String
        switch bestRank {
        case 0:
            how = "a forced-only option \(language): such options are selected when the viewer has chosen no accessibility or auxiliary option and their locale matches the audio's (AVFoundation)"
        case 1:
            how = "\(language), a forc pair: with subtitles off the player selects its forced-only track \(option.forcedOnlyTrackID.map(String.init) ?? "") (QTFF)"
        case 2:
            how = "\(language); its sample description says some samples are forced (display flags 0x40000000), and those show"
        default:
            how = "\(language), enabled so any forced cues in it show; its other cues stay hidden (QTFF)"
        }
        return GroupSelection(group: group, selected: option, reason: "\(off); \(how)",
                              alsoEnabled: option.forcedOnlyTrackID.map { [$0] } ?? [], subtitleDisplay: .forcedOnly,
                              openQuestions: questions)
    }

    /// SDH or closed captions: both accessibility characteristics (implied for `clcp`).
    private func isAccessible(_ option: SelectionOption) -> Bool {
        MediaCharacteristic.areSDH(option.characteristics)
    }

    private func isClosedCaption(_ option: SelectionOption) -> Bool {
        movie.track(id: option.trackID)?.mediaType == .closedCaption
    }
}
