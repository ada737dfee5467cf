import ArgumentParser
import ISOBMFF
import Language
import Movie
import TextTracks
import TimedText

/// `legible extract`: a subtitle track back to a subtitle file.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Write a subtitle or closed-caption track (tx3g, wvtt, stpp, QuickTime text, CEA-608) out as a WebVTT, SubRip, TTML or SCC file.",
        discussion: """
        Each non-empty sample becomes a cue; consecutive samples showing the same text are \
        merged back into one cue. Bold, italic, underline and colours are kept where the output \
        format can carry them (SubRip: <b> <i> <u> <font color>; WebVTT: <b> <i> <u> and the \
        default colour classes); top-placed tx3g samples get {\\an8} or line:0, a tx3g text box \
        (tbox) WebVTT line/position/size, karaoke (krok) inner timestamps; a wvtt track's \
        header (STYLE and REGION blocks) is kept in WebVTT output. What the output cannot carry \
        (forced flags, font sizes, tx3g highlighting and blinking, …) is named, one warning per \
        kind with the cue numbers; --strict refuses to write instead. Only the text of QuickTime \
        text samples is read. An stpp track's samples are TTML documents; a cue repeated in \
        consecutive samples is one cue. TTML output (.ttml) is IMSC1 Text with the track's \
        language as xml:lang. Times are movie times: each cue is placed where the track's edit \
        list shows it (an empty first edit delays the track, as FFmpeg writes for captions that \
        start late); what no edit shows is left out.

        --forced-only writes the forced cues alone, what a player shows while subtitles are \
        off: a tx3g sample with a frcd box (or every sample, when the description's display \
        flags say all are forced; QTFF), an stpp cue with TTML itts:forcedDisplay="true", and \
        of a cue that marks only a span forced, that span's text (W3C IMSC 1.0.1's \
        displayForcedOnlyMode hides the rest). Every cue written is forced, so a format without \
        forced flags (WebVTT, SubRip) is not warned about them: name the file as forced \
        (es.forced.srt). A wvtt, QuickTime text or CEA-608 track cannot mark a cue forced, and \
        a track that marks none is refused rather than written empty.

        A CEA-608 closed-caption track (c608) is decoded one channel at a time: --channel CC1 \
        (the default, or the first channel with captions), CC2, CC3 or CC4; pop-on, roll-up \
        and paint-on captions become cues with their row, column and styles. SCC output of such \
        a track is its own byte pairs, sample by sample at 29.97 drop-frame timecodes (field 2 \
        for CC3/CC4); SCC output of any other track is its cues encoded as CC1 pop-on captions.

        A DASH or CMAF media segment (.m4s: styp, moof, mdat, no moov) is read after its \
        initialization segment, given with --init, as one movie (ISO/IEC 23009-1: the two \
        together are a conforming file).

        Without -o the file is written to standard output. With -o it is written to a \
        temporary file next to the target, synced, then renamed over it.

        Examples:
          legible extract movie.mov --track 4                  WebVTT on standard output
          legible extract movie.mp4 --track 3 -o english.srt
          legible extract movie.mp4 --track 3 -o english.ttml
          legible extract movie.mp4 --track 3 --format srt > english.srt
          legible extract movie.mp4 --track 3 --json | jq '.cues[0]'
          legible extract movie.mov --track 5 --channel CC1 -o captions.scc
          legible extract movie.mov --track 3 --forced-only -o es.forced.srt
          legible extract seg_1.m4s --init init.mp4 --track 1 -o part1.vtt

        Exit status: 0 on success; 2 if the file cannot be read, the track does not exist \
        (the error lists the tracks) or is not a text track.
        """)

    @Argument(help: "A QuickTime (.mov) or MPEG-4 (.mp4, .m4v) file, or a media segment (.m4s) with --init.")
    var file: String

    @Option(help: "The ID of the subtitle track (see `legible info`).")
    var track: UInt32

    @Option(help: "For a closed-caption track: the channel, CC1 (default), CC2, CC3 or CC4.")
    var channel: CEA608Channel?

    @Flag(help: "Only the cues the track marks forced (tx3g frcd, stpp itts:forcedDisplay).")
    var forcedOnly = false

    @OptionGroup var outputOptions: SubtitleOutputOptions

    @OptionGroup var initializationSegment: InitializationSegmentOption

    func run() throws {
        let movie = try Movie.openForCommand(path: file, initializationSegment: initializationSegment.path)
        guard let track = movie.track(id: track) else {
            let available = movie.tracks.map { "\($0.id) \($0.mediaType.rawValue) (\($0.codec?.description ?? "no codec"))" }
            throw CommandFailure("\(file): no track with ID \(self.track); tracks: \(available.joined(separator: ", "))")
        }
        var extracted: TextTrackContent
        var bursts: [CEA608Burst]?
        do {
            extracted = try TextTrackReader.movieContent(of: track, in: movie, channel: channel)
            if let chosen = extracted.channel, try outputOptions.resolvedFormat() == .scc {
                let fields = try TextTrackReader.captionBursts(of: track, in: movie, frameRate: .ntsc)
                bursts = chosen.field == .one ? fields.field1 : fields.field2
            }
        } catch let error as TextTrackReadError {
            throw CommandFailure(file: "\(file): track \(track.id)", error)
        }
        if forcedOnly {
            do {
                extracted.cues = try ForcedCueSelection.forcedCues(extracted.cues, of: track)
            } catch {
                throw CommandFailure("\(file): track \(track.id): no forced cues to write: \(error)")
            }
        }
        let lost = try outputOptions.losses(of: extracted.cues, header: extracted.header)
        // Forced-only output is forced as a whole: the flag is what the file is for, not a loss.
        let losses = extracted.losses + (forcedOnly ? lost.filter { $0.kind != .forced } : lost)
        if let captions = extracted.captions {
            for problem in captions.report.problems where !outputOptions.quiet { printWarning("\(file): track \(track.id): \(problem)") }
        }
        let language = (try? LanguageTag(parsing: track.displayLanguage)).flatMap { $0.iso639Code == "und" ? nil : $0.shortestForm.description }
        try outputOptions.emit(extracted.cues, header: extracted.header, language: language, captionBursts: bursts, losses: losses,
                               source: "\(file): track \(track.id)", report: [
            ("file", .string(file)), ("track", .unsigned(track.id)), ("codec", .string(track.codec?.description)),
            ("channel", .string(extracted.channel?.rawValue)),
            ("cues", .cues(extracted.cues)),
        ])
    }
}
