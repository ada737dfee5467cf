/// The full subtitle track a forced-only track belongs to (QTFF "Referencing a related forced
/// subtitle track"): it gets the `forc` reference, and the forced-only track joins its group.
public enum FullTrackChoice: Sendable, Hashable {
    /// A track the movie has, by ID.
    case track(UInt32)
    /// The track an earlier request of the same plan adds: its index in
    /// `EditPlan.subtitleTracks`. A full track and its forced-only twin made in one write.
    case addedBy(requestIndex: Int)
}
