import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#endif
import ISOBMFF
import Movie
import Remux
import TimedText

/// `legible add-subtitles`: append subtitle tracks to a movie without re-encoding anything.
struct AddSubtitlesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-subtitles",
        abstract: "Add subtitle tracks (from SubRip, WebVTT or TTML) to a movie, copying everything else unchanged.",
        discussion: """
        The new track is tx3g by default, written the way Apple's players expect (handler sbtl, \
        one sample description, sized and placed from the main video), or wvtt (WebVTT in MP4, \
        ISO/IEC 14496-30) with --format wvtt, or stpp (TTML in MP4, ISO/IEC 14496-30: one IMSC1 \
        Text document per sample, handler subt, what DASH players show) with --format stpp. \
        Every existing track is copied bit for bit; only \
        chunk offsets, the movie header's next track ID and duration, and what you ask for change.

        The track joins the alternate group of the other subtitle tracks (--group auto) so \
        players offer it beside them; it joins disabled unless --default, which enables it and \
        disables the others of its group. --sdh tags it as subtitles for the deaf and hard of \
        hearing (tagc transcribes-spoken-dialog + describes-music-and-sound), so Apple players \
        list it as "English SDH". --follow-audio gives the sound track in its language (or the \
        one you name) a folw reference to it.

        --forced-track adds, beside the full track, its forced-only twin: the cues the file \
        marks forced (TTML itts:forcedDisplay="true" on a p, or on its span, div, body or \
        region; W3C IMSC 1.0.1), in the same language and group, tagged forced-only and paired \
        with forc, so players show it while subtitles are off and the full track when they are \
        on (QTFF "Referencing a related forced subtitle track"). The full track keeps every cue \
        and its forced flags. Of a cue that marks only a span forced the twin keeps that span's \
        text: a player showing forced subtitles only hides the rest (IMSC's \
        displayForcedOnlyMode), and a tx3g sample is forced or not as a whole. SubRip and \
        WebVTT cannot mark a cue forced: a file that marks none is refused, never made into an \
        empty track.

        What the track's format cannot carry is named, one warning per kind with the cue \
        numbers (tx3g keeps bold, italic, underline, colours, font sizes, fonts, one background \
        colour for the track, line/position/size as a text box, karaoke timing and forced flags; \
        not voices, classes, ruby, language spans, regions, vertical text, outlines, cue \
        identifiers or a WebVTT file's STYLE blocks; wvtt keeps all but forced flags, font sizes, \
        fonts, outlines and colours outside WebVTT's colour classes; stpp keeps styles, colours, \
        backgrounds, fonts, font sizes, language spans, alignment, top/bottom and forced flags, \
        not voices, classes, ruby, karaoke timing, STYLE blocks or other positions); --strict \
        refuses to write instead.

        Output: -o writes a new file, moov first (fast start), through a temporary file that is \
        renamed into place when complete; --in-place appends to the source and switches moov \
        with one 4-byte write. Several tracks in one run: --plan FILE.json, a list like
          {"subtitles": [{"file": "en-sdh.srt", "language": "en", "sdh": true, "followAudio": "auto"},
                         {"file": "fr.vtt", "language": "fr-CA", "name": "Français", "format": "wvtt"}]}
        (keys: file, format, language, name, sdh, characteristics, forced, forcedFor, forcedTrack, group, \
        default, followAudio; files are relative to the plan).

        Examples:
          legible add-subtitles movie.mov en-sdh.srt --language en --sdh -o movie-sdh.mov
          legible add-subtitles movie.mov en-sdh.srt --language en --sdh --follow-audio auto --in-place
          legible add-subtitles movie.mp4 fr.vtt --language fr-CA --format wvtt -o movie-fr.mp4
          legible add-subtitles movie.mp4 en.srt --language en --format stpp -o movie-dash.mp4
          legible add-subtitles movie.mov es-forced.srt --language es --forced --forced-for 4 -o out.mov
          legible add-subtitles movie.mov es-full.ttml --language es --forced-track -o out.mov
          legible add-subtitles movie.mov --plan subtitles.json -o out.mov
          legible add-subtitles movie.mov styled.vtt --language en --strict -o out.mov
          legible add-subtitles movie.mov pal.srt --language en --fps 25:24000/1001 -o out.mov
          legible add-subtitles movie.mov broadcast.ttml --timecode-origin auto -o out.mov
          legible add-subtitles movie.mov --sidecars --dry-run
          legible add-subtitles movie.mov --sidecars -o movie-subtitled.mov

        With --plan or --sidecars every file is retimed alike.

        \(sidecarDiscussion)

        \(RetimingOptions.discussion(pastEnd: true))

        Exit status: 0 on success; 2 on bad input or usage.
        """)

    @Argument(help: "The movie (.mov, .mp4, .m4v).")
    var movie: String

    @Argument(help: "The subtitle file: SubRip (.srt), WebVTT (.vtt) or TTML (.ttml, .xml, .dfxp).")
    var subtitles: String?

    @Option(help: "A JSON plan listing several subtitle files and their options (instead of SUBTITLES).")
    var plan: String?

    @Flag(help: "Add every subtitle file beside the movie named MOVIE.LANGUAGE[.sdh|.hi|.cc|.forced|.default].EXT, reading language and kind from the name (instead of SUBTITLES).")
    var sidecars = false

    @Flag(help: "With --sidecars: list the files found and the tracks they would make, write nothing.")
    var dryRun = false

    @Option(help: "The track's sample format: tx3g (default), wvtt or stpp.")
    var format: SubtitleTrackFormat?

    @OptionGroup var properties: TrackPropertyOptions

    @Flag(help: "A forced-only track: every subtitle is forced (display flags 0xC0000000, tagged forced-only).")
    var forced = false

    @Option(help: "The full subtitle track this forced-only track belongs to: it gets a forc reference to the new track.")
    var forcedFor: UInt32?

    @Flag(help: "Also a forced-only twin of the full track: the cues the file marks forced (TTML itts:forcedDisplay), paired with forc.")
    var forcedTrack = false

    @Option(help: "auto (the sound track in the subtitle's language) or a track ID: that sound track gets a folw reference to the new track.")
    var followAudio: String?

    @OptionGroup var pastEndOption: PastEndOption

    @OptionGroup var retimingOptions: RetimingOptions

    @Flag(help: "Leave out image subtitles (SMPTE-TT smpte:backgroundImage) and add the text cues alone; without it such a file is refused.")
    var skipImages = false

    @OptionGroup var outputOptions: EditDestinationOptions<DestinationUnlessDryRun>

    func validate() throws {
        if !dryRun { try outputOptions.requireDestination() }
        if let conflict = sidecarConflict { throw ValidationError(conflict) }
        if sidecars { return }
        if (subtitles == nil) == (plan == nil) { throw ValidationError("give one subtitle file, or --plan FILE") }
        if plan != nil, format != nil || !properties.isEmpty || forced || forcedFor != nil || forcedTrack || followAudio != nil {
            throw ValidationError("with --plan, give each track's options in the plan")
        }
        if forcedFor != nil && !forced { throw ValidationError("--forced-for names the full track of a forced-only one: add --forced") }
        if forcedTrack && forced { throw ValidationError("--forced-track adds a full track and its forced-only twin; --forced makes the one track forced-only: give one") }
    }

    func run() throws {
        if sidecars { return try runSidecars() }
        var applied: [(file: String, retiming: CueRetiming)] = []
        try outputOptions.run(movie: movie) { editor in
            var requests: [SubtitleTrackRequest] = []
            for spec in try trackSpecs() {
                let made = try spec.requests(quiet: outputOptions.quiet, skipImages: skipImages, strict: outputOptions.strict,
                                             retiming: retimingOptions, movieEnd: RetimingOptions.movieEnd(of: editor.movie), firstIndex: requests.count)
                requests.append(contentsOf: made.requests)
                applied.append((spec.file, made.retiming))
            }
            return EditPlan(subtitleTracks: requests, brand: outputOptions.resolvedBrand(sourcePath: movie), pastEnd: pastEndOption.pastEnd)
        } describe: { report in
            let tracks = report.addedTrackIDs.map(String.init).joined(separator: ", ")
            return ["added track\(report.addedTrackIDs.count == 1 ? "" : "s") \(tracks) to \(report.path) (\(report.fileSize) bytes)"]
        } json: {
            [("retiming", .array(applied.map { RetimingOptions.json($0.retiming, file: $0.file) }))]
        }
    }

    private func trackSpecs() throws -> [SubtitleTrackSpec] {
        if let subtitles {
            let audio = try followAudio.map { (text) throws -> AudioTrackChoice in
                guard let choice = AudioTrackChoice(text: text) else { throw CommandFailure(SubtitleTrackSpecError.invalidFollowAudio(text).description) }
                return choice
            }
            return [SubtitleTrackSpec(file: subtitles, format: format, language: properties.language, name: properties.name,
                                      sdh: properties.sdh, characteristics: properties.characteristic, forced: forced,
                                      forcedFor: forcedFor, forcedTrack: forcedTrack, group: properties.group, isDefault: properties.isDefault,
                                      followAudio: audio)]
        }
        guard let plan else { return [] }
        let decoded: SubtitlePlan
        do {
            let bytes = try SmallInputFile.read(plan, limit: 16 << 20, kind: "a subtitle plan")
            decoded = try JSONDecoder().decode(SubtitlePlan.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw CommandFailure("\(plan): not a subtitle plan: \(error.explanation)")
        } catch let error as SubtitleTrackSpecError {
            throw CommandFailure(error.description)
        } catch {
            throw CommandFailure("\(plan): cannot read the plan: \(error)")
        }
        guard !decoded.subtitles.isEmpty else { throw CommandFailure("\(plan): the plan lists no subtitles") }
        return decoded.resolvingFiles(relativeTo: URL(fileURLWithPath: plan).deletingLastPathComponent().path).subtitles
    }
}
