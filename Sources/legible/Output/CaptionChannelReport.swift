import Movie
import TextTracks
import TimedText

/// The CEA-608 channels a closed-caption track shows and how many cues each has, as `info`
/// lists them: the track's samples are read and decoded (a feature film's are a few hundred
/// kilobytes).
struct CaptionChannelReport {
    /// Channel and cue count, CC1 first; empty when nothing shows.
    let channels: [(channel: CEA608Channel, cues: Int)]
    /// Why the samples could not be read, if they could not.
    let problem: String?

    /// The report for a `c608` track; nil for any other.
    init?(track: Track, movie: Movie) {
        guard track.codec == ClosedCaptionSample.format else { return nil }
        do {
            let captions = try TextTrackReader.captions(of: track, in: movie)
            channels = captions.channels.map { ($0, captions.cues(for: $0).count) }
            problem = nil
        } catch {
            channels = []
            problem = error.description
        }
    }

    var text: String {
        if let problem { return "caption channels: unreadable (\(problem))" }
        if channels.isEmpty { return "caption channels: none shows a caption" }
        return "caption channels: " + channels.map { "\($0.channel) (\($0.cues) cue\($0.cues == 1 ? "" : "s"))" }.joined(separator: ", ")
    }

    var json: JSONValue {
        .array(channels.map { .object([("channel", .string($0.channel.rawValue)), ("cues", .integer(Int64($0.cues)))]) })
    }
}
