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
        default colour classes); top-placed tx3g samples get {\\an8} or line:0; a wvtt track's \
        header (STYLE and REGION blocks) is kept in WebVTT output. Only the text of QuickTime \
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
        do {
            let extracted = try extract(track, from: movie)
            try outputOptions.emit(extracted.cues, header: extracted.header, report: .object([
                ("file", .string(file)), ("track", .unsigned(track.id)), ("codec", .string(track.codec?.description)),
                ("cues", .cues(extracted.cues)),
            ]))
        } catch let error as ExtractError {
            printError("\(file): track \(track.id): \(error.message)")
            throw ExitCode(2)
        } catch let error as SampleCodecError {
            printError("\(file): track \(track.id): \(error)")
            throw ExitCode(2)
        } catch let error as BoxError {
            printError("\(file): track \(track.id): \(error)")
            throw ExitCode(2)
        }
    }

    private struct ExtractError: Error {
        var message: String
    }

    /// The track's cues, and for `wvtt` the WebVTT header of its sample description.
    private func extract(_ track: Track, from movie: Movie) throws -> (cues: [Cue], header: WebVTTHeader?) {
        let codec = track.codec
        guard let entry = track.box.descendant(["mdia", "minf", "stbl", "stsd"])?.children.first,
              let codec, ["tx3g", "wvtt", "text"].contains(codec) else {
            throw ExtractError(message: "not a text track (it is \(track.mediaType.rawValue), \(codec?.description ?? "no sample description")); "
                + "extract reads tx3g, wvtt and QuickTime text tracks")
        }
        if movie.isFragmented, track.tableSampleCount == 0 {
            throw ExtractError(message: "the samples are in movie fragments (moof), which extract does not read")
        }
        let timescale = track.mediaHeader.timescale
        let samples = try SampleDataReader.textTrack.samples(of: track).map { data in
            TimedTextSample(start: Int64(clamping: data.sample.decodeTime), duration: Int64(data.sample.duration), bytes: data.bytes)
        }
        switch codec {
        case "tx3g":
            return (try Tx3gSampleDecoder.cues(from: samples, timescale: timescale, description: Tx3gSampleDescription(entry)), nil)
        case "wvtt":
            let description = try WebVTTSampleDescription(entry)
            return (try WebVTTSampleDecoder.cues(from: samples, timescale: timescale), description.header)
        default:
            return (try QuickTimeTextSampleDecoder.cues(from: samples, timescale: timescale), nil)
        }
    }
}
