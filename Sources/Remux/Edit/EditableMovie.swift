import Conversion
import ISOBMFF
import Language
import Metadata
import Movie
import TimedText

/// A movie while an ``EditPlan`` is applied to it: its `moov` (tracks aside), its tracks as
/// ``EditableTrack``s, and what the steps so far have made — the new tracks' samples, what the
/// plan removes, warnings and losses. Each kind of change is one step, an extension in its own
/// file; ``EditedMovie`` runs them in order.
struct EditableMovie {
    let source: Movie
    let plan: EditPlan
    let limits: Limits
    /// `moov` with the plan's metadata changes made; its `trak`s are as they were, the tracks'
    /// current boxes being in ``tracks`` until ``assembled()``.
    var movieBox: Box
    var tracks: [EditableTrack]
    /// What the plan removes: the plan's own removal, old chapter tracks, replaced tracks.
    var removal: MetadataRemoval
    /// Tracks made their group's default, in order: each disables the others of its group.
    var defaults: [UInt32] = []
    var trackIDs: TrackIDAllocator
    var newMedia: [NewTrackMedia] = []
    /// The samples of tracks copied from other movies, left in their files.
    var importedMedia: [ImportedTrackMedia] = []
    var addedTrackIDs: [UInt32] = []
    var diagnostics: [String] = []
    var losses: [ConversionLoss] = []
    /// The movie's duration, in its timescale, as the added tracks leave it.
    var duration: UInt64
    /// The display size (16.16) of the main video, 0 × 0 without one; added tracks are never
    /// video, so it is settled at the start.
    let mainVideoSize: (width: UInt32, height: UInt32)

    /// The movie with the plan's metadata removed and set (``MetadataStep``): track changes and
    /// new tracks then work on the tree it leaves.
    init(movie: Movie, plan: EditPlan, limits: Limits) throws(EditError) {
        source = movie
        self.plan = plan
        self.limits = limits
        removal = plan.removal ?? MetadataRemoval()
        let metadata = try boxing(MetadataStep(movie: movie, plan: plan, limits: limits))
        movieBox = metadata.movieBox
        losses = metadata.losses
        let chapterTracks = movie.chapterTrackIDs
        var tracks: [EditableTrack] = []
        for (track, trak) in zip(movie.tracks, movieBox.children("trak")) {
            tracks.append(try EditableTrack(track, trak: trak, isChapterTrack: chapterTracks.contains(track.id), limits: limits))
        }
        self.tracks = tracks
        trackIDs = TrackIDAllocator(usedIDs: tracks.map(\.id), nextTrackID: movie.header?.nextTrackID)
        duration = Self.duration(of: movie)
        movieEnd = duration > 0 ? SubtitleTime(units: Int64(clamping: duration), timescale: movie.header?.timescale ?? 600) : nil
        let video = movie.mainVideoTrack?.header
        mainVideoSize = (video?.width ?? 0, video?.height ?? 0)
    }

    // MARK: the movie's clock

    var movieTimescale: UInt32 { source.header?.timescale ?? 600 }

    /// The end new tracks are held to (`PastEndPolicy`); unknown when the movie gives no duration.
    let movieEnd: SubtitleTime?

    /// The movie's duration in its timescale: `mvhd`'s, or, for a fragmented movie, its longest
    /// track's, fragments included, when that is longer (ISO/IEC 14496-12 §8.8.1: fragments
    /// extend the presentation `moov` describes).
    private static func duration(of movie: Movie) -> UInt64 {
        let declared = movie.header?.duration ?? 0
        guard movie.isFragmented else { return declared }
        let movieTimescale = movie.header?.timescale ?? 600
        // A duration past 64 bits in movie time (a hostile file) counts as unknown.
        let longest = movie.tracks.compactMap { track -> UInt64? in
            let media = track.mediaHeader.duration.saturatingAdd(movie.fragments?.tracks[track.id]?.duration ?? 0)
            return try? NewTrackSamples.rescale(media, from: track.mediaHeader.timescale, to: movieTimescale)
        }.max() ?? 0
        return max(declared, longest)
    }

    /// Whether the output is a QuickTime movie (its brand, else the source's).
    var isQuickTime: Bool { plan.brand?.isQuickTime ?? source.isQuickTime }

    // MARK: finding tracks

    /// The index of track `trackID` in ``tracks``.
    func index(of trackID: UInt32) throws(EditError) -> Int {
        guard let index = tracks.firstIndex(where: { $0.id == trackID }) else { throw unknownTrack(trackID) }
        return index
    }

    func unknownTrack(_ trackID: UInt32) -> EditError {
        .unknownTrack(id: trackID, available: tracks.map(\.id))
    }

