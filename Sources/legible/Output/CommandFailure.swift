import Delivery
import ISOBMFF
import Movie
import Remux

/// Why a command stopped: one `error:` line on standard error and exit status 2, printed by
/// `Legible.main`. Every failure a command reports goes this way, and every library error
/// becomes one through ``init(file:_:)``, which words it for the command line.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    /// A failure in the command's own words.
    init(_ description: String) { self.description = description }

    /// `error`, met while working on `file`: its words as the command line says them
    /// (``commandLineText(_:)``), after the file's name, unless the error names its own files
    /// (a failure already worded, a segment's error).
    init(file: String?, _ error: any Error) {
        switch error {
        case let failure as CommandFailure: self = failure
        case let error as SegmentError: description = error.description
        default: description = (file.map { "\($0): " } ?? "") + Self.commandLineText(error)
        }
    }

    /// A library error as the command line words it: the library's words, and for the refusals a
    /// user gets past by changing the command, the option or command that does it.
    static func commandLineText(_ error: any Error) -> String {
        switch error {
        case let error as EditError: error.commandLineMessage
        case let error as DeliveryError: DeliveryCommandLine.commandLineMessage(error)
        case let error as BoxError where error.kind == .segmentWithoutInitialization:
            "\(error); read the two together with --init INIT (info, extract, strip), or the segment alone with 'legible boxes'"
        default: "\(error)"
        }
    }
}
