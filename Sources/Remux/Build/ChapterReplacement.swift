import ISOBMFF
import Language
import Movie

/// What writing a chapter list takes out of a movie and keeps, so that players show the new
/// list. A list that replaces the others (the default) takes every `chap` reference, the
/// tracks that served only as chapters, and `udta/chpl`. A list that adds a language
/// (``ChapterTrackRequest/addsLanguage``) takes only the chapter track of its own language,
/// and puts the chapter tracks of every language in one alternate group (QTFF "Chapter lists").
struct ChapterReplacement {
    /// Old chapter tracks to drop: listed in some `chap`, referenced in no other way, and
    /// either a `text` track or disabled (chapter images); with ``ChapterTrackRequest/addsLanguage``
    /// only the `text` ones of the new list's language. A chapter track that is also an enabled
    /// subtitle or video track stays, without its `chap` references.
    let removedTrackIDs: Set<UInt32>
    /// The tracks that get the new track in `tref/chap`: those that list the kept chapter
    /// tracks, else the first enabled video track and the first enabled sound track (QTFF: the
    /// reference comes from an enabled track), else the first of each.
    let referringTrackIDs: [UInt32]
    /// Chapter title tracks of other languages that stay beside the new one.
    let keptTrackIDs: [UInt32]
    /// The alternate group of the chapter tracks when there are several, one per language (a
    /// group no other track uses); 0 when the new track is the only one.
    let alternateGroup: Int16
    /// Whether every `chap` reference goes before the new one is added.
    let removesChapterReferences: Bool
    /// Whether `udta/chpl` goes.
    let removesNeroChapters: Bool

    init(movie: Movie, request: ChapterTrackRequest) throws(EditError) {
        let chapterTargets = movie.chapterTrackIDs
        let otherwiseReferenced = Set(movie.tracks.flatMap { track in
            track.references.filter { $0.type != TrackReference.chapterList }.flatMap(\.trackIDs)
        })
        let dropped = movie.tracks.filter { track in
            chapterTargets.contains(track.id) && !otherwiseReferenced.contains(track.id)
                && (track.handler?.handlerType == "text" || !track.isEnabled)
        }
        removesChapterReferences = !request.addsLanguage
        removesNeroChapters = !request.addsLanguage || request.writesNeroList
        var referring: [UInt32] = []
        if request.addsLanguage {
            let language = request.language?.shortestForm.description ?? "und"
            let titleTracks = dropped.filter { $0.handler?.handlerType == "text" }
            let sameLanguage = titleTracks.filter { Self.language(of: $0) == language }
            removedTrackIDs = Set(sameLanguage.map(\.id))
            let kept = titleTracks.filter { Self.language(of: $0) != language }
            keptTrackIDs = kept.map(\.id)
            let keptIDs = Set(keptTrackIDs)
            referring = movie.tracks.filter { track in
                !chapterTargets.contains(track.id) && !keptIDs.isDisjoint(with: track.referencedTrackIDs(TrackReference.chapterList))
            }.map(\.id)
            alternateGroup = kept.isEmpty ? 0 : Self.chapterGroup(kept, in: movie)
        } else {
            removedTrackIDs = Set(dropped.map(\.id))
            keptTrackIDs = []
            alternateGroup = 0
        }
        if referring.isEmpty {
            let candidates = movie.tracks.filter { !chapterTargets.contains($0.id) }
            for type in [MediaType.video, .audio] {
                let ofType = candidates.filter { $0.mediaType == type }
                if let track = ofType.first(where: \.isEnabled) ?? ofType.first { referring.append(track.id) }
            }
        }
        guard !referring.isEmpty else {
            throw .noTrackForChapterReference
        }
        referringTrackIDs = referring
    }

    /// A chapter track's language in its shortest form (`fra` is `fr`; `und` when it has none).
    private static func language(of track: Track) -> String {
        (try? LanguageTag(parsing: track.displayLanguage))?.shortestForm.description ?? "und"
    }

    /// The group the kept chapter tracks share when no other track is in it, else the lowest
    /// number no track uses.
    private static func chapterGroup(_ kept: [Track], in movie: Movie) -> Int16 {
        let keptIDs = Set(kept.map(\.id))
        let shared = Set(kept.map(\.header.alternateGroup))
        if shared.count == 1, let group = shared.first, group != 0,
           !movie.tracks.contains(where: { !keptIDs.contains($0.id) && $0.header.alternateGroup == group }) {
            return group
        }
        let used = Set(movie.tracks.map(\.header.alternateGroup))
        return (1...Int16.max).first { !used.contains($0) } ?? 0
    }

    /// `moov` without `udta/chpl`.
    static func removingNeroChapters(from moov: Box) -> Box {
        var moov = moov
        _ = moov.modifyChild("udta") { udta in
            udta.setChildren(udta.children.filter { $0.type != "chpl" })
        }
        return moov
    }

    /// `moov` with `list` as its `udta/chpl` (in a new `udta` when it has none).
    static func settingNeroChapters(_ list: NeroChapterBox, in moov: Box) -> Box {
        var moov = removingNeroChapters(from: moov)
        let chpl = list.makeBox()
        if !moov.modifyChild("udta", { $0.setChildren($0.children + [chpl]) }) {
            moov.setChildren(moov.children + [Box(type: "udta", children: [chpl])])
        }
        return moov
    }

    /// A change that drops every `chap` reference of a track.
    static let removingChapterReferences = TrackChanges(removedReferences: [TrackReference(type: TrackReference.chapterList, trackIDs: [])])
}
