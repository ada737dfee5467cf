import ArgumentParser
import ISOBMFF
import Movie
import Remux
import TimedText

/// `legible add-captions`: a CEA-608 closed-caption track from SCC, SubRip, WebVTT or TTML.
struct AddCaptionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-captions",
        abstract: "Add a CEA-608 closed-caption track (from SCC, SubRip, WebVTT or TTML) to a movie, copying everything else unchanged.",
        discussion: """
        The track is what QTFF calls closed-captioning media and Apple's players list as \
        "English CC": handler clcp, a c608 sample description, samples of cdat atoms holding \
        CEA-608 byte pairs (cdt2 for CC3/CC4), in the legible alternate group, disabled unless \
        --default, tagged as transcribing dialog and describing music and sound.

        An SCC file's byte pairs are carried exactly, each line a sample at its timecode. \
        SubRip, WebVTT and TTML cues are encoded as pop-on captions on the video's frame grid \
        (29.97 without video): at most 4 rows of 32 columns, loaded while the caption before is \
        shown and flipped on with EOC on the frame the cue starts; EDM clears the screen when a \
        cue ends. What 608 cannot show (characters outside its sets, a fifth row, bold, other \
        colours) is left out with a warning naming the cue, or refused with --strict; a caption \
        the 2-bytes-a-frame channel cannot load in time is reported with how many frames late.

        Captions past the movie's end are held to it as add-subtitles holds cues (--past-end): \
        clip (the default) leaves out byte pairs sent at or after the end and cuts the track \
        there, with a warning naming the caption bursts (SCC lines); extend lengthens the movie \
        to hold them; refuse writes nothing.

        Output as add-subtitles: -o writes a new file (moov first) through a temporary file; \
        --in-place appends to the source.

        Examples:
          legible add-captions movie.mov captions.scc --language en -o movie-cc.mov
          legible add-captions movie.mov en-sdh.srt --language en --strict -o movie-cc.mov
          legible add-captions movie.mov fr.vtt --language fr --channel CC3 --name "Français CC" --in-place
          legible add-captions movie.mov broadcast.scc --language en --timecode-origin auto -o movie-cc.mov

        An SCC file's lines stay on its 29.97 grid, each moved to the frame nearest its new \
        time; lines landing before 0 are left out and named.

        \(RetimingOptions.discussion(pastEnd: true))

        Exit status: 0 on success (warnings included); 2 on bad input or usage, or a loss with --strict.
        """)

    @Argument(help: "The movie (.mov, .mp4, .m4v).")
    var movie: String

    @Argument(help: "The captions: SCC (.scc), SubRip (.srt), WebVTT (.vtt) or TTML (.ttml, .xml, .dfxp).")
    var captions: String

    @Option(help: "The language, a BCP 47 tag (en, es-419, fr-CA).")
    var language: String

    @Option(help: "The 608 channel for text input: CC1 (default), CC2 (field 1), CC3 or CC4 (field 2). An SCC file names its own.")
    var channel: CEA608Channel?

    @Option(help: "The track name (udta name).")
    var name: String?

    @Flag(name: .customLong("default"), help: "Enable the track and disable the others of its alternate group.")
    var isDefault = false

    @OptionGroup var pastEndOption: PastEndOption

    @OptionGroup var retimingOptions: RetimingOptions

    @OptionGroup var outputOptions: EditOutputOptions

    func validate() throws {
        _ = try languageTag(language)
    }

    func run() throws {
        var applied = CueRetiming()
        try outputOptions.run(movie: movie) { editor in
            let properties = TrackChanges(language: try languageTag(language), name: name, alternateGroup: .automatic,
                                          makesDefault: isDefault, addedCharacteristics: MediaCharacteristic.subtitlesForDeafAndHardOfHearing)
            let made = try CaptionTrackRequest.reading(captions, channel: channel, properties: properties, movie: editor.movie,
                                                       retiming: retimingOptions, quiet: outputOptions.quiet)
            applied = made.retiming
            return EditPlan(brand: outputOptions.resolvedBrand(sourcePath: movie), captionTracks: [made.request], pastEnd: pastEndOption.pastEnd)
        } describe: { report in
            ["added closed-caption track \(report.addedTrackIDs.map(String.init).joined(separator: ", ")) to \(report.path) (\(report.fileSize) bytes)"]
        } json: {
            [("retiming", .array([RetimingOptions.json(applied, file: captions)]))]
        }
    }
}
