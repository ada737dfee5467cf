import ArgumentParser
import ISOBMFF
import Movie

/// `legible info`: tracks, languages, groups and characteristics, as a player sees them.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a movie's tracks and the media-selection menus a player builds from them.",
        discussion: """
        For each track: ID, media type, handler, codec (sample entry), language (mdhd, with \
        Macintosh codes converted to ISO 639-2/T) and extended language (elng), alternate group, \
        enabled flag, name, tagged characteristics (tagc), roles (MP4 kind), track references, \
        sample count and duration, and data references to media outside the file (a dref entry \
        without the self-contained flag). Then the selection groups (visual, audible, legible) with each \
        option's display name, as Apple players label them ("English SDH", "Spanish (Forced)", \
        "French CC").

        Then the chapters, as 'legible chapters' shows them (a QuickTime chapter track, else \
        Nero udta/chpl).

        A closed-caption track (c608) also lists the CEA-608 channels that show captions, with \
        their cue counts.

        Only structure is read (ftyp, moov, moof), the few samples of a chapter track and those of \
        a closed-caption track, so it is fast on any size.

        With --init, the files are media segments (DASH or CMAF .m4s: styp, moof, mdat, no \
        moov) and are read after that initialization segment as one movie, the way a DASH \
        client reads them (ISO/IEC 23009-1: the initialization segment followed by media \
        segments is a conforming file). The initialization segment must have a moov with \
        mvex, and every fragment must be of a track it describes; an error names the file, \
        box path and offset. The report is of one movie, named 'INIT + SEGMENT ...'.

        Examples:
          legible info movie.mov
          legible info --json movie.mp4 | jq '.tracks[] | {id, language, alternateGroup}'
          legible info *.mov            (a bad file is reported and the others still shown)
          legible info --init init.mp4 seg_1.m4s seg_2.m4s

        Exit status: 0 on success; 2 if any file could not be read (the error names the box \
        path and byte offset).
        """)

    @Argument(help: "QuickTime (.mov) or MPEG-4 (.mp4, .m4v, .m4a) files; with --init, its media segments (.m4s), in order.")
    var files: [String]

    @Flag(help: "Print JSON (one object for one file, an array for several).")
    var json = false

    @OptionGroup var initializationSegment: InitializationSegmentOption

    /// What is reported: each file as a movie, or with `--init` the files as the media segments
    /// of one movie, named `init + segment…`.
    private var movies: [(name: String, open: () throws -> Movie)] {
        guard let initialization = initializationSegment.path else {
            return files.map { path in (path, { try Movie.open(path: path) }) }
        }
        let segments = SegmentedMovieFiles(initialization: initialization, mediaSegments: files)
        return [(([initialization] + files).joined(separator: " + "), { try segments.open() })]
    }

    func run() throws {
        var failed = false
        var results: [JSONValue] = []
        var texts: [String] = []
        let movies = self.movies
        for (name, open) in movies {
            do {
                let report = MovieReport(path: name, movie: try open())
                if json { results.append(report.json) } else { texts.append(report.text) }
            } catch {
                failed = true
                // A segment's error names the file it is in; a movie's is about the movie's file.
                let failure = CommandFailure(file: name, error)
                printError(failure.description)
                let text = error is SegmentError ? failure.description : CommandFailure.commandLineText(error)
                if json { results.append(.object([("file", .string(name)), ("error", .string(text))])) }
            }
        }
        if json {
            print(movies.count == 1 ? results.first?.rendered() ?? "null" : JSONValue.array(results).rendered())
        } else if !texts.isEmpty {
            printLines(texts.joined(separator: "\n\n"))
        }
        if failed { throw ExitCode(2) }
    }
}
