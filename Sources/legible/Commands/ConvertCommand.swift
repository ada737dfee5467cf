import Conversion
import ArgumentParser
import ISOBMFF
import TimedText

/// `legible convert`: one subtitle format to another through the cue model.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert SubRip, WebVTT, TTML or SCC captions to WebVTT, SubRip, TTML (IMSC1 Text) or SCC, showing what Legible understood.",
        discussion: """
        The input is read into Legible's cue model, exactly as add-subtitles reads it before \
        muxing, then written out. What the parser tolerated (a skipped block, an unknown tag, a \
        cue that ends before it starts, a guessed encoding) is printed to standard error as \
        warnings with line numbers. The input format comes from the extension (.srt, .vtt, \
        .ttml, .xml, .dfxp, .scc), else from the content.

        An SCC input is decoded as a CEA-608 decoder shows it (--channel CC1, the default, or \
        CC2). SCC output encodes the cues as CC1 pop-on captions at 29.97 drop-frame: what \
        CEA-608 cannot show is named in a warning, or refused with --strict.

        TTML output (.ttml, .xml, .dfxp, or --format ttml) is an IMSC1 Text Profile document: \
        one p per cue in a top or bottom region, styles as inline tts attributes, forced cues \
        itts:forcedDisplay, the input's language as xml:lang.

        Styling is kept where the output can carry it; a WebVTT input's header (STYLE, REGION) \
        is kept in WebVTT output. What the output cannot carry (in SubRip: voices, classes, \
        positions, karaoke timing, cue identifiers, STYLE blocks, …; in WebVTT: forced flags, \
        font sizes, font families, outlines, text and background colours outside its colour \
        classes) is named, one warning per kind with the cue numbers (STYLE blocks by number); \
        --strict refuses to write instead. With --json the cues are printed as JSON (times in seconds and \
        as timestamps, text, markup, settings, placement, forced) and, with -o, also written.

        Examples:
          legible convert movie.srt -o movie.vtt
          legible convert captions.ttml -o captions.srt
          legible convert movie.srt -o movie.ttml             IMSC1 Text TTML
          legible convert movie.vtt --json | jq '.cues | length'
          legible convert messy.srt --format vtt              WebVTT on standard output
          legible convert styled.vtt -o plain.srt --strict    refuses: SubRip has no voices
          legible convert captions.scc -o captions.srt
          legible convert movie.srt -o movie.scc --strict
          legible convert pal.srt --fps 25:24000/1001 -o film.srt
          legible convert broadcast.scc --timecode-origin auto -o captions.srt

        An SCC input's lines are moved on its 29.97 grid (SCC output keeps them exactly); \
        without a movie, a file is said to look timed from an origin only when it declares \
        ttp:timeBase="smpte".

        \(RetimingOptions.discussion(pastEnd: false))

        Exit status: 0 on success (even with warnings); 2 if the input cannot be read or parsed, \
        holds image subtitles (without --skip-images), or would lose something with --strict.
        """)

    @Argument(help: "A SubRip (.srt), WebVTT (.vtt), TTML (.ttml, .xml, .dfxp) or SCC (.scc) file.")
    var input: String

    @Flag(help: "Leave out image subtitles (SMPTE-TT smpte:backgroundImage) and convert the text cues alone; without it such a file is refused.")
    var skipImages = false

    @Option(help: "For SCC input: the channel to read, CC1 (default) or CC2.")
    var channel: CEA608Channel?

    @OptionGroup var retimingOptions: RetimingOptions

    @OptionGroup var outputOptions: SubtitleOutputOptions

    func run() throws {
        let document: SubtitleDocument
        var bursts: [CEA608Burst]?
        let retimed: (losses: [ConversionLoss], retiming: CueRetiming)
        do {
            switch try CaptionFile.read(input) {
            case .cues(let cues):
                let moved = retimingOptions.retimed(cues, file: input, movieEnd: nil, quiet: outputOptions.quiet)
                (document, retimed) = (moved.document, (moved.losses, moved.retiming))
            case .scc(let source):
                let moved = retimingOptions.retimed(source, file: input, movieEnd: nil, quiet: outputOptions.quiet)
                let scc = moved.document
                retimed = (moved.losses, moved.retiming)
                let captions = scc.captions()
                let channel = channel ?? .cc1
                // The cue model has no SCC format of its own; the JSON says "scc" (below).
                document = SubtitleDocument(format: .subRip, cues: captions.cues(for: channel),
                                            warnings: captions.report.problems.map { SubtitleDiagnostic(line: nil, message: $0) })
                bursts = scc.bursts
            }
        } catch {
            throw CommandFailure(file: nil, error)
        }
        for warning in document.warnings where !outputOptions.quiet { printWarning("\(input): \(warning)") }
        var losses = retimed.losses
        if !document.imageLines.isEmpty {
            guard skipImages else {
                throw CommandFailure(ConversionLossReport.imageRefusal(document.imageLines, path: input))
            }
            losses.append(ConversionLossReport.skippedImages(document.imageLines))
        }
        losses += try outputOptions.losses(of: document.cues, header: document.webVTTHeader)
        let openEnded = document.cues.indices.filter { document.cues[$0].hasOpenEnd }.map { $0 + 1 }
        if !openEnded.isEmpty, try outputOptions.resolvedFormat() != .ttml { losses.append(ConversionLossReport.openEnds(openEnded)) }
        do {
            try outputOptions.emit(document.cues, header: document.webVTTHeader, language: document.language, captionBursts: bursts, losses: losses, source: input, report: [
                ("file", .string(input)), ("format", .string(bursts == nil ? document.format.rawValue : "scc")),
                ("language", .string(document.language)), ("retiming", RetimingOptions.json(retimed.retiming, file: input)),
                ("cues", .cues(document.cues)),
                ("warnings", .array(document.warnings.map { warning in
                    .object([("line", warning.line.map { .integer(Int64($0)) } ?? .null), ("message", .string(warning.message))])
                })),
            ])
        } catch {
            throw CommandFailure(file: nil, error)
        }
    }
}
