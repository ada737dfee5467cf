import ISOBMFF
import Language
import Movie

/// Track references players act on: every target must exist (ISO/IEC 14496-12 §8.3.3), `folw`
/// goes from a sound track to one subtitle track, and `forc` pairs a subtitle track with its
/// forced-only twin in the same group and language (QTFF).
extension CheckContext {
    func referenceFindings() -> [Finding] {
        missingTargetFindings() + followerFindings() + forcedPairFindings() + forcedPartnerFindings() + fallbackFindings()
    }

    /// A track's references of one type, to tracks that exist.
    private func existingTargets(_ track: Track, _ type: FourCC) -> [Track] {
        track.referencedTrackIDs(type).compactMap(self.track)
    }

    private func removing(_ type: FourCC, _ ids: [UInt32] = [], from track: Track) -> TrackFix {
        TrackFix(track: track.id, TrackChanges(removedReferences: [TrackReference(type: type, trackIDs: ids)]), automatic: true)
    }

    private func missingTargetFindings() -> [Finding] {
        tracks.flatMap { track in
            track.references.flatMap { reference in
                reference.trackIDs.filter { self.track($0) == nil }.map { id in
                    Finding(.error, track: track.id, rule: .referenceTarget,
                            message: "\(name(track))'s '\(reference.type)' reference names track \(id), which \(id == 0 ? "cannot exist (track IDs start at 1)" : "the movie does not have"): players ignore it, and tools may reject the file; remove it",
                            fix: removing(reference.type, [id], from: track))
                }
            }
        }
    }

    private func followerFindings() -> [Finding] {
        var findings: [Finding] = []
        for track in tracks {
            let targets = existingTargets(track, TrackReference.selectionFollower)
            guard !targets.isEmpty else { continue }
            guard track.mediaType == .audio else {
                findings.append(Finding(.error, track: track.id, rule: .follower,
                                        message: "\(name(track)) has a 'folw' reference, which only a sound track may have (it names the subtitles to select with that audio): players ignore it; remove it",
                                        fix: removing(TrackReference.selectionFollower, from: track)))
                continue
            }
            for target in targets where !target.mediaType.isLegible || chapterTrackIDs.contains(target.id) {
                findings.append(Finding(.error, track: track.id, rule: .follower,
                                        message: "\(name(track))'s 'folw' names \(name(target)), which is not a subtitle or caption option: players cannot select it with the audio; remove the reference",
                                        fix: removing(TrackReference.selectionFollower, [target.id], from: track)))
            }
            let legible = targets.filter { $0.mediaType.isLegible && !chapterTrackIDs.contains($0.id) }
            if legible.count > 1 {
                findings.append(Finding(.error, track: track.id, rule: .follower,
                                        message: "\(name(track))'s 'folw' names \(legible.count) subtitle tracks (\(legible.map { String($0.id) }.joined(separator: ", "))): a sound track has at most one follower; keep the one to show with this audio", suggesting: ["--remove-reference", "folw:ID"]))
            }
            for target in legible {
                guard let twin = existingTargets(target, TrackReference.forcedSubtitlesOnly).first else { continue }
                var changes = TrackChanges(removedReferences: [TrackReference(type: TrackReference.selectionFollower, trackIDs: [target.id])])
                changes.addedReferences = [TrackReference(type: TrackReference.selectionFollower, trackIDs: [twin.id])]
                findings.append(Finding(.warning, track: track.id, rule: .follower,
                                        message: "\(name(track))'s 'folw' names \(name(target)), the regular track of a forced pair: QTFF asks 'folw' to name the forced-only track (\(twin.id)), which players swap for the regular one when subtitles are on",
                                        fix: TrackFix(track: track.id, changes, automatic: true)))
            }
        }
        return findings
    }

