import ISOBMFF
import Language
import Movie
import TimedText

extension EditableMovie {
    /// New subtitle tracks, each with the next free ID: built, given their properties and group
    /// (a forced-only twin joins its full track's group and language, which gets `forc` to it),
    /// and followed by a sound track (`folw`) when asked.
    mutating func addSubtitleTracks() throws(EditError) {
        let builder = subtitleBuilder
        var addedIDs: [UInt32] = []
        for (index, request) in plan.subtitleTracks.enumerated() {
            let trackID = try trackIDs.take()
            addedIDs.append(trackID)
            var built = try builder.build(request, trackID: trackID)
            var properties = request.properties
            if request.isForcedOnly { properties.addedCharacteristics.append(MediaCharacteristic.containsOnlyForcedSubtitles) }
            var group = resolve(properties.alternateGroup ?? .automatic, for: trackID)
            let twin = try request.forcedTwinOf.map { (choice) throws(EditError) in try fullTrackID(choice, addedIDs: addedIDs, index: index) }
            if let twin {
                let target = try forcedTwinTarget(twin, language: properties.language)
                group = target.group
                if properties.language == nil { properties.language = target.language }
            }
            try checkReferences(properties.addedReferences)
            built.track.setProperties(properties, group: group)
            if properties.makesDefault { defaults.append(trackID) }
            let track = try EditableTrack(added: built.track, handler: built.handler, language: properties.language, limits: limits)
            if let twin {
                try setOnlyReference(TrackReference.forcedSubtitlesOnly, of: twin, to: trackID)
            }
            if let choice = request.followedByAudio {
                try setOnlyReference(TrackReference.selectionFollower, of: try audioTrack(choice, language: properties.language), to: trackID)
            }
            try adopt(track, duration: built.track.header.duration, media: built.media, diagnostics: built.diagnostics, losses: built.losses)
        }
    }

    /// The ID of the full track `choice` names for the forced-only track of request `index`,
    /// `addedIDs` being the IDs of the subtitle tracks added so far: a track added in this
    /// write must come from an earlier request that is not forced-only itself.
    private func fullTrackID(_ choice: FullTrackChoice, addedIDs: [UInt32], index: Int) throws(EditError) -> UInt32 {
        switch choice {
        case let .track(trackID):
            return trackID
        case let .addedBy(requestIndex):
            guard requestIndex >= 0, requestIndex < index, !plan.subtitleTracks[requestIndex].isForcedOnly else {
                throw .forcedTwinOfNoFullRequest(requestIndex: requestIndex, index: index)
            }
            return addedIDs[requestIndex]
        }
    }

    /// New closed-caption tracks, in the legible group unless the request names one.
    mutating func addCaptionTracks() throws(EditError) {
        let builder = CaptionTrackBuilder(movieTimescale: movieTimescale, isQuickTime: isQuickTime, movieEnd: movieEnd, pastEnd: plan.pastEnd)
        for request in plan.captionTracks {
            let trackID = try trackIDs.take()
            var built = try builder.build(request, trackID: trackID)
            let group = resolve(request.properties.alternateGroup ?? .automatic, for: trackID)
            try checkReferences(request.properties.addedReferences)
            built.track.setProperties(request.properties, group: group)
            if request.properties.makesDefault { defaults.append(trackID) }
            let track = try EditableTrack(added: built.track, handler: "clcp", language: request.properties.language, limits: limits)
            try adopt(track, duration: built.track.header.duration, media: built.media, diagnostics: built.diagnostics, losses: built.losses)
        }
    }

    /// New timed metadata tracks, in no group.
    mutating func addMetadataTracks() throws(EditError) {
        let builder = MetadataTrackBuilder(movieTimescale: movieTimescale, isQuickTime: isQuickTime, movieEnd: movieEnd, pastEnd: plan.pastEnd)
        for request in plan.metadataTracks {
            let trackID = try trackIDs.take()
            var built = try builder.build(request, trackID: trackID)
            try checkReferences(request.properties.addedReferences)
            built.track.setProperties(request.properties, group: nil)
            let track = try EditableTrack(added: built.track, handler: "meta", language: request.language, limits: limits)
            try adopt(track, duration: built.track.header.duration, media: built.media, losses: built.losses)
        }
    }

    /// Subtitle tracks rebuilt from new cues (``CueReplacementRequest``), under new IDs: the old
    /// track goes as removed tracks do, and references to it point at the new one.
    mutating func replaceCues() throws(EditError) {
        let rebuilder = ReplacedCuesTrack(builder: subtitleBuilder, limits: limits)
        for request in plan.cueReplacements {
            let index = try index(of: request.trackID)
            guard let source = source.track(id: request.trackID) else { throw unknownTrack(request.trackID) }
            removal.trackIDs.insert(request.trackID)
            let trackID = try trackIDs.take()
            let (trak, built) = try rebuilder.build(request, source: source, trak: tracks[index].editor.trak, trackID: trackID)
            for other in tracks.indices { try boxing(tracks[other].editor.redirectReferences(from: request.trackID, to: trackID)) }
            let track = EditableTrack(added: trak, trackID: trackID, handler: built.handler, group: source.header.alternateGroup,
                                      language: try? LanguageTag(parsing: source.displayLanguage), limits: limits)
            try adopt(track, duration: built.track.header.duration, media: built.media, diagnostics: built.diagnostics, losses: built.losses)
        }
    }

    /// The builder of subtitle tracks for this movie: its clock, its main video, its end.
    private var subtitleBuilder: SubtitleTrackBuilder {
        SubtitleTrackBuilder(movieTimescale: movieTimescale, videoWidth: mainVideoSize.width, videoHeight: mainVideoSize.height,
                             isQuickTime: isQuickTime, movieEnd: movieEnd, pastEnd: plan.pastEnd)
    }
}
