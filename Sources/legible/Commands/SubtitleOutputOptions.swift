import Conversion
import ArgumentParser
import ISOBMFF
import TimedText

/// The output options `extract` and `convert` share, and how their result is written.
struct SubtitleOutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")], help: "The file to write (.vtt, .srt, .ttml or .scc); standard output if omitted.")
    var output: String?

    @Option(help: "The output format: vtt, srt, ttml (IMSC1 Text) or scc (default: from the -o extension, else vtt).")
    var format: SubtitleOutputFormat?

    @OptionGroup var writing: WritingOptions

    @Flag(help: "Refuse to write anything when the output format cannot carry everything read (exit 2).")
    var strict = false

    /// With `--json` the cues are printed as JSON instead of a subtitle file (with -o, the
    /// file is written too).
    var json: Bool { writing.json }
    /// With `--quiet`, warnings are left out; the subtitle text on standard output is the
    /// output itself, so it stays.
    var quiet: Bool { writing.quiet }

    func validate() throws {
        _ = try resolvedFormat()
    }

    /// The file `-o` names, when it is not standard output (`-`).
    private var outputFile: String? { output == "-" ? nil : output }

    func resolvedFormat() throws -> SubtitleOutputFormat {
        try SubtitleOutputFormat.resolve(explicit: format, output: output, fallback: .vtt)
    }

    /// What `cues` and a WebVTT `header` (its STYLE blocks) lose in the output format (for
    /// SCC cues, the encoder says it as it encodes).
    func losses(of cues: [Cue], header: WebVTTHeader?) throws -> [ConversionLoss] {
        switch try resolvedFormat() {
        case .vtt: SubtitleTarget.webVTT.losses(of: header) + SubtitleTarget.webVTT.losses(of: cues)
        case .srt: SubtitleTarget.subRip.losses(of: header) + SubtitleTarget.subRip.losses(of: cues)
        case .ttml: SubtitleTarget.ttml.losses(of: header) + SubtitleTarget.ttml.losses(of: cues)
        case .scc: header?.styleBlockLoss(in: "SCC", hint: "WebVTT keeps them").map { [$0] } ?? []
        }
    }

    /// Writes the cues as a subtitle file to -o or standard output, or prints `report` as JSON
    /// when asked (with its losses; the file is written too if -o names one). SCC output is
    /// `captionBursts` exactly when given (a closed-caption track's own pairs), else the cues
    /// encoded. `losses` and what the encoder could not carry are named first (warnings, or
    /// with `--strict` an error and nothing written); captions it shows late are warnings.
    /// The format was checked in `validate()`, so only writing can fail here (a ``BoxError``).
    func emit(_ cues: [Cue], header: WebVTTHeader?, language: String? = nil, captionBursts: [CEA608Burst]? = nil, losses: [ConversionLoss],
              source: String, report: @autoclosure () -> [(String, JSONValue)]) throws {
        if let outputFile { try OutputTarget.file(outputFile).check(overwrite: writing.overwrite) }
        let format = try resolvedFormat()
        var losses = losses
        let text: String
        if format == .scc, let captionBursts {
            text = SCCWriter.write(bursts: captionBursts)
        } else {
            let rendered = format.render(cues, header: header, language: language)
            losses += rendered.warnings.compactMap(\.loss)
            for late in rendered.warnings where !late.isLoss && !quiet { printWarning("\(source): \(late)") }
            text = rendered.text
        }
        // --strict names what it refuses even when quiet.
        if !quiet || strict { ConversionLossReport.print(losses, prefix: source) }
        if strict, !losses.isEmpty {
            throw CommandFailure(ConversionLossReport.refusal(losses, prefix: source))
        }
        if json {
            print(JSONValue.object(report() + [("losses", ConversionLossReport.json(losses))]).rendered())
            if output != nil { try SubtitleOutputFile.save(text, to: output, replacingExisting: writing.overwrite) }
        } else {
            try SubtitleOutputFile.save(text, to: output, replacingExisting: writing.overwrite)
        }
    }
}
