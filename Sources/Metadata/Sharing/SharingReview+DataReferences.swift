import ISOBMFF
import Movie

extension SharingReview {
    /// Tracks a rule removes by ID (`track:2`): any track, so that what cannot be shared (media
    /// in another file) can be left out and the rest shared.
    mutating func reviewTracksByID(of movie: Movie, filter: SharingFilter) {
        for track in movie.tracks where !removedTrackIDs.contains(track.id) {
            let subject = "track:\(track.id)"
            let decision = filter.decision(for: subject)
            guard decision.pattern != nil, decision.action == .remove else { continue }
            let box = track.box
            entries.append(Entry(kind: .track, subject: subject, scope: .track(track.id), decision: decision,
                                 summary: "track \(track.id) (\(track.handler?.handlerType.description ?? "no handler"))",
                                 byteRange: box.location.map { $0.offset..<($0.offset + box.header.totalSize) },
                                 path: box.location?.path))
            removedTrackIDs.insert(track.id)
        }
    }

    /// The data references of the kept tracks. A self-contained entry that still holds a
    /// location (a path on the maker's disk) is made bare (`name:data-reference`). A track whose
    /// media is in another file cannot be part of a copy to share: the review fails, naming the
    /// track and what its reference reveals, unless a rule removed the track.
    mutating func reviewDataReferences(of movie: Movie, filter: SharingFilter) throws(BoxError) {
        for track in movie.tracks where !removedTrackIDs.contains(track.id) {
            let references = track.dataReferences
            if let external = references.first(where: { !$0.isSelfContained }) {
                throw BoxError(.unsupported("track \(track.id)'s media is in another file (\(Self.summary(external))): a copy to share cannot hold it; remove that track (track:\(track.id)) to share the rest"),
                               at: external.boxLocation)
            }
            guard let leftover = references.first(where: { $0.trailingByteCount > 0 }) else { continue }
            let decision = filter.decision(for: "name:data-reference")
            entries.append(Entry(kind: .name, subject: "name:data-reference", scope: .track(track.id), decision: decision,
                                 summary: "data reference location \(Self.summary(leftover))", byteRange: nil,
                                 path: leftover.boxLocation?.path))
            if decision.action == .remove { bareDataReferenceTrackIDs.insert(track.id) }
        }
    }

    /// What a data reference reveals, for people: the text of a URL or URN, or the size of an
    /// alias record (volume and path names in binary).
    private static func summary(_ reference: DataReference) -> String {
        reference.location.map { "'\(reference.type)' \($0.debugDescription)" }
            ?? "'\(reference.type)' reference of \(reference.trailingByteCount) bytes"
    }
}
