/// Why a ``CueTimeline`` cannot be built.
public enum CueTimelineError: Error, Sendable, Equatable {
    /// The timescale is 0.
    case invalidTimescale
}
