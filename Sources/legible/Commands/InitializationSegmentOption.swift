import ArgumentParser

/// `--init FILE`: the initialization segment of DASH or CMAF media, so that a command reads a
/// media segment (`.m4s`: `styp`, `moof`, `mdat`, no `moov`) after it, as one movie
/// (`SegmentedMovieFiles`).
struct InitializationSegmentOption: ParsableArguments {
    @Option(name: .customLong("init"),
            help: ArgumentHelp("An initialization segment (moov with mvex): the input is then a media segment read after it, as one movie.",
                               valueName: "file"))
    var path: String?
}
