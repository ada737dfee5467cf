import ISOBMFF
import Movie

/// Track IDs are unique in a file (ISO/IEC 14496-12 §8.3.2.3, QTFF Track header atom): track
/// references, `folw`/`forc`/`fall`, the selection a player makes and every edit name tracks by
/// ID, so of two tracks with one ID a player or a tool may use either.
extension CheckContext {
    func trackIDFindings() -> [Finding] {
        var first: [UInt32: Track] = [:]
        var findings: [Finding] = []
        for track in tracks {
            guard let earlier = first[track.id] else {
                first[track.id] = track
                continue
            }
            findings.append(Finding(.error, track: track.id, rule: .uniqueTrackIDs,
                                    message: "the track at \(track.box.pathDescription) has ID \(track.id), as the track at \(earlier.box.pathDescription) does: references, selection and edits name tracks by ID, so players and tools may use either; remux the movie with new IDs (Legible does not edit such a file)"))
        }
        return findings
    }
}
