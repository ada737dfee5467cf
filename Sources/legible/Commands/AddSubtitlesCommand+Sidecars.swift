import Language
import Movie
import Remux
import TimedText

/// `add-subtitles --sidecars`: every subtitle file beside the movie named after it, read by its
/// name (``SidecarSet``), added in one write.
extension AddSubtitlesCommand {
    /// The `--help` paragraph on sidecars, with the naming conventions it follows.
    static let sidecarDiscussion = """
        --sidecars adds every subtitle file beside the movie whose name is the movie's (without \
        its extension), a dot and words read as media servers read them: \
        MOVIE.LANGUAGE[.KIND...].EXT, in any order and any case. The language is a BCP 47 tag \
        (pt-BR, zh-Hant), an ISO 639-1 or 639-2 code (en, eng, ger, deu) or a language's English \
        or native name (English, Español, Deutsch); the kind is sdh, hi or cc (tagged as --sdh \
        does), forced or foreign (a forced-only track, paired with the full track of its \
        language by a forc reference) and default; hi is hearing impaired, never Hindi. .srt, \
        .vtt, .ttml, .dfxp and .xml files become subtitle tracks (--format), .scc files caption \
        tracks as add-captions makes them. Each track is named as Apple's players list it \
        ("English SDH", "Spanish Forced", "French CC") and joins the legible group; the sound \
        track in a language, when there is one, follows one subtitle track of that language \
        as --follow-audio auto makes it (the forced-only one where there is one; a note says \
        when there is no such sound track). A file whose name Legible cannot read is \
        skipped with the reason, never guessed at; two files that would make the same track are \
        an error naming both. --dry-run prints the files and their tracks (--json: as JSON) and \
        writes nothing. The conventions are Plex's \
        (https://support.plex.tv/articles/200471133-adding-local-subtitles-to-your-media/), \
        Jellyfin's and Emby's (https://jellyfin.org/docs/general/server/media/external-files/) \
        and Kodi's (https://kodi.wiki/view/Subtitles).
        """

    /// Why `--sidecars` refuses the options given with it; nil when they go together.
    var sidecarConflict: String? {
        guard sidecars else { return dryRun ? "--dry-run lists what --sidecars would add: give --sidecars" : nil }
        if subtitles != nil || plan != nil { return "--sidecars finds the subtitle files itself: give no SUBTITLES or --plan" }
        if !properties.isEmpty || forced || forcedFor != nil || forcedTrack || followAudio != nil {
            return "--sidecars reads each track's language, kind and default from its file name: give no --language, --name, --group, --default, --sdh, --characteristic, --forced, --forced-for, --forced-track or --follow-audio"
        }
        return nil
    }

    func runSidecars() throws {
        let files = try SidecarFiles(movie: movie)
        let subtitleFormat = format ?? .tx3g
        if dryRun {
            let set = try Self.sidecarSet(files, movie: try Movie.openForCommand(path: movie))
            if outputOptions.json {
                print(JSONValue.object([("movie", .string(movie))] + SidecarReport.json(set, files: files, subtitleFormat: subtitleFormat)).rendered())
            } else {
                SidecarReport.print(set, movie: movie, subtitleFormat: subtitleFormat)
            }
            return
        }
        var found: SidecarSet?
        var applied: [(file: String, retiming: CueRetiming)] = []
        try outputOptions.run(movie: movie) { editor in
            let set = try Self.sidecarSet(files, movie: editor.movie)
            found = set
            if !outputOptions.quiet {
                for skipped in set.skipped { printWarning("\(files.path(skipped.fileName)): skipped: \(skipped.reason)") }
                for note in set.notes { printNote(note.description) }
            }
            var plan = EditPlan(brand: outputOptions.resolvedBrand(sourcePath: movie), pastEnd: pastEndOption.pastEnd)
            let movieEnd = RetimingOptions.movieEnd(of: editor.movie)
            for track in set.tracks {
                let path = files.path(track.fileName)
                let name = track.name
                if name.format.makesCaptions {
                    let properties = TrackChanges(language: name.language, name: name.trackName, alternateGroup: .automatic, makesDefault: name.isDefault,
                                                  addedCharacteristics: MediaCharacteristic.subtitlesForDeafAndHardOfHearing)
                    let made = try CaptionTrackRequest.reading(path, channel: nil, properties: properties, movie: editor.movie,
                                                               retiming: retimingOptions, quiet: outputOptions.quiet)
                    plan.captionTracks.append(made.request)
                    applied.append((path, made.retiming))
                    continue
                }
                let spec = SubtitleTrackSpec(file: path, format: format, language: name.language.description, name: name.trackName,
                                             sdh: name.isSDH, forced: name.isForcedOnly, isDefault: name.isDefault,
                                             followAudio: track.followsAudio ? .automatic : nil)
                let made = try spec.requests(quiet: outputOptions.quiet, skipImages: skipImages, strict: outputOptions.strict,
                                             retiming: retimingOptions, movieEnd: movieEnd, firstIndex: plan.subtitleTracks.count)
                // A sidecar makes one track: its kind is in its name, never a forced-only twin.
                guard var request = made.requests.first, made.requests.count == 1 else {
                    throw CommandFailure("\(path): a sidecar makes one track, not \(made.requests.count)")
                }
                request.forcedTwinOf = track.forcedTwinOf.map { .addedBy(requestIndex: $0) }
                plan.subtitleTracks.append(request)
                applied.append((path, made.retiming))
            }
            guard !plan.subtitleTracks.isEmpty || !plan.captionTracks.isEmpty else {
                throw CommandFailure("no subtitle file beside the movie is named after it (\(files.movieName).LANGUAGE.srt and the like)\(set.skipped.isEmpty ? "" : "; the skipped ones are listed above")")
            }
            return plan
        } describe: { report in
            let tracks = report.addedTrackIDs.map(String.init).joined(separator: ", ")
            return ["added tracks \(tracks) from \(found?.tracks.count ?? 0) sidecar files to \(report.path) (\(report.fileSize) bytes)"]
        } json: {
            [("sidecars", found.map { .object(SidecarReport.json($0, files: files, subtitleFormat: subtitleFormat)) } ?? .null),
             ("retiming", .array(applied.map { RetimingOptions.json($0.retiming, file: $0.file) }))]
        }
    }

    /// The set of `files` for `movie`, whose sound tracks' languages decide which tracks they follow.
    private static func sidecarSet(_ files: SidecarFiles, movie: Movie) throws -> SidecarSet {
        let soundLanguages = movie.tracks.filter { $0.mediaType == .audio }.compactMap { try? LanguageTag(parsing: $0.displayLanguage) }
        do {
            return try SidecarSet(fileNames: files.fileNames, movieName: files.movieName, soundLanguages: soundLanguages)
        } catch {
            throw CommandFailure("\(files.folder): \(error)")
        }
    }
}
