import Conversion
import ISOBMFF
import Metadata
import Movie
import TimedText

/// A movie with an ``EditPlan`` applied to its boxes: the new `ftyp` and `moov` and the samples
/// of the added tracks. Chunk offsets are not final yet: a layout sets them (copied tracks keep
/// the source's offsets here, added tracks have a placeholder).
///
/// The plan is carried out as a sequence of steps over one ``EditableMovie``, each a kind of
/// change: metadata, track changes, new subtitle, caption and metadata tracks, chapters, tracks
/// rebuilt from new cues, defaults, removal; then the `moov` is assembled.
struct EditedMovie {
    var fileType: Box?
    var movieBox: Box
    /// The track ID of each `trak` of ``movieBox``, in order.
    var trackOrder: [UInt32]
    var newMedia: [NewTrackMedia]
    /// The samples of tracks copied from other movies, in their files.
    var importedMedia: [ImportedTrackMedia]
    var addedTrackIDs: [UInt32]
    /// Cues that were dropped or cut, and lengthenings, by added track.
    var diagnostics: [String]
    /// What the plan's conversions could not carry (see ``EditPlan/refusesLosses``).
    var losses: [ConversionLoss]
    /// What the plan removes (empty when nothing).
    var removal: MetadataRemoval
    /// Whether the old `moov` holds something the plan takes away (removed or replaced
    /// metadata), so an in-place edit must erase it rather than only retire it.
    var erasesRetiredMovie: Bool

    /// The plan applied to `movie`. A fragmented movie is edited `keepingFragments` for a layout
    /// that keeps it fragmented (``FragmentedLayout``), whose new tracks are fragmented then;
    /// otherwise only its `moov` can change (an in-place edit, ``OverwriteLayout``), and an edit
    /// that adds or removes tracks is refused (``EditError/fragmentedMovie``). A full rewrite
    /// makes it regular first (``DefragmentedMovie``).
    init(movie: Movie, plan: EditPlan, limits: Limits, keepingFragments: Bool = false) throws(EditError) {
        try Self.checkEditable(movie, plan: plan, keepingFragments: keepingFragments)
        var edit = try EditableMovie(movie: movie, plan: plan, limits: limits)
        try edit.applyTrackChanges()
        try edit.addSubtitleTracks()
        try edit.addCaptionTracks()
        try edit.addMetadataTracks()
        try edit.addImportedTracks()
        try edit.replaceChapters()
        try edit.replaceCues()
        if plan.refusesLosses, !edit.losses.isEmpty {
            throw .refusedLosses(edit.losses)
        }
        try edit.applyDefaults()
        try edit.applyRemoval()
        // In place, nothing but moov can change in a fragmented movie.
        if movie.isFragmented, !keepingFragments, !edit.addedTrackIDs.isEmpty || !edit.removal.trackIDs.isEmpty {
            throw .fragmentedMovie
        }
        (movieBox, trackOrder) = try edit.assembled()
        // An `ftyp` the file ends inside (a damaged file) is written as far as it goes.
        fileType = plan.brand.map { $0.fileType.makeBox() }
            ?? movie.file.box("ftyp").map { $0.missingBytes > 0 ? $0.madeWhole(holding: $0.payloadSize) : $0 }
        newMedia = edit.newMedia
        importedMedia = edit.importedMedia
        addedTrackIDs = edit.addedTrackIDs
        diagnostics = edit.diagnostics
        losses = edit.losses
        removal = edit.removal
        erasesRetiredMovie = !edit.removal.isEmpty || !plan.metadataChanges.isEmpty || plan.chapters != nil
    }

    /// What the engine cannot write back faithfully: a fragmented movie kept fragmented with a
    /// new chapter list or replaced cues, or edited in place with new tracks, and media in other
    /// files.
    private static func checkEditable(_ movie: Movie, plan: EditPlan, keepingFragments: Bool) throws(EditError) {
        if movie.isFragmented, keepingFragments {
            if plan.chapters != nil { throw .cannotKeepFragments(.chapters) }
            if !plan.cueReplacements.isEmpty { throw .cannotKeepFragments(.cueReplacement) }
            if !plan.importedTracks.isEmpty { throw .cannotKeepFragments(.importedTracks) }
        }
        // In place, a plan that adds tracks is refused before it is carried out (a chapter
        // list, say, would first be judged against a duration fragments leave unknown).
        let addsTracks = !plan.subtitleTracks.isEmpty || !plan.captionTracks.isEmpty || !plan.metadataTracks.isEmpty
            || plan.chapters != nil || !plan.cueReplacements.isEmpty || !plan.importedTracks.isEmpty
        if movie.isFragmented, !keepingFragments, addsTracks { throw .fragmentedMovie }
        // A file cut short, or damaged after its last box, is the layouts' to judge
        // (SourceBoxes): what no track uses is left out, with a warning. A file read only up to
        // a limit is not damaged there: what follows (fragments, say) would be left out unseen.
        if let stop = movie.readingStop {
            throw .box(BoxError(.invalidValue("\(stop.message); an edit would leave it out, so nothing was written"), at: stop.location))
        }
        // A damaged movie header, fragments of no track: an output would lose them unsaid.
        try boxing(movie.checkEditable())
        for track in movie.tracks where !track.externalDataReferences.isEmpty && !(plan.removal?.trackIDs.contains(track.id) ?? false) {
            throw .externalMedia(trackID: track.id)
        }
    }
}
