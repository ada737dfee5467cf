import ArgumentParser
import ISOBMFF
import Movie
import Remux

/// `legible set-track`: change how players see a track, without touching its samples.
struct SetTrackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-track",
        abstract: "Change a track's language, name, alternate group, default state, characteristics or references, or repair a subtitle track's handler and placement.",
        discussion: """
        Only what you ask for changes; samples are never touched. --language takes a BCP 47 tag: \
        mdhd gets its ISO 639-2 code, and elng the full tag when it says more (pt-BR, zh-Hant); \
        an elng that would contradict the new language is removed. --default enables the track \
        and disables the others of its alternate group (players take the enabled track of a \
        group as its default). References are TYPE:ID[,ID…]: folw (sound → subtitle to show with \
        it), forc (subtitle → its forced-only twin), chap (→ chapter track), cdsc (metadata → \
        described track).

        --remove-characteristic X also removes a tag written as X followed by NUL bytes, which \
        players ignore (they compare tags exactly); removal runs before --characteristic, so \
        giving both with the same X turns such a tag into a proper one.

        Repairs for subtitle tracks: --handler sbtl makes a QuickTime text track ('text' \
        handler) whose samples are tx3g a subtitle track, as Apple players expect (handler \
        sbtl, media header nmhd); tracks with QuickTime text samples must be re-created with \
        'legible extract' and 'legible add-subtitles' instead. --fit-to-video sets a tx3g \
        track's size and position from its default text box and the main video: along the \
        bottom of the video, or over all of it when samples may be placed at the top (QTFF \
        "Subtitle track header size and placement").

        Examples:
          legible set-track movie.mov --track 4 --language pt-BR --name "Português" --default --in-place
          legible set-track movie.mov --track 5 --sdh -o movie-tagged.mov
          legible set-track movie.mov --track 2 --add-reference folw:5 --in-place
          legible set-track movie.mp4 --track 3 --remove-characteristic public.easy-to-read --group 2 -o out.mp4
          legible set-track movie.mov --track 5 --remove-characteristic public.easy-to-read --characteristic public.easy-to-read --in-place
          legible set-track movie.mov --track 5 --handler sbtl -o fixed.mov
          legible set-track movie.mov --track 5 --fit-to-video --in-place

        Exit status: 0 on success; 2 on bad input or usage.
        """)

    @Argument(help: "The movie (.mov, .mp4, .m4v).")
    var movie: String

    @Option(help: "The ID of the track to change (see 'legible info').")
    var track: UInt32

    @OptionGroup var properties: TrackPropertyOptions

    /// `--enable` or `--disable`.
    enum EnabledState: String, EnumerableFlag {
        case enable, disable

        static func help(for value: EnabledState) -> ArgumentHelp? {
            value == .enable ? "Enable the track (players may play or show it by default)." : "Disable the track."
        }
    }

    @Flag var enabledState: EnabledState?

    @Option(help: "A media characteristic to remove (repeatable); a tag of it followed by NUL bytes goes too.")
    var removeCharacteristic: [String] = []

    @Option(help: ArgumentHelp("The new handler type; only sbtl, for a QuickTime text track with tx3g samples.", valueName: "4cc"))
    var handler: String?

    @Flag(help: "Size and place a tx3g subtitle track from its default text box and the main video.")
    var fitToVideo = false

    @Option(help: "A reference to add, TYPE:ID[,ID…] (repeatable), e.g. folw:5.")
    var addReference: [TrackReferenceArgument] = []

    @Option(help: "A reference to remove, TYPE:ID[,ID…] or TYPE for all of a type (repeatable).")
    var removeReference: [TrackReferenceArgument] = []

    @OptionGroup var outputOptions: EditOutputOptions

    func validate() throws {
        if let handler, FourCC(handler) == nil { throw ValidationError("--handler: '\(handler)' is not a four-character code such as sbtl") }
        if changes.isEmpty { throw ValidationError("nothing to change: give at least one of --language, --name, --group, --enable/--disable, --default, --sdh, --characteristic, --add-reference, --handler, --fit-to-video …") }
    }

    private var changes: TrackChanges {
        TrackChanges(language: try? languageTag(properties.language), name: properties.name, alternateGroup: properties.group,
                     isEnabled: enabledState.map { $0 == .enable }, makesDefault: properties.isDefault,
                     addedCharacteristics: properties.addedCharacteristics,
                     removedCharacteristics: removeCharacteristic, addedReferences: addReference.map(\.reference),
                     removedReferences: removeReference.map(\.reference), handler: handler.flatMap { FourCC($0) },
                     fitsTextBoxToVideo: fitToVideo)
    }

    func run() throws {
        try outputOptions.run(movie: movie) { _ in
            EditPlan(trackChanges: [TrackChangeRequest(trackID: track, changes: changes)],
                     brand: outputOptions.resolvedBrand(sourcePath: movie))
        } describe: { report in
            ["changed track \(track) in \(report.path)"]
        }
    }
}