    private func forcedPairFindings() -> [Finding] {
        var findings: [Finding] = []
        for track in tracks {
            let twins = existingTargets(track, TrackReference.forcedSubtitlesOnly)
            guard !twins.isEmpty else { continue }
            guard track.mediaType.isLegible else {
                findings.append(Finding(.error, track: track.id, rule: .forcedPair,
                                        message: "\(name(track)) has a 'forc' reference, which only a subtitle track may have (it names its forced-only twin): players ignore it; remove it",
                                        fix: removing(TrackReference.forcedSubtitlesOnly, from: track)))
                continue
            }
            for twin in twins {
                guard twin.mediaType.isLegible else {
                    findings.append(Finding(.error, track: track.id, rule: .forcedPair,
                                            message: "\(name(track))'s 'forc' names \(name(twin)), which is not a subtitle track; remove the reference",
                                            fix: removing(TrackReference.forcedSubtitlesOnly, [twin.id], from: track)))
                    continue
                }
                let group = track.header.alternateGroup
                if twin.header.alternateGroup != group {
                    findings.append(Finding(.error, track: twin.id, rule: .forcedPair,
                                            message: "\(name(twin)) is the forced-only twin of \(name(track)) ('forc') but sits in alternate group \(twin.header.alternateGroup), not \(group): players present a pair as one option only within one group",
                                            fix: TrackFix(track: twin.id, TrackChanges(alternateGroup: .number(group)), automatic: true)))
                }
                if comparableLanguage(twin) != comparableLanguage(track) {
                    findings.append(Finding(.error, track: twin.id, rule: .forcedPair,
                                            message: "\(name(twin)) is the forced-only twin of \(name(track)) ('forc') but is in \(languageLabel(twin)), not \(languageLabel(track)): a pair shares one language; fix whichever language is wrong", suggesting: ["--language"]))
                }
                if !isForcedOnly(twin) {
                    findings.append(Finding(.warning, track: twin.id, rule: .forcedPair,
                                            message: "\(name(twin)) is the forced-only twin of \(name(track)) ('forc') but is not tagged \(MediaCharacteristic.containsOnlyForcedSubtitles): players that list it label it as a full subtitle track",
                                            fix: TrackFix(track: twin.id, TrackChanges(addedCharacteristics: [MediaCharacteristic.containsOnlyForcedSubtitles]), automatic: true)))
                }
            }
        }
        return findings
    }

    private func forcedPartnerFindings() -> [Finding] {
        let paired = Set(tracks.flatMap { $0.referencedTrackIDs(TrackReference.forcedSubtitlesOnly) })
        return legibleTracks.filter { isForcedOnly($0) && !paired.contains($0.id) }.map { forced in
            let partners = legibleTracks.filter { candidate in
                candidate.id != forced.id && !isForcedOnly(candidate) && comparableLanguage(candidate) == comparableLanguage(forced)
                    && candidate.header.alternateGroup == forced.header.alternateGroup
                    && candidate.referencedTrackIDs(TrackReference.forcedSubtitlesOnly).isEmpty
            }
            if partners.count == 1 {
                let partner = partners[0]
                return Finding(.warning, track: forced.id, rule: .forcedOnlyPartner,
                               message: "\(name(forced)) holds only forced subtitles and \(name(partner)) holds the full \(languageLabel(forced)) subtitles, but no 'forc' pairs them: players list two \(LanguageName.englishName(for: forced.displayLanguage) ?? "") options instead of one that shows forced subtitles when subtitles are off",
                               fix: TrackFix(track: partner.id, TrackChanges(addedReferences: [TrackReference(type: TrackReference.forcedSubtitlesOnly, trackIDs: [forced.id])]), automatic: true))
            }
            let choice = partners.isEmpty ? "there is no full \(languageLabel(forced)) subtitle track in its group" : "several full \(languageLabel(forced)) subtitle tracks could be its partner (\(partners.map { String($0.id) }.joined(separator: ", ")))"
            return Finding(.warning, track: forced.id, rule: .forcedOnlyPartner,
                           message: "\(name(forced)) holds only forced subtitles and \(choice): a viewer who turns \(LanguageName.englishName(for: forced.displayLanguage) ?? "these") subtitles on sees only the forced ones; pair it with the full track", suggesting: ["--track", "FULL", "--add-reference", "forc:\(forced.id)"])
        }
    }
}
