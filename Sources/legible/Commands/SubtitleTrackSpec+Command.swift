import Conversion
import ArgumentParser
import Remux
import TimedText

extension SubtitleTrackSpec {
    /// Reads the subtitle file and builds the requests (the track, and its forced-only twin with
    /// `forcedTrack`, the first going at `firstIndex` of the plan), as `add-subtitles` reports it: warnings
    /// about the file are printed (unless `quiet`); a file with image subtitles is refused
    /// unless `skipImages` (and then still with `strict`). The cues are retimed as `retiming`
    /// says (its losses joining the track's) before anything else looks at them.
    func requests(quiet: Bool, skipImages: Bool, strict: Bool, retiming: RetimingOptions, movieEnd: SubtitleTime?,
                  firstIndex: Int) throws -> (requests: [SubtitleTrackRequest], retiming: CueRetiming) {
        var document: SubtitleDocument
        do {
            document = try SubtitleFile.read(file)
        } catch {
            throw CommandFailure(error.description)
        }
        if !quiet { for warning in document.warnings { printWarning("\(file): \(warning)") } }
        let retimed = retiming.retimed(document, file: file, movieEnd: movieEnd, quiet: quiet)
        document = retimed.document
        let skipsImages = skipImages && !strict
        if skipsImages, !quiet, !document.imageLines.isEmpty {
            ConversionLossReport.print([ConversionLossReport.skippedImages(document.imageLines)], prefix: file)
        }
        do {
            var requests = try requests(for: document, skipsImages: skipsImages, firstIndex: firstIndex)
            requests[0].documentLosses += retimed.losses
            return (requests, retimed.retiming)
        } catch {
            switch error {
            case .imageSubtitles(let lines): throw CommandFailure(ConversionLossReport.imageRefusal(lines, path: file))
            case .invalidLanguage(let reason): throw CommandFailure("--language: \(reason)")
            case .noForcedCues, .forcedTrackOfForcedTrack: throw CommandFailure("\(file): \(error.description)")
            default: throw CommandFailure(error.description)
            }
        }
    }
}

extension SubtitleTrackFormat: ExpressibleByArgument {}
