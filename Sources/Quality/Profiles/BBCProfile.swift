/// The BBC Subtitle Guidelines (bbc.github.io/subtitle-guidelines), for landscape video. The
/// guidelines recommend rather than require ("should", "recommended"), so every limit is a
/// warning. Line length is counted as Teletext does, which also binds online subtitles meant for
/// broadcast (§3.1); the minimum timing of §4.1, 0.3 s per word, is met by any cue within the
/// §4 reading speed, so it is not checked twice.
extension QualityProfile {
    /// The BBC Subtitle Guidelines' numbers.
    public static let bbc = QualityProfile(name: "bbc", title: "BBC Subtitle Guidelines", limits: [
        QualityLimit(.readingSpeed(.wordsPerMinute(180)), .warning,
                     source: "\(bbcGuidelines) §4 Timing: the recommended subtitle speed is 160-180 words per minute"),
        QualityLimit(.charactersPerLine(37), .warning,
                     source: "\(bbcGuidelines) §3.1 Line length: 37 characters (Teletext), also when targeting both broadcast and online"),
        QualityLimit(.linesPerCue(2), .warning,
                     source: "\(bbcGuidelines) §3.3 Number of lines: a maximum of two lines for landscape video"),
        QualityLimit(.minimumGap(.time(.seconds(1)), allowsAdjacent: true), .warning,
                     source: "\(bbcGuidelines) §4.5 Gaps: a gap between subtitles must be a minimum of one second"),
    ])

    private static let bbcGuidelines = "BBC Subtitle Guidelines (bbc.github.io/subtitle-guidelines)"
}
