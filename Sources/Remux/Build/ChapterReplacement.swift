import ISOBMFF
import Movie

/// What writing a new chapter list takes out of a movie, so that players show only the new
/// list: every `chap` reference, the tracks that served only as chapters, and `udta/chpl`.
struct ChapterReplacement {
    /// Old chapter tracks to drop: listed in some `chap`, referenced in no other way, and
    /// either a `text` track or disabled (chapter images). A chapter track that is also an
    /// enabled subtitle or video track stays, without its `chap` references.
    let removedTrackIDs: Set<UInt32>
    /// The tracks that get the new track in `tref/chap`: the first enabled video track and the
    /// first enabled sound track (QTFF: the reference comes from an enabled track), else the
    /// first of each.
    let referringTrackIDs: [UInt32]

    init(movie: Movie) throws(BoxError) {
        let chapterTargets = movie.chapterTrackIDs
        let otherwiseReferenced = Set(movie.tracks.flatMap { track in
            track.references.filter { $0.type != TrackReference.chapterList }.flatMap(\.trackIDs)
        })
        removedTrackIDs = Set(movie.tracks.filter { track in
            chapterTargets.contains(track.id) && !otherwiseReferenced.contains(track.id)
                && (track.handler?.handlerType == "text" || !track.isEnabled)
        }.map(\.id))
        let candidates = movie.tracks.filter { !chapterTargets.contains($0.id) }
        var referring: [UInt32] = []
        for type in [MediaType.video, .audio] {
            let ofType = candidates.filter { $0.mediaType == type }
            if let track = ofType.first(where: \.isEnabled) ?? ofType.first { referring.append(track.id) }
        }
        guard !referring.isEmpty else {
            throw BoxError(.invalidValue("the movie has no video or sound track to hold the chapter reference (tref/chap)"), at: nil)
        }
        referringTrackIDs = referring
    }

    /// `moov` without `udta/chpl`.
    static func removingNeroChapters(from moov: Box) -> Box {
        var moov = moov
        _ = moov.modifyChild("udta") { udta in
            udta.setChildren(udta.children.filter { $0.type != "chpl" })
        }
        return moov
    }

    /// A change that drops every `chap` reference of a track.
    static let removingChapterReferences = TrackChanges(removedReferences: [TrackReference(type: TrackReference.chapterList, trackIDs: [])])
}
