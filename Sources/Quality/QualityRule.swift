/// The checks `legible qc` makes of subtitle cues. The raw values are stable identifiers for
/// scripts (`qc --json`).
///
/// The first six compare a cue with a number a profile sets (``QualityLimit``); the others hold
/// for every profile, each with the public document it comes from (``structuralSource``).
public enum QualityRule: String, Sendable, CaseIterable {
    case readingSpeed = "reading-speed"
    case charactersPerLine = "characters-per-line"
    case linesPerCue = "lines-per-cue"
    case minimumDuration = "minimum-duration"
    case maximumDuration = "maximum-duration"
    case minimumGap = "minimum-gap"
    case overlap
    case pastMovieEnd = "past-movie-end"
    case invalidTiming = "invalid-timing"
    case emptyCue = "empty-cue"

    /// Where a rule that every profile applies is written down; nil for the rules whose numbers,
    /// and sources, come from a profile.
    public var structuralSource: String? {
        switch self {
        case .readingSpeed, .charactersPerLine, .linesPerCue, .minimumDuration, .maximumDuration, .minimumGap:
            nil
        case .overlap:
            "47 CFR 79.1(j)(2)(iv) (captions shall not overlap one another); W3C WebVTT shows overlapping cues at once, stacked"
        case .pastMovieEnd:
            "ISO/IEC 14496-12 §8.3.2 and §8.6.6 (a track's duration and edit list place it on the movie timeline); 47 CFR 79.1(j)(2)(iii) (captions run from the beginning to the end of the program)"
        case .invalidTiming:
            "W3C WebVTT, cue timings (the end time must be greater than the start time)"
        case .emptyCue:
            "3GPP TS 26.245, timed text samples (a sample without text shows nothing: it is how a gap is written)"
        }
    }
}
