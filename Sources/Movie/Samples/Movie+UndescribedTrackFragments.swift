import ISOBMFF

extension Movie {
    /// For each track ID that a track fragment header (`tfhd`, ISO/IEC 14496-12 §8.8.7) of
    /// `moofs` names and no track of `known` has, the first such `tfhd`, as a problem that says
    /// which box describes the tracks (`describer`: `moov`, or an initialization segment) and
    /// lists them. Such a fragment's samples belong to no track.
    static func undescribedTrackFragments(in moofs: [Box], known: Set<UInt32>, describer: String,
                                          limits: Limits) throws(BoxError) -> [BoxError] {
        var found: Set<UInt32> = []
        var problems: [BoxError] = []
        for fragment in moofs {
            for traf in try fragment.expanded(limits: limits).children("traf") {
                guard let tfhd = traf.child("tfhd") else { continue }
                let trackID = try TrackFragmentHeaderBox(tfhd.loaded(limits: limits)).trackID
                guard !known.contains(trackID), found.insert(trackID).inserted else { continue }
                let tracks = known.isEmpty ? "none" : known.sorted().map(String.init).joined(separator: ", ")
                problems.append(BoxError(.undescribedTrack("track ID \(trackID) is not described by \(describer) (its tracks: \(tracks))"),
                                         at: tfhd.location))
            }
        }
        return problems
    }
}
