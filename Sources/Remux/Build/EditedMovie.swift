import ISOBMFF
import Metadata
import Movie
import TimedText

/// A movie with an ``EditPlan`` applied to its boxes: the new `ftyp` and `moov` and the samples
/// of the added tracks. Chunk offsets are not final yet: a layout sets them (copied tracks keep
/// the source's offsets here, added tracks have a placeholder).
struct EditedMovie {
    var fileType: Box?
    var movieBox: Box
    var newMedia: [NewTrackMedia]
    var addedTrackIDs: [UInt32]
    /// Cues that were dropped or cut, by added track.
    var diagnostics: [String]
    /// What the plan's conversions could not carry (see ``EditPlan/refusesLosses``).
    var losses: [ConversionLoss]
    /// What the plan removes (empty when nothing).
    var removal: MetadataRemoval
    /// Whether the old `moov` holds something the plan takes away (removed or replaced
    /// metadata), so an in-place edit must erase it rather than only retire it.
    var erasesRetiredMovie: Bool

    init(movie: Movie, plan: EditPlan, limits: Limits) throws(BoxError) {
        try Self.checkEditable(movie)
        // Metadata first: track edits and added tracks then work on the tree it leaves.
        let carrier: MetadataCarrierPreference = (plan.brand?.isQuickTime ?? movie.isQuickTime) ? .quickTimeMetadata : .iTunes
        let metadata = MetadataEditor(limits: limits)
        var removal = plan.removal ?? MetadataRemoval()
        // A new chapter list replaces the old ones: their tracks go like removed tracks.
        var chapterReplacement: ChapterReplacement?
        if let request = plan.chapters {
            let replacement = try ChapterReplacement(movie: movie, request: request)
            removal.trackIDs.formUnion(replacement.removedTrackIDs)
            chapterReplacement = replacement
        }
        // A track rebuilt from new cues replaces the old one, which goes as removed tracks do.
        removal.trackIDs.formUnion(plan.cueReplacements.map(\.trackID))
        self.removal = removal
        erasesRetiredMovie = !removal.isEmpty || !plan.metadataChanges.isEmpty || plan.chapters != nil
        var moov = try metadata.removing(removal.items, from: movie.movieBox)
        if chapterReplacement?.removesNeroChapters == true { moov = ChapterReplacement.removingNeroChapters(from: moov) }
        moov = try metadata.applying(plan.metadataChanges, to: moov, brand: carrier)
        // Metadata written to MPEG-4 goes where MPEG-4 readers look, a QuickTime movie's too.
        var brandLosses: [ConversionLoss] = []
        let convertsQuickTime = plan.brand.map { !$0.isQuickTime && movie.isQuickTime } ?? false
        if carrier == .iTunes, convertsQuickTime || !plan.metadataChanges.isEmpty {
            (moov, brandLosses) = try metadata.preparedForMPEG4(moov, carryingQuickTimeItems: convertsQuickTime)
        }
        var editors = moov.children("trak").map { TrackBoxEditor(trak: $0, limits: limits) }
        let chapterTracks = movie.chapterTrackIDs
        var tracks = TrackDirectory(movie: movie, chapterTrackIDs: chapterTracks)
        var defaults: [UInt32] = []

        for request in plan.trackChanges where !request.changes.isEmpty {
            guard let index = editors.firstIndex(where: { $0.trackID == request.trackID }) else {
                throw tracks.unknownTrack(request.trackID)
            }
            if let handler = request.changes.handler {
                try editors[index].setHandler(handler, isChapterTrack: chapterTracks.contains(request.trackID))
                tracks.setHandler(handler, of: request.trackID)
            }
            if request.changes.fitsTextBoxToVideo {
                let video = tracks.mainVideoSize
                try editors[index].fitTextBoxToVideo(width: video.width, height: video.height)
            }
            let group = tracks.resolve(request.changes.alternateGroup, for: request.trackID)
            try editors[index].apply(request.changes, group: group)
            if let group { tracks.setGroup(group, of: request.trackID) }
            if request.changes.makesDefault { defaults.append(request.trackID) }
            try tracks.checkReferences(request.changes.addedReferences)
        }

        let header = movie.header
        let movieTimescale = header?.timescale ?? 600
        let video = tracks.mainVideoSize
        // The end new tracks are held to (PastEndPolicy); unknown when mvhd gives no duration.
        let movieEnd = header.flatMap { $0.duration > 0 ? SubtitleTime(units: Int64(clamping: $0.duration), timescale: $0.timescale) : nil }
        let isQuickTime = plan.brand?.isQuickTime ?? movie.isQuickTime
        let builder = SubtitleTrackBuilder(movieTimescale: movieTimescale, videoWidth: video.width, videoHeight: video.height,
                                           isQuickTime: isQuickTime, movieEnd: movieEnd, pastEnd: plan.pastEnd)
        var trackIDs = TrackIDAllocator(usedIDs: try editors.map { (editor) throws(BoxError) in try editor.header().trackID },
                                        nextTrackID: header?.nextTrackID)
        var newMedia: [NewTrackMedia] = []
        var added: [UInt32] = []
        var diagnostics: [String] = []
        var losses = brandLosses
        var movieDuration = header?.duration ?? 0
        /// Puts a built track into the movie: its boxes, its samples, its share of the duration.
        func adopt(_ editor: TrackBoxEditor, media: NewTrackMedia, diagnostics built: [String],
                   losses lost: [ConversionLoss]) throws(BoxError) {
            let duration = try editor.header().duration
            diagnostics += built.map { "track \(media.trackID): \($0)" }
            losses += lost.map { loss in
                var named = loss
                named.source = "track \(media.trackID)"
                return named
            }
            // Rounding media time (milliseconds) to movie time can add a unit: not worth a word.
            let slack = UInt64(movieTimescale / 1000 + 1)
            if duration > movieDuration, duration - movieDuration <= slack {
                movieDuration = duration
            } else if duration > movieDuration {
                if plan.pastEnd == .refuse, movieEnd != nil {
                    throw BoxError(.invalidValue("track \(media.trackID) would make the movie longer"), at: nil)
                }
                let seconds = { (units: UInt64) in SubtitleTime(units: Int64(clamping: units), timescale: movieTimescale) ?? .zero }
                diagnostics.append("track \(media.trackID): the movie is lengthened from \(seconds(movieDuration)) to \(seconds(duration)) to hold it")
                movieDuration = duration
            }
            editors.append(editor)
            newMedia.append(media)
            added.append(media.trackID)
        }
        for request in plan.subtitleTracks {
            let trackID = try trackIDs.take()
            let built = try builder.build(request, trackID: trackID)
            var editor = TrackBoxEditor(trak: built.trak, limits: limits)
            var properties = request.properties
            if request.isForcedOnly { properties.addedCharacteristics.append(MediaCharacteristic.containsOnlyForcedSubtitles) }
            var group = tracks.resolve(properties.alternateGroup ?? .automatic, for: trackID, handler: built.handler)
            if let twin = request.forcedTwinOf {
                let target = try tracks.forcedTwinTarget(twin, language: properties.language)
                group = target.group
                if properties.language == nil { properties.language = target.language }
            }
            try tracks.checkReferences(properties.addedReferences)
            try editor.apply(properties, group: group)
            if properties.makesDefault { defaults.append(trackID) }
            tracks.add(trackID: trackID, handler: built.handler, group: group ?? 0, language: properties.language)

            if let twin = request.forcedTwinOf, let index = editors.firstIndex(where: { $0.trackID == twin }) {
                try editors[index].apply(Self.replacingReference(TrackReference.forcedSubtitlesOnly, with: trackID), group: nil)
            }
            if let choice = request.followedByAudio {
                let audio = try tracks.audioTrack(choice, language: properties.language)
                guard let index = editors.firstIndex(where: { $0.trackID == audio }) else { throw tracks.unknownTrack(audio) }
                try editors[index].apply(Self.replacingReference(TrackReference.selectionFollower, with: trackID), group: nil)
            }
            try adopt(editor, media: built.media, diagnostics: built.diagnostics, losses: built.losses)
        }
        let captionBuilder = CaptionTrackBuilder(movieTimescale: movieTimescale, isQuickTime: isQuickTime)
        for request in plan.captionTracks {
            let trackID = try trackIDs.take()
            let built = try captionBuilder.build(request, trackID: trackID)
            var editor = TrackBoxEditor(trak: built.trak, limits: limits)
            let group = tracks.resolve(request.properties.alternateGroup ?? .automatic, for: trackID, handler: "clcp")
            try tracks.checkReferences(request.properties.addedReferences)
            try editor.apply(request.properties, group: group)
            if request.properties.makesDefault { defaults.append(trackID) }
            tracks.add(trackID: trackID, handler: "clcp", group: group ?? 0, language: request.properties.language)
            try adopt(editor, media: built.media, diagnostics: built.diagnostics, losses: built.losses)
        }
        let metadataBuilder = MetadataTrackBuilder(movieTimescale: movieTimescale, isQuickTime: isQuickTime,
                                                   movieEnd: movieEnd, pastEnd: plan.pastEnd)
        for request in plan.metadataTracks {
            let trackID = try trackIDs.take()
            let built = try metadataBuilder.build(request, trackID: trackID)
            var editor = TrackBoxEditor(trak: built.trak, limits: limits)
            try tracks.checkReferences(request.properties.addedReferences)
            try editor.apply(request.properties, group: nil)
            tracks.add(trackID: trackID, handler: "meta", group: 0, language: request.language)
            try adopt(editor, media: built.media, diagnostics: [], losses: built.losses)
        }
        if let request = plan.chapters, let replacement = chapterReplacement {
            if replacement.removesChapterReferences {
                for index in editors.indices { try editors[index].apply(ChapterReplacement.removingChapterReferences, group: nil) }
            }
            let trackID = try trackIDs.take()
            let chapterBuilder = ChapterTrackBuilder(movieTimescale: movieTimescale, movieDuration: header?.duration ?? 0,
                                                     isQuickTime: isQuickTime, pastEnd: plan.pastEnd)
            let built = try chapterBuilder.build(request, trackID: trackID)
            var editor = TrackBoxEditor(trak: built.trak, limits: limits)
            // One chapter track per language, all in one alternate group (QTFF "Chapter lists").
            let group = replacement.alternateGroup
            try editor.apply(TrackChanges(language: request.language, name: request.name), group: group == 0 ? nil : group)
            for kept in replacement.keptTrackIDs {
                guard let index = editors.firstIndex(where: { $0.trackID == kept }) else { throw tracks.unknownTrack(kept) }
                try editors[index].apply(TrackChanges(), group: group)
            }
            tracks.add(trackID: trackID, handler: "text", group: group, language: request.language)
            if request.writesNeroList {
                moov = ChapterReplacement.settingNeroChapters(NeroChapterBox(chapters: built.chapters), in: moov)
                losses += NeroChapterBox.losses(writing: built.chapters)
            }
            let reference = TrackChanges(addedReferences: [TrackReference(type: TrackReference.chapterList, trackIDs: [trackID])])
            for referrer in replacement.referringTrackIDs {
                guard let index = editors.firstIndex(where: { $0.trackID == referrer }) else { throw tracks.unknownTrack(referrer) }
                try editors[index].apply(reference, group: nil)
            }
            try adopt(editor, media: built.media, diagnostics: [], losses: built.losses)
        }

        // Subtitle tracks rebuilt from new cues (CueReplacementRequest), under new IDs.
        let rebuilder = ReplacedCuesTrack(builder: builder, limits: limits)
        for request in plan.cueReplacements {
            guard let index = editors.firstIndex(where: { $0.trackID == request.trackID }),
                  let source = movie.track(id: request.trackID) else { throw tracks.unknownTrack(request.trackID) }
            let trackID = try trackIDs.take()
            let built = try rebuilder.build(request, source: source, trak: editors[index].trak, trackID: trackID)
            for other in editors.indices { try editors[other].redirectReferences(from: request.trackID, to: trackID) }
            tracks.add(trackID: trackID, handler: built.handler, group: source.header.alternateGroup,
                       language: try? LanguageTag(parsing: source.displayLanguage))
            try adopt(TrackBoxEditor(trak: built.trak, limits: limits), media: built.media, diagnostics: built.diagnostics, losses: built.losses)
        }

        if plan.refusesLosses, !losses.isEmpty {
            throw BoxError(.invalidValue("refusing to write what the output cannot carry: \(losses.joinedSummary); nothing was written"), at: nil)
        }

        // One enabled track per alternate group (QTFF "Preparing sound and subtitle alternate
        // groups"): a default track disables the others of its group.
        for defaultID in defaults {
            guard let group = tracks.group(of: defaultID), group != 0 else { continue }
            for index in editors.indices where editors[index].trackID != defaultID && tracks.group(of: editors[index].trackID) == group {
                try editors[index].updateHeader { $0.flags.remove(.enabled) }
            }
        }

        for trackID in removal.trackIDs where !editors.contains(where: { $0.trackID == trackID }) {
            throw tracks.unknownTrack(trackID)
        }
        for index in editors.indices {
            try editors[index].removeReferences(to: removal.trackIDs)
            if removal.clearsHeaderTimes { try editors[index].clearHeaderTimes() }
            let trackID = try editors[index].header().trackID
            if removal.renamedHandlerTrackIDs.contains(trackID) { try editors[index].useConventionalHandlerNames() }
            if removal.blankedCompressorTrackIDs.contains(trackID) { try editors[index].blankCompressorNames() }
        }

        let sourceTrackCount = moov.children("trak").count
        var trakIndex = 0
        var children: [Box] = []
        for child in moov.children {
            guard child.type == "trak" else {
                children.append(child)
                continue
            }
            children.append(editors[trakIndex].trak)
            trakIndex += 1
            if trakIndex == sourceTrackCount { children += editors[trakIndex...].map(\.trak) }
        }
        if sourceTrackCount == 0 { children += editors.map(\.trak) }
        moov.setChildren(children.filter { child in
            child.type != "trak" || !removal.trackIDs.contains(TrackBoxEditor(trak: child, limits: limits).trackID)
        })
        moov = moov.pruning(offsets: removal.boxOffsets)
        if var movieHeader = header, !added.isEmpty || removal.clearsHeaderTimes {
            if !added.isEmpty {
                movieHeader.nextTrackID = trackIDs.nextTrackID
                if movieDuration > movieHeader.duration { movieHeader.timing.setDuration(movieDuration) }
            }
            if removal.clearsHeaderTimes {
                movieHeader.timing.creationTime = 0
                movieHeader.timing.modificationTime = 0
            }
            moov.modifyChild("mvhd") { $0.setPayload(movieHeader) }
        }
        // The whole moov is rewritten uncompressed; its header is new.
        moov.header = BoxHeader(type: "moov", payloadSize: moov.payloadSize)
        movieBox = moov
        fileType = plan.brand.map { $0.fileType.makeBox() } ?? movie.file.box("ftyp")
        self.newMedia = newMedia
        addedTrackIDs = added
        self.diagnostics = diagnostics
        self.losses = losses
    }

    /// A change that points a track's only reference of `type` at `trackID`: `folw` and `forc`
    /// allow one target per track (QTFF "Subtitle follows track reference atom").
    private static func replacingReference(_ type: FourCC, with trackID: UInt32) -> TrackChanges {
        TrackChanges(addedReferences: [TrackReference(type: type, trackIDs: [trackID])],
                     removedReferences: [TrackReference(type: type, trackIDs: [])])
    }

    /// What the engine cannot write back faithfully.
    private static func checkEditable(_ movie: Movie) throws(BoxError) {
        if movie.isFragmented {
            throw BoxError(.unsupported("fragmented MP4 (moof) is not supported for editing: its samples are described in the fragments, not in moov"), at: nil)
        }
        // A file cut short, or damaged after its last box, is the layouts' to judge
        // (SourceBoxes): what no track uses is left out, with a warning.
        for track in movie.tracks where !track.externalDataReferences.isEmpty {
            throw BoxError(.unsupported("track \(track.id) refers to media in another file (dref); only self-contained movies can be edited"),
                           at: track.box.location)
        }
    }
}