    /// Every referenced track must exist (QTFF: never refer to a track ID that is not there).
    func checkReferences(_ references: [TrackReference]) throws(EditError) {
        for id in references.flatMap(\.trackIDs) where !tracks.contains(where: { $0.id == id }) {
            throw unknownTrack(id)
        }
    }

    /// The group number a choice stands for. Automatic: the group most legible tracks share
    /// (chapter tracks aside), else the lowest number no track uses (QTFF: subtitle and caption
    /// tracks belong in one group of their own).
    func resolve(_ choice: AlternateGroupChoice?, for trackID: UInt32) -> Int16? {
        switch choice {
        case nil: return nil
        case let .number(group)?: return group
        case .automatic?:
            let legible = tracks.filter { track in
                track.id != trackID && !track.isChapterTrack && track.group != 0 && track.mediaType.isLegible
            }
            let counts = Dictionary(grouping: legible, by: \.group).mapValues(\.count)
            if let shared = counts.max(by: { ($0.value, -Int($0.key)) < ($1.value, -Int($1.key)) })?.key { return shared }
            let used = Set(tracks.map(\.group))
            return (1...Int16.max).first { !used.contains($0) } ?? 0
        }
    }

    /// The full subtitle track a forced-only track is added for: it must be legible, and the two
    /// share a language (QTFF "Referencing a related forced subtitle track").
    func forcedTwinTarget(_ trackID: UInt32, language: LanguageTag?) throws(EditError) -> (group: Int16, language: LanguageTag?) {
        let target = tracks[try index(of: trackID)]
        guard target.mediaType.isLegible, !target.isChapterTrack else {
            throw .forcedTwinNotSubtitle(trackID: trackID)
        }
        let targetLanguage = try? LanguageTag(parsing: target.language)
        if let language, let targetLanguage, language.iso639Code != targetLanguage.iso639Code {
            throw .forcedTwinLanguage(trackID: trackID, trackLanguage: target.language, language: language)
        }
        return (target.group, targetLanguage)
    }

    /// The sound track that is to follow a subtitle track in `language`.
    func audioTrack(_ choice: AudioTrackChoice, language: LanguageTag?) throws(EditError) -> UInt32 {
        let sounds = tracks.filter { $0.handler == "soun" }
        let list = sounds.map { EditError.SoundTrack(id: $0.id, language: $0.language) }
        switch choice {
        case let .track(trackID):
            guard sounds.contains(where: { $0.id == trackID }) else {
                throw .notASoundTrack(id: trackID, soundTracks: list)
            }
            return trackID
        case .automatic:
            guard let language else {
                throw .followAudioNeedsLanguage
            }
            let matching = sounds.filter { (try? LanguageTag(parsing: $0.language))?.iso639Code == language.iso639Code }
            guard let chosen = matching.first(where: \.wasEnabled) ?? matching.first else {
                throw .noSoundTrack(language: language, soundTracks: list)
            }
            return chosen.id
        }
    }

    // MARK: adding tracks

    /// Puts a built track into the movie: its boxes, its samples (in memory; an imported track's
    /// are in ``importedMedia``), its warnings and losses (named
    /// after it), its share of the duration — lengthening the movie only as ``EditPlan/pastEnd``
    /// allows, and saying so.
    mutating func adopt(_ track: EditableTrack, duration trackDuration: UInt64, media: NewTrackMedia?, diagnostics built: [String] = [],
                        losses lost: [ConversionLoss] = []) throws(EditError) {
        diagnostics += built.map { "track \(track.id): \($0)" }
        losses += lost.map { loss in
            var named = loss
            named.source = "track \(track.id)"
            return named
        }
        // Rounding media time (milliseconds) to movie time can add a unit: not worth a word.
        let slack = UInt64(movieTimescale / 1000 + 1)
        if trackDuration > duration, trackDuration - duration > slack {
            if plan.pastEnd == .refuse, movieEnd != nil {
                throw .lengthensMovie(trackID: track.id)
            }
            let scale = movieTimescale
            let time = { (units: UInt64) in SubtitleTime(units: Int64(clamping: units), timescale: scale) ?? .zero }
            diagnostics.append("track \(track.id): the movie is lengthened from \(time(duration)) to \(time(trackDuration)) to hold it")
        }
        duration = max(duration, trackDuration)
        tracks.append(track)
        if let media { newMedia.append(media) }
        addedTrackIDs.append(track.id)
    }

    /// Points a track's only reference of `type` at `target`: `folw` and `forc` allow one
    /// target per track (QTFF "Subtitle follows track reference atom").
    mutating func setOnlyReference(_ type: FourCC, of trackID: UInt32, to target: UInt32) throws(EditError) {
        let change = TrackChanges(addedReferences: [TrackReference(type: type, trackIDs: [target])],
                                  removedReferences: [TrackReference(type: type, trackIDs: [])])
        let index = try index(of: trackID)
        try boxing(tracks[index].editor.apply(change, group: nil))
    }
}
