import ArgumentParser
import ISOBMFF
import Movie
import TextTracks

/// `legible chapters`: a movie's chapter list.
struct ChaptersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chapters",
        abstract: "Show a movie's chapters: start time and title, and where they are kept.",
        discussion: """
        Chapters are read from a QuickTime chapter track (a text track another track lists in \
        tref/chap, QTFF "Chapter lists": what Apple players show), in movie time through the \
        track's edit list, and from a Nero chapter list (moov/udta/chpl, what FFmpeg also \
        writes). When a movie has both, the chapter track is shown and the other is named: \
        Apple players read only the track, and ffmpeg lets the track replace chpl entry by \
        entry. A track that cannot be read leaves chpl shown.

        The JSON is the input add-chapters reads, so a list can be read, edited and written:
          {"file", "chapters": [{"start": 0, "startTime": "00:00:00.000", "end": 2,
           "endTime": "00:00:02.000", "title": "Opening"}, …],
           "source": {"type": "quickTimeTrack", "trackID": 3, "count": 3} or {"type": "nero", …},
           "otherSources": […], "choice": why the source was chosen, or null, "problems": […]}

        Examples:
          legible chapters movie.mov
          legible chapters --json movie.m4b > chapters.json
          legible add-chapters movie.mov chapters.json -o copy.mov

        Exit status: 0 on success (also without chapters); 2 when the file or its only chapter \
        list cannot be read.
        """)

    @Argument(help: "A QuickTime (.mov) or MPEG-4 (.mp4, .m4v, .m4a, .m4b) file.")
    var file: String

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let movie = try Movie.openForCommand(path: file)
        let chapters = ChapterReader.chapters(in: movie)
        let report = ChapterReport(chapters: chapters)
        let failed = chapters.lists.isEmpty && !chapters.problems.isEmpty
        if json {
            print(JSONValue.object([("file", .string(file))] + report.jsonMembers).rendered())
        } else {
            for line in report.sourceLines { printLines("\(file): \(line)") }
            for line in report.chapterLines { printLines(line) }
        }
        for problem in chapters.problems {
            if failed { printError("\(file): \(problem)") } else { printWarning("\(file): \(problem)") }
        }
        if failed { throw ExitCode(2) }
    }
}
