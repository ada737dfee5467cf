import ArgumentParser
import Movie

/// `--past-end`: what a new track does with what runs past the movie's end.
struct PastEndOption: ParsableArguments {
    @Option(help: ArgumentHelp("What runs past the movie's end: clip (leave out and cut, with a warning), extend (lengthen the movie, with a warning) or refuse.",
                               valueName: "clip|extend|refuse"))
    var pastEnd: PastEndPolicy = .clip
}

extension PastEndPolicy: ExpressibleByArgument {}
