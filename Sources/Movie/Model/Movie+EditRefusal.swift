import ISOBMFF

extension Movie {
    /// Refuses a movie that no edit can carry over whole: a damaged movie header
    /// (``movieHeaderDamage``), whose output would have no header players read, or fragments of
    /// a track `moov` does not describe (``undescribedTrackFragments``), whose samples a copy or
    /// an edit in place would drop without a word, or two tracks with one track ID, which every
    /// change, reference and check names the tracks by (ISO/IEC 14496-12 §8.3.2.3: track IDs
    /// are unique in a file). The error names the box and its offset.
    public func checkEditable() throws(BoxError) {
        var seen: [UInt32: Track] = [:]
        for track in tracks {
            if let earlier = seen[track.id] {
                throw BoxError(.duplicateTrackID("track ID \(track.id) is also the ID of the track at \(earlier.box.pathDescription) (track IDs are unique in a file, ISO/IEC 14496-12 §8.3.2.3): an edit cannot tell the two apart, so nothing was written"),
                               at: track.box.location)
            }
            seen[track.id] = track
        }
        if let damage = movieHeaderDamage {
            throw BoxError(.damaged("\(damage.message); an edit would write a movie without a header players read, so nothing was written"),
                           at: damage.location)
        }
        if let first = undescribedTrackFragments.first {
            throw BoxError(.undescribedTrack("\(first.message): its samples belong to no track, and an edit would drop them; nothing was written"),
                           at: first.location)
        }
    }
}
