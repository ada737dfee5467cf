/// Why a ``CueTimeline`` cannot be built.
public enum CueTimelineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The timescale is 0.
    case invalidTimescale
    /// More cues overlap at one time than ``CueTimeline/maxSimultaneousCues``.
    case tooManySimultaneousCues(limit: Int, at: SubtitleTime)
    /// The cues overlap so much that the samples would hold more than
    /// ``CueTimeline/maxCuePieces`` pieces of cues in all (a cue shown in ten samples is ten).
    case tooManyCuePieces(limit: Int)

    public var description: String {
        switch self {
        case .invalidTimescale: "the timescale is 0"
        case let .tooManySimultaneousCues(limit, time):
            "more than \(limit) cues shown at once (at \(time)); no player shows that many, so the file is not one movie's subtitles"
        case let .tooManyCuePieces(limit):
            "the cues overlap so much that the track would hold more than \(limit) cue pieces (each overlapping cue is repeated in every sample it spans)"
        }
    }
}
