import ISOBMFF
import TimedText

/// Netflix's published timed text requirements for English: the General Requirements that hold
/// for every language and the English (USA) guide's line length and reading speeds. Netflix
/// counts spaces and punctuation towards characters ("How is reading speed measured? Do
/// punctuation and spaces count?", Netflix Partner Help Center).
extension QualityProfile {
    /// Adult programs.
    public static let netflix = netflixEnglish(name: "netflix", audience: "adult programs", charactersPerSecond: 20)

    /// Children's programs: the same, read more slowly.
    public static let netflixChildren = netflixEnglish(name: "netflix-children", audience: "children's programs", charactersPerSecond: 17)

    private static let generalRequirements = "Netflix Timed Text Style Guide: General Requirements (partnerhelp.netflixstudios.com/hc/en-us/articles/215758617)"
    private static let englishGuide = "Netflix English (USA) Timed Text Style Guide (partnerhelp.netflixstudios.com/hc/en-us/articles/217350977)"

    private static func netflixEnglish(name: String, audience: String, charactersPerSecond: Double) -> QualityProfile {
        QualityProfile(name: name, title: "Netflix Timed Text Style Guide, English (USA), \(audience)", limits: [
            QualityLimit(.readingSpeed(.charactersPerSecond(charactersPerSecond)), .warning,
                         source: "\(englishGuide), Reading Speed Limits: \(audience) up to \(QualityNumber.text(charactersPerSecond)) characters per second"),
            QualityLimit(.charactersPerLine(42), .error, source: "\(englishGuide), Character Limitation: 42 characters per line"),
            QualityLimit(.linesPerCue(2), .error, source: "\(generalRequirements), Line Treatment: 2 lines maximum"),
            QualityLimit(.minimumDuration(SubtitleTime(microseconds: 833_333)), .error,
                         source: "\(generalRequirements), Duration: minimum 5/6 (five-sixths) of a second per subtitle event"),
            QualityLimit(.maximumDuration(.seconds(7)), .error,
                         source: "\(generalRequirements), Duration: maximum 7 seconds per subtitle event"),
            QualityLimit(.minimumGap(.frames(2), allowsAdjacent: false), .error,
                         source: "\(generalRequirements), Frame Gap: 2 frames minimum (regardless of frame rate)"),
        ])
    }
}
