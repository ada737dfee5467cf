import ISOBMFF
import Movie

extension SharingReview {
    /// A box the review decides on its own: where it is, the subject its rule is found by, and,
    /// for a box that does not belong where it is, the container it was found in.
    struct BoxCandidate {
        var subject: String
        var box: Box
        var scope: MetadataScope
        var topLevel: Bool
        var misplacedIn: FourCC?
    }

    /// Containers whose every child is decided: kept when the registry names it a part players
    /// need (``BoxRole``), decided item by item when it is user data or a QuickTime metadata
    /// list, otherwise a candidate (`box:PARENT/TYPE`), removed unless a rule keeps it. Sample
    /// entries (children of `stsd`) are reviewed too, for their configuration boxes.
    static let reviewedContainers: Set<FourCC> = ["moov", "trak", "mdia", "minf", "dinf", "stbl", "edts", "mvex",
                                                   "moof", "traf", "udta", "meta", "stsd"]

    /// Boxes that belong at file level only (ISO/IEC 14496-12 §8.1.1, §8.2.1, §8.8.4, §8.8.9,
    /// §4.3): one found inside another box is left over from a broken writer or planted, and a
    /// player that meets it may stop reading.
    static let fileLevelOnly: Set<FourCC> = ["ftyp", "moov", "moof", "mdat", "mfra", "sidx", "styp"]

    /// Every box inside `moov` (but removed tracks) and inside each `moof` that the review
    /// decides on its own, in file order. `itemOffsets` are the boxes read as metadata items,
    /// whose fate the item rules decide.
    static func structureCandidates(of movie: Movie, removedTrackIDs: Set<UInt32>, itemOffsets: Set<UInt64>,
                                    limits: Limits) throws(BoxError) -> [BoxCandidate] {
        var walk = StructureWalk(itemOffsets: itemOffsets, limits: limits)
        for track in movie.tracks where removedTrackIDs.contains(track.id) {
            if let offset = track.box.location?.offset { walk.skipped.insert(offset) }
        }
        for track in movie.tracks {
            if let offset = track.box.location?.offset { walk.trackIDs[offset] = track.id }
        }
        walk.review(movie.movieBox, context: BoxContext().inside(movie.movieBox), scope: .movie)
        // Only the fragments the reader found more than structure in: the walk finds nothing in
        // the others (every box in them has a role, and none is user data or metadata).
        for offset in movie.fragments?.fragmentsWithOtherBoxes ?? [] {
            guard let position = movie.file.boxes.position(startingAt: offset) else { continue }
            let moof = try movie.file.boxes[position].expanded(limits: limits)
            walk.review(moof, context: BoxContext().inside(moof), scope: .movie)
        }
        return walk.found
    }

    /// The recursive part of ``structureCandidates(of:removedTrackIDs:itemOffsets:limits:)``.
    private struct StructureWalk {
        let itemOffsets: Set<UInt64>
        let limits: Limits
        let registry = BoxRegistry.isobmff
        /// Track IDs by the offset of their `trak`.
        var trackIDs: [UInt64: UInt32] = [:]
        /// Offsets of boxes not to look into (removed tracks).
        var skipped: Set<UInt64> = []
        var found: [BoxCandidate] = []

        mutating func review(_ container: Box, context: BoxContext, scope: MetadataScope) {
            for child in container.children {
                let offset = child.location?.offset
                if let offset, !skipped.isEmpty, skipped.contains(offset) { continue }
                var childScope = scope
                if child.type == "trak", let id = offset.flatMap({ trackIDs[$0] }) { childScope = .track(id) }
                if child.type == "traf", let id = child.child("tfhd").flatMap({ try? TrackFragmentHeaderBox($0.loaded(limits: limits)).trackID }) {
                    childScope = .track(id)
                }
                // Made only for a candidate: most boxes are not one.
                var subject: String { "box:\(container.type)/\(child.type)" }
                if SharingReview.fileLevelOnly.contains(child.type) {
                    found.append(BoxCandidate(subject: subject, box: child, scope: scope, topLevel: false, misplacedIn: container.type))
                    continue
                }
                // Items (every child of user data, the entries of a list) are decided by the item rules.
                if let offset, !itemOffsets.isEmpty, itemOffsets.contains(offset) { continue }
                if container.type == "udta", child.type != "meta" { continue }
                let isMetadataList = child.type == "meta" && SharingReview.isQuickTimeMetadata(child)
                guard isMetadataList || registry.role(of: child.type, in: context) != nil else {
                    found.append(BoxCandidate(subject: subject, box: child, scope: childScope, topLevel: false, misplacedIn: nil))
                    continue
                }
                if SharingReview.reviewedContainers.contains(child.type) || container.type == "stsd", child.isContainer {
                    review(child, context: context.inside(child), scope: childScope)
                }
            }
        }
    }
}
