import ISOBMFF

extension Movie {
    /// For each track ID that a track fragment header (`tfhd`, ISO/IEC 14496-12 §8.8.7) of
    /// `moofs` names and no track of `known` has, the first such `tfhd`, as a problem that says
    /// which box describes the tracks (`describer`: `moov`, or an initialization segment) and
    /// lists them. Such a fragment's samples belong to no track.
    static func undescribedTrackFragments(in moofs: some Sequence<Box>, known: Set<UInt32>, describer: String,
                                          limits: Limits) throws(BoxError) -> [BoxError] {
        try FragmentTally(fragments: moofs, limits: limits).undescribedTracks(known: known, describer: describer)
    }
}
