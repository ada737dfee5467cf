import ArgumentParser
import ISOBMFF
import Metadata
import Movie

/// `legible metadata`: a movie's static metadata items, as AVFoundation names them.
struct MetadataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metadata",
        abstract: "Show a movie's metadata items: user data, QuickTime metadata keys and iTunes lists.",
        discussion: """
        Lists every static metadata item, grouped by scope (the movie, then each track), one line \
        per item: identifier, language, value type and value. Identifiers are written as \
        AVFoundation writes them: udta/©nam (QuickTime user data), uiso/titl (3GPP user data), \
        mdta/com.apple.quicktime.title (QuickTime metadata keys), itsk/©nam (iTunes), \
        itlk/com.apple.iTunes.iTunSMPB (iTunes freeform). Locations are also shown as latitude \
        and longitude. Every user-data box is listed, even those shown only as bytes.

        Only the movie structure is read (moov, inflated when compressed), never sample data.

        Examples:
          legible metadata movie.mov
          legible metadata --timed --json iphone.mov     with the samples of timed metadata tracks
          legible metadata --json movie.mp4 | jq '.items[] | select(.keySpace == "mdta")'
          legible metadata --json clip.mov | jq -r '.items[] | "\\(.identifier) \\(.value)"'

        Exit status: 0 on success; 2 if the file could not be read (the error names the box \
        path and byte offset). Damaged items are reported as warnings and do not stop the others.
        """)

    @Argument(help: "A QuickTime (.mov) or MPEG-4 (.mp4, .m4v, .m4a) file.")
    var file: String

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Also read the timed metadata tracks (mebx): their keys and every sample's items, start and duration.")
    var timed = false

    func run() throws {
        let movie = try Movie.openForCommand(path: file)
        var timedTracks: [TimedMetadataTrack]?
        if timed {
            do {
                timedTracks = try movie.tracks.filter(TimedMetadataTrack.isTimedMetadata).map { track throws(BoxError) in
                    try TimedMetadataTrack.read(track, in: movie)
                }
            } catch {
                throw CommandFailure(file: file, error)
            }
        }
        let report = MetadataReport(path: file, movie: movie, reading: MetadataReader.items(in: movie), timedTracks: timedTracks)
        if json {
            print(report.json.rendered())
        } else {
            printLines(report.text)
            for warning in report.warnings { printWarning("\(file): \(warning)") }
        }
    }
}
