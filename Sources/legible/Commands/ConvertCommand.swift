import ArgumentParser
import ISOBMFF
import TimedText

/// `legible convert`: one subtitle format to another through the cue model.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert SubRip, WebVTT or TTML subtitles to WebVTT or SubRip, showing what Legible understood.",
        discussion: """
        The input is read into Legible's cue model, exactly as add-subtitles reads it before \
        muxing, then written out. What the parser tolerated (a skipped block, an unknown tag, a \
        cue that ends before it starts, a guessed encoding) is printed to standard error as \
        warnings with line numbers. The input format comes from the extension (.srt, .vtt, \
        .ttml, .xml, .dfxp), else from the content.

        Styling is kept where the output can carry it; a WebVTT input's header (STYLE, REGION) \
        is kept in WebVTT output. What the output cannot carry (in SubRip: voices, classes, \
        positions, karaoke timing, …; in WebVTT: forced flags, font sizes, outlines, colours \
        outside its colour classes) is named, one warning per kind with the cue numbers; \
        --strict refuses to write instead. With --json the cues are printed as JSON (times in seconds and \
        as timestamps, text, markup, settings, placement, forced) and, with -o, also written.

        Examples:
          legible convert movie.srt -o movie.vtt
          legible convert captions.ttml -o captions.srt
          legible convert movie.vtt --json | jq '.cues | length'
          legible convert messy.srt --format vtt              WebVTT on standard output
          legible convert styled.vtt -o plain.srt --strict    refuses: SubRip has no voices

        Exit status: 0 on success (even with warnings); 2 if the input cannot be read or parsed, \
        holds image subtitles (without --skip-images), or would lose something with --strict.
        """)

    @Argument(help: "A SubRip (.srt), WebVTT (.vtt) or TTML (.ttml, .xml, .dfxp) file.")
    var input: String

    @Flag(help: "Leave out image subtitles (SMPTE-TT smpte:backgroundImage) and convert the text cues alone; without it such a file is refused.")
    var skipImages = false

    @OptionGroup var outputOptions: SubtitleOutputOptions

    func run() throws {
        let document = try SubtitleInputFile.readForCommand(input)
        var losses: [ConversionLoss] = []
        if !document.imageLines.isEmpty {
            guard skipImages else {
                printError(ConversionLossReport.imageRefusal(document.imageLines, path: input))
                throw ExitCode(2)
            }
            losses.append(ConversionLossReport.skippedImages(document.imageLines))
        }
        losses += try outputOptions.losses(of: document.cues)
        do {
            try outputOptions.emit(document.cues, header: document.webVTTHeader, losses: losses, source: input, report: [
                ("file", .string(input)), ("format", .string(document.format.rawValue)),
                ("language", .string(document.language)), ("cues", .cues(document.cues)),
                ("warnings", .array(document.warnings.map { warning in
                    .object([("line", warning.line.map { .integer(Int64($0)) } ?? .null), ("message", .string(warning.message))])
                })),
            ])
        } catch let error as BoxError {
            printError("\(error)")
            throw ExitCode(2)
        }
    }
}
