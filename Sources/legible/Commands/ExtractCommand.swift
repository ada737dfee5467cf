import ArgumentParser
import ISOBMFF
import Movie
import TimedText

/// `legible extract`: a subtitle track back to a subtitle file.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Write a subtitle track (tx3g, wvtt or QuickTime text) out as a WebVTT or SubRip file.",
        discussion: """
        Each non-empty sample becomes a cue; consecutive samples showing the same text are \
        merged back into one cue. Bold, italic, underline and colours are kept where the output \
        format can carry them (SubRip: <b> <i> <u> <font color>; WebVTT: <b> <i> <u> and the \
        default colour classes); top-placed tx3g samples get {\\an8} or line:0, a tx3g text box \
        (tbox) WebVTT line/position/size, karaoke (krok) inner timestamps; a wvtt track's \
        header (STYLE and REGION blocks) is kept in WebVTT output. What the output cannot carry \
        (forced flags, font sizes, tx3g highlighting and blinking, …) is named, one warning per \
        kind with the cue numbers; --strict refuses to write instead. Only the text of QuickTime \
        text samples is read. Times are media times (edit lists are not applied).

        Without -o the file is written to standard output. With -o it is written to a \
        temporary file next to the target, synced, then renamed over it.

        Examples:
          legible extract movie.mov --track 4                  WebVTT on standard output
          legible extract movie.mp4 --track 3 -o english.srt
          legible extract movie.mp4 --track 3 --format srt > english.srt
          legible extract movie.mp4 --track 3 --json | jq '.cues[0]'

        Exit status: 0 on success; 2 if the file cannot be read, the track does not exist \
        (the error lists the tracks) or is not a text track.
        """)

    @Argument(help: "A QuickTime (.mov) or MPEG-4 (.mp4, .m4v) file.")
    var file: String

    @Option(help: "The ID of the subtitle track (see `legible info`).")
    var track: UInt32

    @OptionGroup var outputOptions: SubtitleOutputOptions

    func run() throws {
        let movie = try Movie.openForCommand(path: file)
        guard let track = movie.track(id: track) else {
            let available = movie.tracks.map { "\($0.id) \($0.mediaType.rawValue) (\($0.codec?.description ?? "no codec"))" }
            printError("\(file): no track with ID \(self.track); tracks: \(available.joined(separator: ", "))")
            throw ExitCode(2)
        }
        let extracted: TextTrackContent
        do {
            extracted = try TextTrackReader.content(of: track, in: movie)
        } catch {
            printError("\(file): track \(track.id): \(error)")
            throw ExitCode(2)
        }
        let losses = extracted.losses + (try outputOptions.losses(of: extracted.cues))
        try outputOptions.emit(extracted.cues, header: extracted.header, losses: losses, source: "\(file): track \(track.id)", report: [
            ("file", .string(file)), ("track", .unsigned(track.id)), ("codec", .string(track.codec?.description)),
            ("cues", .cues(extracted.cues)),
        ])
    }
}
