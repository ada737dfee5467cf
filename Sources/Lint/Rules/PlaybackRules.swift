import ISOBMFF
import Movie
import TextTracks

/// What players get wrong beyond menus: media in another file, forced subtitles that vanish when
/// a viewer turns subtitles on, and an accessibility option that plays unasked.
extension CheckContext {
    func playbackFindings() -> [Finding] {
        selfContainedFindings() + forcedCueFindings() + accessibilityDefaultFindings()
    }

    /// Tracks whose data reference points outside the file: the samples are not in it, so a
    /// copy of the file alone does not play (MP4Box warns of it; Apple's players play only
    /// self-contained movies).
    private func selfContainedFindings() -> [Finding] {
        tracks.compactMap { track -> Finding? in
            let external = track.externalDataReferences
            guard !external.isEmpty else { return nil }
            let places = external.map(\.description).joined(separator: ", ")
            return Finding(.error, track: track.id, rule: .selfContained,
                           message: "\(name(track))'s media is outside the file (data reference \(places)): players that play only self-contained movies show nothing of it, and the file cannot be edited or shared alone; export a self-contained movie")
        }
    }

    /// Forced cues missing from their language's full track (`ForcedCueCoverage`).
    private func forcedCueFindings() -> [Finding] {
        ForcedCueCoverage.pairs(in: movie).filter { !$0.missing.isEmpty }.map { pair in
            let times = pair.missing.prefix(3).map { $0.start.description }.joined(separator: ", ")
            let count = pair.missing.count
            return Finding(.warning, track: pair.fullTrackID, rule: .forcedCuesInFullTrack,
                           message: "\(name(pair.fullTrackID)) lacks \(count) of the forced cues of \(name(pair.forcedTrackID)) (from \(times)\(count > 3 ? ", …" : "")): viewers who turn these subtitles on see the full track alone and lose those translations; put them in the full track too",
                           fix: mergingFix(pair))
        }
    }

    /// The full track rebuilt with the missing forced cues as ordinary ones, when the rebuild
    /// keeps all the track has — `tx3g` whose samples read back as cues without loss — and the
    /// two tracks' media times are the same movie times (equal edit lists whose edits start at
    /// media time 0, or none), so the forced cues' times hold in the full track. Otherwise no
    /// fix: the merge needs a person (extract both, merge, add-subtitles).
    private func mergingFix(_ pair: ForcedCueCoverage.Pair) -> TrackFix? {
        guard let full = track(pair.fullTrackID), let forced = track(pair.forcedTrackID), full.codec == "tx3g",
              let content = try? TextTrackReader.content(of: full, in: movie), content.losses.isEmpty else { return nil }
        guard full.editList?.entries == forced.editList?.entries,
              (full.editList?.entries ?? []).allSatisfy({ $0.mediaTime == 0 || $0.mediaTime == -1 }) else { return nil }
        let added = pair.missing.map { cue in
            var plain = cue
            plain.isForced = false
            return plain
        }
        let merged = (content.cues + added).sorted { $0.start < $1.start }
        return TrackFix(track: full.id, TrackChanges(), automatic: true, replacementCues: merged)
    }

    /// An accessibility option (SDH or closed captions, audio description) enabled as its
    /// group's default while the group offers an option that is not one: players start with it
    /// for every viewer, though it is meant for those who ask for it.
    private func accessibilityDefaultFindings() -> [Finding] {
        alternateGroups.flatMap { group -> [Finding] in
            let accessible = group.members.filter(isAccessibilityOption)
            guard group.members.contains(where: { !isAccessibilityOption($0) }) else { return [] }
            return accessible.filter(\.isEnabled).map { track in
                Finding(.warning, track: track.id, rule: .accessibilityDefault,
                        message: "\(name(track)) is \(accessibilityLabel(track)) and the enabled default of alternate group \(group.number): players start with it for every viewer, though it is for those who ask for it; make another track of the group the default", suggesting: ["--default"])
            }
        }
    }

    func isAccessibilityOption(_ track: Track) -> Bool {
        let characteristics = SelectionOption.characteristics(of: track)
        if track.mediaType.isLegible {
            return MediaCharacteristic.areSDH(characteristics)
        }
        return track.mediaType == .audio && characteristics.contains(MediaCharacteristic.describesVideo)
    }

    private func accessibilityLabel(_ track: Track) -> String {
        track.mediaType == .audio ? "audio description" : track.mediaType == .closedCaption ? "closed captions" : "SDH subtitles"
    }
}
