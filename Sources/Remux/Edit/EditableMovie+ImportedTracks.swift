import ISOBMFF
import Language
import Movie

extension EditableMovie {
    /// Tracks copied from other movies (``ImportedTrackRequest``), each with the next free ID:
    /// a sound track joins the movie's audio group, a legible one the legible group, other
    /// media none unless asked; a fallback joins its partner's group, whatever the request's
    /// group, and becomes its default.
    mutating func addImportedTracks() throws(EditError) {
        let builder = ImportedTrackBuilder(movieTimescale: movieTimescale, isQuickTime: isQuickTime, limits: limits)
        for request in plan.importedTracks {
            let trackID = try trackIDs.take()
            var built = try builder.build(request, trackID: trackID)
            let mediaType = MediaType(handler: built.handler)
            var properties = request.properties
            if let partner = request.fallbackFor {
                let target = tracks[try index(of: partner)]
                guard target.handler == "soun" else { throw .fallbackNeedsSoundTracks(trackID: partner) }
                guard mediaType == .audio else { throw .fallbackNeedsSoundTracks(trackID: trackID) }
                properties.makesDefault = true
            }
            let group: Int16?
            switch properties.alternateGroup {
            case _ where request.fallbackFor != nil:
                // A fallback is an alternate of its partner: its group, or the audio group made
                // for both when it has none.
                let partnerGroup = tracks[try index(of: request.fallbackFor ?? 0)].group
                group = partnerGroup != 0 ? partnerGroup : try audioGroup(for: trackID)
            case let .number(number)?: group = number
            case .automatic?, nil:
                group = mediaType == .audio ? try audioGroup(for: trackID)
                    : mediaType.isLegible ? resolve(.automatic, for: trackID) : nil
            }
            // The source's own tags are kept, so one asked for again is not written twice.
            properties.addedCharacteristics.removeAll(where: built.characteristics.contains)
            try checkReferences(properties.addedReferences)
            clipAtMovieEnd(&built)
            built.track.setProperties(properties, group: group)
            // ISO readers (ffmpeg among them) take an audio description from the DASH role in
            // `kind` (ISO/IEC 14496-12 §8.10.4), not from QuickTime's `tagc`.
            if !isQuickTime, mediaType == .audio, (built.characteristics + properties.addedCharacteristics).contains(MediaCharacteristic.describesVideo),
               !built.kinds.contains(TrackKind.dashDescription) {
                built.track.kinds.append(TrackKind.dashDescription)
            }
            if properties.makesDefault { defaults.append(trackID) }
            let language = properties.language ?? built.language.flatMap { try? LanguageTag(parsing: $0) }
            let track = try EditableTrack(added: built.track, handler: built.handler ?? FourCC(rawValue: 0), language: language, limits: limits)
            if let partner = request.fallbackFor {
                try setOnlyReference(TrackReference.audioFallback, of: partner, to: trackID)
                // The end of a fallback chain is its group's enabled track, so a default of
                // another language gives way: said, as the viewer's default audio changes.
                for other in tracks where other.group == group && other.id != partner && other.wasEnabled && !other.isAdded {
                    built.diagnostics.append("track \(other.id) (\(other.language)) is disabled: the end of a fallback chain is its group's enabled track (Apple TN2429)")
                }
            }
            try adopt(track, duration: built.track.header.duration, media: nil, diagnostics: built.diagnostics)
            importedMedia.append(built.media)
        }
    }

    /// A track longer than the movie, when ``EditPlan/pastEnd`` clips: its edit list ends it
    /// where the movie ends, every sample kept, and the report says so. (`extend` lengthens the
    /// movie and `refuse` refuses, as for every new track.)
    private mutating func clipAtMovieEnd(_ built: inout ImportedTrackBuilder.Built) {
        // Rounding to movie time can add a unit: not worth a word.
        let slack = UInt64(movieTimescale / 1000 + 1)
        let length = built.track.header.duration
        guard plan.pastEnd == .clip, duration > 0, length > duration, length - duration > slack else { return }
        built.track.editList = EditListBox.clipping(built.track.editList, at: duration)
        built.track.header.duration = duration
        let scale = movieTimescale
        let time = { (units: UInt64) in MediaTime(units: Int64(clamping: units), timescale: scale) ?? MediaTime(microseconds: 0) }
        built.diagnostics.append("it lasts \(time(length)), longer than the movie (\(time(duration))): its edit list ends it with the movie, every sample kept")
    }

    /// The movie's audio alternate group: the one most sound tracks share; without one, the
    /// lowest number no track uses, which the sound tracks in no group join too, so that players
    /// offer them as alternates rather than mix them (QTFF, Track header atom: alternate group).
    private mutating func audioGroup(for trackID: UInt32) throws(EditError) -> Int16 {
        let sounds = tracks.indices.filter { tracks[$0].handler == "soun" && tracks[$0].id != trackID }
        let counts = Dictionary(grouping: sounds.map { tracks[$0].group }.filter { $0 != 0 }, by: { $0 }).mapValues(\.count)
        let group = counts.max(by: { ($0.value, -Int($0.key)) < ($1.value, -Int($1.key)) })?.key
            ?? (1...Int16.max).first { number in !tracks.contains { $0.group == number } } ?? 0
        for index in sounds where tracks[index].group == 0 {
            try boxing(tracks[index].editor.apply(TrackChanges(), group: group))
            tracks[index].group = group
        }
        return group
    }
}
