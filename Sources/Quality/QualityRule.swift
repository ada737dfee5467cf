import TextTracks

/// The checks `legible qc` makes of subtitle cues. The raw values are stable identifiers for
/// scripts (`qc --json`).
///
/// The first seven are set by a profile (``QualityLimit``): a number, or a character set the
/// profile's captions are sent in; the others hold for every profile, each with the public
/// document it comes from (``structuralSource``).
public enum QualityRule: String, Sendable, CaseIterable {
    /// Characters per second a viewer must read.
    case readingSpeed = "reading-speed"
    /// Characters on one line of a cue.
    case charactersPerLine = "characters-per-line"
    /// Lines in one cue.
    case linesPerCue = "lines-per-cue"
    /// The shortest time a cue is shown.
    case minimumDuration = "minimum-duration"
    /// The longest time a cue is shown.
    case maximumDuration = "maximum-duration"
    /// The shortest pause between cues.
    case minimumGap = "minimum-gap"
    /// Characters a CEA-608 (line 21) caption cannot show.
    case cea608Characters = "cea608-characters"
    /// Cues shown at the same time.
    case overlap
    /// Cues past the end of the movie.
    case pastMovieEnd = "past-movie-end"
    /// A cue that ends before it starts.
    case invalidTiming = "invalid-timing"
    /// A cue without text.
    case emptyCue = "empty-cue"
    /// A cue of a forced-only track that its language's full subtitle track does not show.
    case forcedCueMissing = "forced-cue-missing"
    /// A cue a full subtitle track marks forced that its forced-only twin does not show.
    case forcedCueNotInTwin = "forced-cue-not-in-twin"

    /// Where a rule that every profile applies is written down; nil for the rules whose numbers,
    /// and sources, come from a profile.
    public var structuralSource: String? {
        switch self {
        case .readingSpeed, .charactersPerLine, .linesPerCue, .minimumDuration, .maximumDuration, .minimumGap, .cea608Characters:
            nil
        case .overlap:
            "47 CFR 79.1(j)(2)(iv) (captions shall not overlap one another); W3C WebVTT shows overlapping cues at once, stacked"
        case .pastMovieEnd:
            "ISO/IEC 14496-12 §8.3.2 and §8.6.6 (a track's duration and edit list place it on the movie timeline); 47 CFR 79.1(j)(2)(iii) (captions run from the beginning to the end of the program)"
        case .invalidTiming:
            "W3C WebVTT, cue timings (the end time must be greater than the start time)"
        case .emptyCue:
            "3GPP TS 26.245, timed text samples (a sample without text shows nothing: it is how a gap is written)"
        case .forcedCueMissing, .forcedCueNotInTwin:
            ForcedCueCoverage.source
        }
    }
}
