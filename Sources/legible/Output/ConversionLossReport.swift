import Conversion
import TimedText

/// How a command shows what a conversion could not carry: one `warning:` line per kind of loss,
/// and the same in its JSON.
enum ConversionLossReport {
    /// Prints each loss as `warning: PREFIX: cues 4, 9: … ; …`.
    static func print(_ losses: [ConversionLoss], prefix: String?) {
        for loss in losses { printWarning((prefix.map { $0 + ": " } ?? "") + commandLine(loss).summary) }
    }

    /// The loss as the command line shows it: a hint that lengthening the movie keeps the cues
    /// (or groups) held to its end names the option that does it.
    static func commandLine(_ loss: ConversionLoss) -> ConversionLoss {
        guard loss.kind == .pastMovieEnd || loss.kind == .cutAtMovieEnd, loss.hint != nil else { return loss }
        var shown = loss
        shown.hint = loss.kind == .cutAtMovieEnd ? "--past-end extend keeps them whole" : "--past-end extend keeps them"
        return shown
    }

    /// The JSON of the losses: kind, what the numbers count, the numbers, message, hint,
    /// source and the line the warning prints.
    static func json(_ losses: [ConversionLoss]) -> JSONValue {
        .array(losses.map(commandLine).map { loss in
            .object([
                ("kind", .string(loss.kind.rawValue)),
                ("subject", .string(loss.subject.plural)),
                ("numbers", .array(loss.numbers.map { .integer(Int64($0)) })),
                ("message", .string(loss.message)),
                ("hint", .string(loss.hint)),
                ("source", .string(loss.source)),
                ("summary", .string(loss.summary)),
            ])
        })
    }

    /// The error line `--strict` ends with: the losses were printed above it.
    static func refusal(_ losses: [ConversionLoss], prefix: String) -> String {
        "\(prefix): --strict: \(losses.count == 1 ? "a kind of loss" : "\(losses.count) kinds of loss") (listed above); nothing was written"
    }

    /// The loss of leaving out a document's image subtitles (with `--skip-images`).
    static func skippedImages(_ lines: [Int]) -> ConversionLoss {
        ConversionLoss(kind: ConversionLoss.Kind(rawValue: "image-subtitles"), subject: ConversionLoss.Subject(singular: "line", plural: "lines"),
                       numbers: lines, message: "image subtitles (SMPTE-TT smpte:backgroundImage) are left out")
    }

    /// The change of writing cues that have no end (TTML text shown until the document ends,
    /// TTML1 §10.4) in a format whose cues need one.
    static func openEnds(_ cues: [Int]) -> ConversionLoss {
        ConversionLoss(kind: ConversionLoss.Kind(rawValue: "open-end"), numbers: cues,
                       message: "no end in the source (shown until the document ends): written ending at \(Cue.openEnd), the latest time there is",
                       hint: "TTML output keeps them open; add-subtitles ends them with the movie")
    }

    /// The refusal of a document with image subtitles, unless they may be left out.
    static func imageRefusal(_ lines: [Int], path: String) -> String {
        let list = ConversionLoss.listing(lines, subject: ConversionLoss.Subject(singular: "line", plural: "lines"))
        return "\(path): \(lines.count) image subtitle\(lines.count == 1 ? "" : "s") (SMPTE-TT smpte:backgroundImage, \(list)): image subtitles are not supported; --skip-images converts the text cues alone"
    }
}
