import ArgumentParser
import ISOBMFF
import TimedText

/// The output options `extract` and `convert` share, and how their result is written.
struct SubtitleOutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")], help: "The file to write (.vtt, .srt or .scc); standard output if omitted.")
    var output: String?

    @Option(help: "The output format: vtt, srt or scc (default: from the -o extension, else vtt).")
    var format: SubtitleOutputFormat?

    @Flag(help: "Refuse (exit 2, nothing written) when SCC output cannot carry all of the text (characters, rows or styles CEA-608 lacks).")
    var strict = false

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
    /// SCC output is `captionBursts` exactly when given (a closed-caption track's own pairs),
    /// else the cues encoded; what the encoder could not carry is a warning, or with --strict an
    /// error. The format was checked in `validate()`.
    func emit(_ cues: [Cue], header: WebVTTHeader?, captionBursts: [CEA608Burst]? = nil, source: String,
              report: @autoclosure () -> JSONValue) throws {
        let format = try resolvedFormat()
        let text: String
        if format == .scc, let captionBursts {
            text = SCCWriter.write(bursts: captionBursts)
        } else {
            let rendered = format.render(cues, header: header)
            try CaptionEncodingReport.check(rendered.warnings, file: source, strict: strict, quiet: false)
            text = rendered.text
        }
        if json {
            print(report().rendered())
            if output != nil { try SubtitleOutputFile.save(text, to: output) }
        } else {
            try SubtitleOutputFile.save(text, to: output)
        }
    }
}
