import ArgumentParser
import Delivery
import Language
import Movie

/// `legible html`: `<track>` elements and the WebVTT files they point to.
struct HTMLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "html",
        abstract: "Write a movie's subtitle tracks as WebVTT files and print the HTML <track> elements that offer them.",
        discussion: """
        One <track> per subtitle or caption track a player would offer (chapter tracks left \
        out; a forc pair's forced-only twin included): kind="captions" for SDH (tagged \
        transcribes-spoken-dialog and describes-music-and-sound) and closed captions, else \
        kind="subtitles" (forced-only tracks too, labelled "(Forced)", as HTML has no kind for \
        them); srclang the short BCP 47 tag (eng -> en); label the name `legible info` shows (--names native: \
        the language named in itself, "Español"); \
        default on the track a player picks by default (the enabled one of the subtitle \
        group, unless it is SDH or captions; --default-track names it outright), at most one; \
        a full track lacking its forced-only twin's cues gets them. Attribute values are HTML-escaped.

        Each track is written to the output folder as MOVIE.TRACK.LANGUAGE.vtt (movie.5.es.vtt), \
        times on the movie timeline (the track's edit list applied), through a temporary file \
        renamed into place. Existing files of those names are refused unless --overwrite (the \
        folder may hold other files: web pages keep their media beside them). --json prints \
        the tracks and elements; --quiet prints nothing but errors.

        Examples:
          legible html movie.mov                   WebVTT files here, <track> lines printed
          legible html movie.mov -o site/media
          legible html movie.mov --json | jq -r '.tracks[].html'

        Exit status: 0 on success; 2 if the file cannot be read, has no subtitle track, has a \
        subtitle track whose media is in another file (check rule self-contained), or a file \
        would be overwritten.
        """)

    @Argument(help: "A QuickTime (.mov) or MPEG-4 (.mp4, .m4v) file.")
    var file: String

    @Option(name: [.customShort("o"), .customLong("output")], help: "The folder for the WebVTT files (default: the current folder).")
    var output = "."

    @Option(help: "Name languages in English (Spanish, as `legible info` does) or in themselves (Español, from CLDR).")
    var names: LanguageNaming = .english

    @Option(help: "The track whose subtitles are the default (even SDH or captions, which are otherwise never the default).")
    var defaultTrack: UInt32?

    @OptionGroup var writing: WritingOptions
    var overwrite: Bool { writing.overwrite }
    var json: Bool { writing.json }

    func run() throws {
        let movie = try Movie.openForCommand(path: file)
        let package = try DeliveryCommandLine.run(file) { () throws(DeliveryError) in
            try HTMLPackage(movie: movie, movieName: DeliveryCommandLine.movieName(file), naming: names, defaultTrack: defaultTrack)
        }
        try DeliveryCommandLine.run(output) { () throws(DeliveryError) in
            try DeliveryFolder.write(package.files, into: output, existing: overwrite ? .overwrite : .refuseExistingFiles)
        }
        let warnings = DeliveryCommandLine.warnings(package.warnings, withheld: package.withheldDefaults)
        for warning in warnings where !writing.quiet { printWarning("\(file): \(warning)") }
        guard json else {
            if writing.quiet { return }
            printLines(package.elements.map(\.html).joined(separator: "\n"))
            return
        }
        let tracks: [JSONValue] = zip(package.tracks, package.elements).map { track, element in
            .object(DeliveryCommandLine.trackJSON(track) + [
                ("kind", .string(element.kind.rawValue)), ("label", .string(element.label)),
                ("file", .string(element.source)), ("html", .string(element.html)),
            ])
        }
        print(JSONValue.object([("file", .string(file)), ("output", .string(output)), ("tracks", .array(tracks)),
                                ("warnings", .array(warnings.map { .string($0) }))]).rendered())
    }
}
