import ArgumentParser

/// The options every writing command shares, with the same names and help everywhere
/// (one contract for all): whether an existing output may be replaced, what is
/// printed and whether progress is shown. The option help here is the one description of the
/// contract, shown by every writing command's `--help`; ``OutputTarget`` enforces `--overwrite`.
struct WritingOptions: ParsableArguments {
    @Flag(help: "Replace an existing output: a regular file, or files of the same name in an output folder that is not empty (never a link, FIFO, device or folder).")
    var overwrite = false

    @Option(help: "Progress on standard error: auto (a bar when it is a terminal), bar, json (one object per line) or none. Commands whose work is short (extract, convert, hls, html, report, and a dry run) accept it and show none.")
    var progress: ProgressStyle = .auto

    @Flag(name: .shortAndLong, help: "Print nothing but errors (and the JSON that --json asks for).")
    var quiet = false

    @Flag(help: "Print what was written (or, without an output, what was found) as JSON on standard output.")
    var json = false
}
