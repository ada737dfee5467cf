import ISOBMFF
import Movie

/// Audio fallback chains (`fall`), as Apple TV reads them (TN2429, "Use a Chain of Fallback Track
/// References"): a track in a less widely supported encoding (AC-3, E-AC-3, surround) names,
/// with one `fall` reference, a track of the same content in a more widely supported one (AAC
/// stereo); the chain ends at a track with no `fall` of its own, which is enabled, and every
/// other track of the chain is disabled — in a movie of several languages, the chain of the
/// language that is the group's default (the others' ends are disabled like any other language). AVFoundation relates only audio tracks this way
/// (`AVAssetTrack.AssociationType.audioFallback`), and a chain's tracks are alternates of one
/// another, so they share an alternate group (QTFF, Track header atom: alternate group).
extension CheckContext {
    func fallbackFindings() -> [Finding] {
        var findings: [Finding] = []
        for track in tracks {
            let targets = track.referencedTrackIDs(TrackReference.audioFallback).compactMap(self.track)
            guard !targets.isEmpty else { continue }
            guard track.mediaType == .audio else {
                findings.append(Finding(.error, track: track.id, rule: .fallback,
                                        message: "\(name(track)) has a 'fall' reference, which only a sound track may have (it names the sound track to play where this one cannot be): players ignore it; remove it",
                                        fix: TrackFix(track: track.id, TrackChanges(removedReferences: [TrackReference(type: TrackReference.audioFallback, trackIDs: [])]), automatic: true)))
                continue
            }
            if targets.count > 1 {
                findings.append(Finding(.error, track: track.id, rule: .fallback,
                                        message: "\(name(track))'s 'fall' names \(targets.count) tracks (\(targets.map { String($0.id) }.joined(separator: ", "))): a track falls back to exactly one; keep the one in the more widely supported encoding",
                                        suggesting: ["--remove-reference", "fall:ID"]))
                continue
            }
            let target = targets[0]
            guard target.mediaType == .audio else {
                findings.append(Finding(.error, track: track.id, rule: .fallback,
                                        message: "\(name(track))'s 'fall' names \(name(target)), which is not a sound track: nothing can play in its place; remove the reference",
                                        fix: TrackFix(track: track.id, TrackChanges(removedReferences: [TrackReference(type: TrackReference.audioFallback, trackIDs: [target.id])]), automatic: true)))
                continue
            }
            if target.header.alternateGroup != track.header.alternateGroup || target.header.alternateGroup == 0 {
                findings.append(Finding(.error, track: track.id, rule: .fallback,
                                        message: "\(name(track)) falls back to \(name(target)) ('fall'), but they are in alternate groups \(track.header.alternateGroup) and \(target.header.alternateGroup): only tracks of one group are alternates, so players may play both at once; put them in one group",
                                        suggesting: ["--group", Self.groupSuggestion(track, target)]))
            }
            if track.isEnabled {
                findings.append(Finding(.error, track: track.id, rule: .fallback,
                                        message: "\(name(track)) falls back to \(name(target)) ('fall') but is enabled: the end of a fallback chain is the enabled track, every track that falls back to another is disabled, or devices that cannot play \(name(track)) start with it",
                                        fix: TrackFix(track: track.id, TrackChanges(isEnabled: false), automatic: true)))
            }
        }
        return findings + fallbackChainFindings()
    }

    /// The group to name for a fallback pair: the one either is in, else a new one.
    private static func groupSuggestion(_ track: Track, _ target: Track) -> String {
        let group = max(track.header.alternateGroup, target.header.alternateGroup)
        return group > 0 ? String(group) : "auto"
    }

    /// A chain that holds its group's enabled track ends at it, and no chain loops.
    private func fallbackChainFindings() -> [Finding] {
        var findings: [Finding] = []
        var reported: Set<UInt32> = []
        for start in tracks where start.mediaType == .audio && !start.referencedTrackIDs(TrackReference.audioFallback).isEmpty {
            var seen: [UInt32] = [start.id]
            var current = start
            while let next = current.referencedTrackIDs(TrackReference.audioFallback).first.flatMap(self.track), next.mediaType == .audio {
                if seen.contains(next.id) {
                    if reported.insert(next.id).inserted {
                        findings.append(Finding(.error, track: next.id, rule: .fallback,
                                                message: "the 'fall' references of tracks \((seen + [next.id]).map(String.init).joined(separator: " → ")) form a loop: a chain of fallbacks ends at a track with none; remove one",
                                                suggesting: ["--remove-reference", "fall:ID"]))
                    }
                    break
                }
                seen.append(next.id)
                current = next
            }
            let end = current
            // A chain none of whose tracks is enabled is another language's, whose group default
            // is a track of its own language: only a chain that holds the default must end in it.
            let chainHoldsTheDefault = seen.contains { self.track($0)?.isEnabled == true }
            guard end.id != start.id, end.referencedTrackIDs(TrackReference.audioFallback).isEmpty, !end.isEnabled,
                  chainHoldsTheDefault, reported.insert(end.id).inserted else { continue }
            findings.append(Finding(.error, track: end.id, rule: .fallback,
                                    message: "\(name(end)) ends the fallback chain from \(name(start)) ('fall') but is disabled: the end of a chain, the most widely supported encoding, must be the enabled track",
                                    fix: TrackFix(track: end.id, TrackChanges(isEnabled: true), automatic: true)))
        }
        return findings
    }
}
