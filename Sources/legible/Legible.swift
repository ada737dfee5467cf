import ArgumentParser

/// The `legible` command: inspect and edit the structures of QuickTime and MPEG-4 files that
/// players use to choose tracks.
@main
struct Legible: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "legible",
        abstract: "Inspect and edit QuickTime (.mov) and MPEG-4 (.mp4/.m4v) files: tracks, languages, subtitles, metadata.",
        discussion: """
        Examples:
          legible add-subtitles movie.mov en-sdh.srt --language en --sdh -o movie-sdh.mov
                                                add an SDH subtitle track
          legible set-track movie.mov --track 4 --language pt-BR --default --in-place
                                                change a track's language and make it the default
          legible info movie.mov                tracks and selection groups
          legible info --json movie.mp4         the same, as JSON
          legible select movie.mov --languages es,en --prefer-sdh
                                                what a player picks for these preferences
          legible boxes --depth 3 movie.mp4     the box tree with decoded fields
          legible metadata movie.mov            metadata items (titles, locations, keys)
          legible set-metadata movie.mov --set title=Holiday --set title@fr=Vacances -o out.mov
                                                set a title in two languages
          legible strip holiday.mov -o share.mov
                                                a copy without location, device or capture data
          legible add-metadata-track movie.mov --from route.gpx --describes 1 -o out.mov
                                                timed location from a GPX track
          legible add-captions movie.mov captions.scc --language en -o movie-cc.mov
                                                add a CEA-608 closed-caption track
          legible extract movie.mov --track 4 -o es.srt
                                                a subtitle track to SRT or WebVTT
          legible convert film.srt -o film.vtt  what Legible reads in a subtitle file
          legible chapters movie.m4b            the chapter list and where it is kept
          legible add-chapters movie.mov chapters.txt -o out.mov
                                                replace the chapters
          legible hls movie.mov -o subs         subtitle tracks as HLS WebVTT renditions
          legible html movie.mov -o site        WebVTT files and <track> lines for a web page
          legible qc film.srt --profile bbc     subtitle quality against a published guideline
          legible report movie.mov -o report.html
                                                one HTML page of the movie's accessibility
          legible batch jobs.jsonl --jobs 4     a manifest of jobs, in parallel, resumably
        """,
        version: "0.1.0",
        subcommands: [InfoCommand.self, BoxesCommand.self, MetadataCommand.self, AddSubtitlesCommand.self,
                      AddMetadataTrackCommand.self, SetTrackCommand.self, SetMetadataCommand.self, StripCommand.self,
                      CheckCommand.self, SelectCommand.self, ExtractCommand.self, ConvertCommand.self, BatchCommand.self,
                      HLSCommand.self, PackageCommand.self, HTMLCommand.self, ChaptersCommand.self, AddChaptersCommand.self,
                      QCCommand.self, ReportCommand.self, AddCaptionsCommand.self, AddTrackCommand.self])

    /// Usage errors start `error:` like every other error line the tool prints (the argument
    /// parser's own default is `Error:`).
    static var _errorPrefix: String { "error: " }

    /// Runs the command; usage errors exit with status 2, like bad input.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            printError(failure.description)
            exit(withError: ExitCode(2))
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                printUsageError(fullMessage(for: error))
                Self.exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
