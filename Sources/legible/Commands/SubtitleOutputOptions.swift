import ArgumentParser
import ISOBMFF
import TimedText

/// The output options `extract` and `convert` share, and how their result is written.
struct SubtitleOutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")], help: "The file to write (.vtt or .srt); standard output if omitted.")
    var output: String?

    @Option(help: "The output format: vtt or srt (default: from the -o extension, else vtt).")
    var format: SubtitleOutputFormat?

    @Flag(help: "Print the cues as JSON instead of a subtitle file (with -o, the file is written too).")
    var json = false

    func validate() throws {
        _ = try resolvedFormat()
    }

    func resolvedFormat() throws -> SubtitleOutputFormat {
        try SubtitleOutputFormat.resolve(explicit: format, output: output, fallback: .vtt)
    }

    /// Prints `report` as JSON when asked (then writes the file only if -o names one), otherwise
    /// writes the cues as a subtitle file to -o or standard output.
    /// The format was checked in `validate()`, so only writing can fail here (a ``BoxError``).
    func emit(_ cues: [Cue], header: WebVTTHeader?, report: @autoclosure () -> JSONValue) throws {
        let text = try resolvedFormat().render(cues, header: header)
        if json {
            print(report().rendered())
            if output != nil { try SubtitleOutputFile.save(text, to: output) }
        } else {
            try SubtitleOutputFile.save(text, to: output)
        }
    }
}
