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

        Examples:
          legible info movie.mov
          legible info --json movie.mp4 | jq '.tracks[] | {id, language, alternateGroup}'
          legible info *.mov            (a bad file is reported and the others still shown)

        Exit status: 0 on success; 2 if any file could not be read (the error names the box \
        path and byte offset).
        """)

    @Argument(help: "QuickTime (.mov) or MPEG-4 (.mp4, .m4v, .m4a) files.")
    var files: [String]

    @Flag(help: "Print JSON (one object for one file, an array for several).")
    var json = false

    func run() throws {
        var failed = false
        var results: [JSONValue] = []
        var texts: [String] = []
        for path in files {
            do throws(BoxError) {
                let report = MovieReport(path: path, movie: try Movie.open(path: path))
                if json { results.append(report.json) } else { texts.append(report.text) }
            } catch {
                failed = true
                printError("\(path): \(error)")
                if json { results.append(.object([("file", .string(path)), ("error", .string(error.description))])) }
            }
        }
        if json {
            print(files.count == 1 ? results.first?.rendered() ?? "null" : JSONValue.array(results).rendered())
        } else if !texts.isEmpty {
            print(texts.joined(separator: "\n\n"))
        }
        if failed { throw ExitCode(2) }
    }
}
