import ISOBMFF

/// Where an added track sits in the menus players build: its alternate group and whether it is
/// enabled (the `tkhd` fields of ISO/IEC 14496-12 §8.3.2 that choose, with the group's other
/// tracks, what plays), as the edit writes them. A dry run says it before anything is written.
public struct AddedTrackPlacement: Sendable, Equatable {
    /// The added track's ID.
    public var trackID: UInt32
    /// Its alternate group; 0: in none, always a choice of its own.
    public var alternateGroup: Int16
    /// Whether it is enabled: the one its group plays unless a viewer's preferences choose another.
    public var isEnabled: Bool

    /// The placement of each track of `movieBox` among `trackIDs`, in the order of `trackIDs`.
    static func placements(of trackIDs: [UInt32], in movieBox: Box) throws(EditError) -> [AddedTrackPlacement] {
        var headers: [UInt32: TrackHeaderBox] = [:]
        for trak in movieBox.children where trak.type == "trak" {
            let header = try boxing(TrackBoxEditor.header(of: trak))
            headers[header.trackID] = header
        }
        return trackIDs.compactMap { trackID in
            headers[trackID].map { AddedTrackPlacement(trackID: trackID, alternateGroup: $0.alternateGroup, isEnabled: $0.flags.contains(.enabled)) }
        }
    }
}
