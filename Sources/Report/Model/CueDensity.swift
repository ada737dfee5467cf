import Quality
import TimedText

/// A track's cues counted per minute of the movie (per several minutes when the movie is long
/// enough that minutes would make more than ``maximumBins``): how many cues start in each, their
/// characters, and the findings about them. What the page draws of a track it cannot draw cue by
/// cue.
struct CueDensity {
    /// One stretch of the movie.
    struct Bin: Equatable {
        /// Where the stretch starts.
        var start: SubtitleTime
        /// The cues starting in it.
        var cues = 0
        /// Their characters, as reading speed counts them.
        var characters = 0
        /// The findings about those cues.
        var findings = 0
        /// Those of them at error level.
        var errors = 0
    }

    /// At most this many bins: a strip of 10 pixels a bin stays within 12,000 pixels.
    static let maximumBins = 1_200

    /// How long each bin lasts: a whole number of minutes.
    let binLength: SubtitleTime
    /// The bins from the start of the movie to `end`.
    let bins: [Bin]

    /// Counts `timeline`'s cues and findings in bins up to `end` (cues after it go to the last).
    init(_ timeline: TextTrackTimeline, end: SubtitleTime) {
        let minutes = max(1, (end.microseconds + 59_999_999) / 60_000_000)
        let minutesPerBin = (minutes + Int64(Self.maximumBins) - 1) / Int64(Self.maximumBins)
        let length = SubtitleTime(microseconds: minutesPerBin * 60_000_000)
        let count = Int((minutes + minutesPerBin - 1) / minutesPerBin)
        var bins = (0..<count).map { Bin(start: SubtitleTime(microseconds: Int64($0) * length.microseconds)) }
        func index(_ time: SubtitleTime) -> Int { min(count - 1, max(0, Int(time.microseconds / length.microseconds))) }
        for numbered in timeline.cues {
            let bin = index(numbered.cue.start)
            bins[bin].cues += 1
            bins[bin].characters += numbered.measurement.characters
        }
        for finding in timeline.check.findings {
            let bin = index(finding.start)
            bins[bin].findings += 1
            if finding.severity == .error { bins[bin].errors += 1 }
        }
        binLength = length
        self.bins = bins
    }
}
