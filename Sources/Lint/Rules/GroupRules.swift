import Movie

/// Alternate groups as QTFF's "Preparing sound and subtitle alternate groups for use with Apple
/// devices" asks for them: one media type per group, every legible track in one, exactly one
/// enabled track per group, and options a viewer can tell apart.
extension CheckContext {
    func groupFindings() -> [Finding] {
        legibleGroupFindings() + mixedGroupFindings() + enabledTrackFindings() + indistinguishableOptionFindings()
    }

    /// The selectable tracks of each non-zero alternate group, by group number.
    var alternateGroups: [(number: Int16, members: [Track])] {
        Dictionary(grouping: selectableTracks.filter { $0.header.alternateGroup != 0 }, by: \.header.alternateGroup)
            .sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Where a legible track belongs: the group most legible tracks share that holds nothing
    /// but legible tracks, else the lowest number no track uses.
    func legibleGroupNumber(excluding excluded: Int16 = 0) -> Int16 {
        let pureLegible = alternateGroups.filter { group in
            group.number != excluded && group.members.allSatisfy(\.mediaType.isLegible)
        }
        if let best = pureLegible.max(by: { ($0.members.count, -Int($0.number)) < ($1.members.count, -Int($1.number)) }) {
            return best.number
        }
        let used = Set(tracks.map(\.header.alternateGroup))
        return (1...Int16.max).first { !used.contains($0) } ?? 0
    }

    private func legibleGroupFindings() -> [Finding] {
        legibleTracks.filter { $0.header.alternateGroup == 0 }.map { track in
            let group = legibleGroupNumber()
            return Finding(.warning, track: track.id, rule: .legibleGroup,
                           message: "\(name(track)) is in no alternate group: Apple players may not offer it in the subtitle menu, and it is not exclusive with the other subtitles; put every subtitle and caption track in one group (\(group))",
                           fix: TrackFix(track: track.id, TrackChanges(alternateGroup: .number(group)), automatic: true))
        }
    }

    private func mixedGroupFindings() -> [Finding] {
        var findings: [Finding] = []
        for group in alternateGroups {
            let kinds = Dictionary(grouping: group.members) { SelectionGroup.Characteristic($0.mediaType) }
            guard kinds.count > 1, let first = group.members.first else { continue }
            // The media type most members have; on a tie, the first track's.
            let majority = kinds.max { lhs, rhs in
                (lhs.value.count, lhs.value.contains { $0.id == first.id } ? 1 : 0) < (rhs.value.count, rhs.value.contains { $0.id == first.id } ? 1 : 0)
            }?.key
            for track in group.members where SelectionGroup.Characteristic(track.mediaType) != majority {
                let fix = track.mediaType.isLegible
                    ? TrackFix(track: track.id, TrackChanges(alternateGroup: .number(legibleGroupNumber(excluding: group.number))), automatic: true)
                    : nil
                findings.append(Finding(.error, track: track.id, rule: .groupMediaTypes,
                                        message: "\(name(track)) shares alternate group \(group.number) with \(majority.map { "\($0.rawValue)" } ?? "other") tracks: a group holds one media type, and players may ignore a group that mixes them",
                                        fix: fix))
            }
        }
        return findings
    }

    private func enabledTrackFindings() -> [Finding] {
        var findings: [Finding] = []
        // A forced-only twin stranded outside its partner's group is the forced-pair rule's
        // finding: enabling it where it is would be the wrong repair.
        let strandedTwins = Set(tracks.flatMap { track in
            track.referencedTrackIDs(TrackReference.forcedSubtitlesOnly).filter { self.track($0)?.header.alternateGroup != track.header.alternateGroup }
        })
        for group in alternateGroups {
            let members = group.members.filter { !strandedTwins.contains($0.id) }
            guard !members.isEmpty else { continue }
            let enabled = members.filter(\.isEnabled)
            let list = members.map { String($0.id) }.joined(separator: ", ")
            if enabled.count > 1 {
                let ids = enabled.map { String($0.id) }.joined(separator: ", ")
                findings.append(Finding(.error, track: nil, rule: .groupEnabledTracks,
                                        message: "alternate group \(group.number) has \(enabled.count) enabled tracks (\(ids)): players take the one enabled track as the group's default, and with several they may ignore the group; enable the default and disable the others",
                                        fix: TrackFix(track: enabled[0].id, TrackChanges(makesDefault: true), automatic: false)))
            } else if enabled.isEmpty {
                let choice = defaultCandidate(in: members)
                let reason = choice.reason.map { " (\($0))" } ?? ""
                let need = members.allSatisfy(\.mediaType.isLegible)
                    ? "players need one enabled subtitle track even while subtitles are off, so that forced subtitles show"
                    : "players need one enabled track to start with"
                findings.append(Finding(.error, track: nil, rule: .groupEnabledTracks,
                                        message: "no track of alternate group \(group.number) (tracks \(list)) is enabled: the group has no default, and \(need); enable \(name(choice.track))\(reason)",
                                        fix: TrackFix(track: choice.track.id, TrackChanges(makesDefault: true), automatic: choice.reason != nil)))
            }
        }
        return findings
    }

    /// The track to enable in a group with none enabled, and why, when the answer is not a guess:
    /// the only track; or, for subtitles, the forced-only track in the main audio's language,
    /// else the one subtitle track in that language (QTFF: keep the subtitle track enabled that
    /// shows the forced subtitles for the main audio).
    private func defaultCandidate(in members: [Track]) -> (track: Track, reason: String?) {
        let first = members[0]
        if members.count == 1 { return (first, "the group's only track") }
        guard members.allSatisfy(\.mediaType.isLegible), let audio = mainAudio else { return (first, nil) }
        let language = comparableLanguage(audio)
        let sameLanguage = members.filter { comparableLanguage($0) == language }
        let forced = sameLanguage.filter(isForcedOnly)
        if forced.count == 1 { return (forced[0], "the forced subtitles for the main audio's language") }
        if forced.isEmpty, sameLanguage.count == 1 { return (sameLanguage[0], "the subtitles in the main audio's language") }
        return (first, nil)
    }

    /// Two options of one fallback chain (`fall`, Apple TN2429) are one program in two
    /// encodings, offered as one: alike is what they should be.
    private func indistinguishableOptionFindings() -> [Finding] {
        var findings: [Finding] = []
        let fallbackChains = FallbackChains(tracks)
        for group in MediaSelection(movie: movie).groups where group.alternateGroup != 0 {
            var seen: [SelectionOption] = []
            for option in group.options {
                let twin = seen.first { other in
                    other.language.lowercased() == option.language.lowercased()
                        && Set(other.characteristics) == Set(option.characteristics) && other.name == option.name
                        && !fallbackChains.sameChain(other.trackID, option.trackID)
                }
                if let twin {
                    findings.append(Finding(.warning, track: option.trackID, rule: .distinguishableOptions,
                                            message: "\(name(option.trackID)) and \(name(twin.trackID)) are both offered as \"\(option.displayName)\" with the same characteristics\(option.name.map { " and name \"\($0)\"" } ?? " and no name"): a viewer cannot tell them apart, and players may show only one; give one a name that says how it differs", suggesting: ["--name"], then: ", or tag what makes it different"))
                }
                seen.append(option)
            }
        }
        return findings
    }
}
