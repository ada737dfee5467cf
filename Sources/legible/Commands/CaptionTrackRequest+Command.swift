import Movie
import Remux
import TimedText

extension CaptionTrackRequest {
    /// Reads a caption file and builds the request as `add-captions` does: an SCC file's byte
    /// pairs carried on its 29.97 grid (its lines name their channels, so only CC1 may be asked
    /// for), other formats' cues encoded as pop-on captions on `movie`'s frame grid in
    /// `channel`. Warnings about the file are printed (unless `quiet`) and the cues are retimed
    /// as `retiming` says before anything else looks at them.
    static func reading(_ path: String, channel: CEA608Channel?, properties: TrackChanges, movie: Movie,
                        retiming: RetimingOptions, quiet: Bool) throws -> (request: CaptionTrackRequest, retiming: CueRetiming) {
        let movieEnd = RetimingOptions.movieEnd(of: movie)
        let input: CaptionFile
        do throws(SubtitleFileError) {
            input = try CaptionFile.read(path)
        } catch {
            throw CommandFailure(error.description)
        }
        switch input {
        case .scc(let document):
            if let channel, channel != .cc1 {
                throw CommandFailure("--channel \(channel): an SCC file's byte pairs name their channels themselves (field 1: CC1, CC2)")
            }
            let retimed = retiming.retimed(document, file: path, movieEnd: movieEnd, quiet: quiet)
            var request = CaptionTrackRequest(scc: retimed.document, properties: properties)
            request.losses = retimed.losses
            return (request, retimed.retiming)
        case .cues(let document):
            if !quiet { for warning in document.warnings { printWarning("\(path): \(warning)") } }
            let retimed = retiming.retimed(document, file: path, movieEnd: movieEnd, quiet: quiet)
            let encoding = CEA608Encoder.encode(retimed.document.cues, channel: channel ?? .cc1,
                                                frameRate: CaptionTrackRequest.frameRate(for: movie))
            var request = CaptionTrackRequest(encoding: encoding, properties: properties)
            request.losses = retimed.losses
            return (request, retimed.retiming)
        }
    }
}
