import Remux

extension EditError {
    /// The error as the command line prints it: the library's words, and for the refusals a
    /// user gets past by changing the command, the option or command that does it.
    var commandLineMessage: String {
        switch self {
        case let .refusedLosses(losses):
            EditError.refusedLosses(losses.map(ConversionLossReport.commandLine)).description
        case .followAudioNeedsLanguage:
            "--follow-audio auto needs the subtitle language (--language)"
        case .noSoundTrack:
            "\(description); name one with --follow-audio TRACK"
        case .handlerChangeNeedsTx3g:
            "\(description): re-create it with 'legible extract' and 'legible add-subtitles'"
        case .inPlaceNeedsRewrite(.removedBoxRunsToEnd), .inPlaceNeedsRewrite(.lastBoxTooLarge), .inPlaceNeedsRewrite(.movieDoesNotFit),
             .inPlaceNeedsRewrite(.severalMovieBoxes):
            "\(description); write a new file with -o instead"
        case .inPlaceWriteFailed(_, outcome: .removedBytesNotErased):
            "\(description): run the same command again to finish"
        case .inPlaceWriteFailed(_, outcome: .undoFailed):
            "\(description), which the next edit or 'legible strip' tidies up"
        case .verificationFailed:
            "\(description); this is a fault in Legible, not in the file: please report it"
        case .fragmentedMovie:
            "\(description); write a new file with -o (a regular movie, or --keep-fragments)"
        case .cannotKeepFragments:
            "\(description); without --keep-fragments, -o writes a regular movie, which can take this edit"
        default:
            description
        }
    }
}
