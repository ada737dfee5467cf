import Language

extension AutomaticSelection {
    /// An audible alternate group: rule 3 of ``AutomaticSelection``.
    static func audible(_ group: SelectionGroup, isPrimary: Bool, preferences: SelectionPreferences) -> GroupSelection {
        guard isPrimary else {
            return GroupSelection(group: group, selected: nil,
                                  reason: "another alternate group holds the enabled sound track (QTFF: 'Ignore other alternate groups containing sound tracks')")
        }
        let auxiliary = group.options.filter(\.isAuxiliary)
        let main = group.options.filter { !$0.isAuxiliary }
        let excluded = auxiliary.isEmpty ? "" :
            "; track\(auxiliary.count == 1 ? "" : "s") \(list(auxiliary.map(\.trackID))) \(auxiliary.count == 1 ? "is" : "are") auxiliary content, never selected automatically (QTFF txas)"
        var questions: [String] = []
        if main.isEmpty {
            questions.append("every option is auxiliary content (txas or public.auxiliary-content), which players do not select automatically; what a player plays then is not documented")
        }
        if let best = LanguageMatch.best(among: main, for: preferences.languages) {
            // Audio descriptions first for a viewer who asks for them, last for the others; then
            // the author's default.
            func rank(_ option: SelectionOption) -> Int {
                (option.characteristics.contains(MediaCharacteristic.describesVideo) != preferences.prefersAudioDescriptions ? 2 : 0)
                    + (option.isEnabled ? 0 : 1)
            }
            let bestRank = best.options.map(rank).min() ?? 0
            let tied = best.options.filter { rank($0) == bestRank }
            if let question = tie(tied, why: "same language match, same characteristics, same enabled state") { questions.append(question) }
            let option = tied[0]
            let ordinal = best.position == 0 ? "the first preferred language" : "preferred language \(best.position + 1)"
            let described = preferences.prefersAudioDescriptions && option.characteristics.contains(MediaCharacteristic.describesVideo)
                ? ", describing the video as the viewer's Audio Descriptions setting asks" : ""
            let reason = "\(describe(option.language)) \(best.match.phrase) '\(best.preference)', \(ordinal)\(described)\(excluded)"
            return GroupSelection(group: group, selected: option, reason: reason, openQuestions: questions)
        }
        let wanted = preferences.languages.map(\.description).joined(separator: ", ")
        let noMatch = preferences.languages.isEmpty ? "no preferred languages" : "no option is in a preferred language (\(wanted))"
        if let option = group.defaultOption, main.isEmpty || main.contains(option) {
            return GroupSelection(group: group, selected: option,
                                  reason: "\(noMatch): the group's default option, its enabled track (AVMediaSelectionGroup.defaultOption)\(excluded)",
                                  openQuestions: questions)
        }
        let (option, question) = fallbackWithoutDefault(main.isEmpty ? group.options : main, in: group)
        return GroupSelection(group: group, selected: option, reason: "\(noMatch) and no usable default option\(excluded)",
                              openQuestions: questions + [question])
    }
}

extension SelectionOption {
    /// Auxiliary content (commentary and the like): tagged, or implied by `txas` in a group.
    var isAuxiliary: Bool { characteristics.contains(MediaCharacteristic.auxiliaryContent) }
}
