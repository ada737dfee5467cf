import ISOBMFF
import Movie

extension EditableMovie {
    /// A new chapter list (``ChapterReplacement`` says what it takes out and keeps): the old
    /// chapter tracks go as removed tracks do, every `chap` reference and `udta/chpl` with them
    /// unless the list adds a language; the new track joins the chapter tracks' group, the
    /// referring tracks list it in `chap`, and with ``ChapterTrackRequest/writesNeroList`` the
    /// list is written as `udta/chpl` too.
    mutating func replaceChapters() throws(EditError) {
        guard let request = plan.chapters else { return }
        let replacement = try ChapterReplacement(movie: source, request: request)
        removal.trackIDs.formUnion(replacement.removedTrackIDs)
        if replacement.removesNeroChapters { movieBox = ChapterReplacement.removingNeroChapters(from: movieBox) }
        if replacement.removesChapterReferences {
            for index in tracks.indices { try boxing(tracks[index].editor.apply(ChapterReplacement.removingChapterReferences, group: nil)) }
        }
        let trackID = try trackIDs.take()
        let builder = ChapterTrackBuilder(movieTimescale: movieTimescale, movieDuration: source.header?.duration ?? 0,
                                          isQuickTime: isQuickTime, pastEnd: plan.pastEnd)
        var built = try builder.build(request, trackID: trackID)
        // One chapter track per language, all in one alternate group (QTFF "Chapter lists").
        let group = replacement.alternateGroup
        built.track.setProperties(TrackChanges(language: request.language, name: request.name), group: group)
        for kept in replacement.keptTrackIDs {
            let index = try index(of: kept)
            try boxing(tracks[index].editor.apply(TrackChanges(), group: group))
        }
        if request.writesNeroList {
            movieBox = ChapterReplacement.settingNeroChapters(NeroChapterBox(chapters: built.chapters), in: movieBox)
            losses += NeroChapterBox.losses(writing: built.chapters)
        }
        let reference = TrackChanges(addedReferences: [TrackReference(type: TrackReference.chapterList, trackIDs: [trackID])])
        for referrer in replacement.referringTrackIDs {
            let index = try index(of: referrer)
            try boxing(tracks[index].editor.apply(reference, group: nil))
        }
        let track = try EditableTrack(added: built.track, handler: "text", language: request.language, limits: limits)
        try adopt(track, duration: built.track.header.duration, media: built.media, losses: built.losses)
    }
}
