import ISOBMFF
import TimedText

/// The Described and Captioned Media Program's rules for captions funded by the U.S. Department
/// of Education: "Captioning Guidelines for the DCMP" (dcmp.org/learn/5) and the DCMP Captioning
/// Key. DCMP counts presentation rate in words, speaker identification and sound descriptions
/// included (Captioning Key, Presentation Rate). Guidelines for educational captioning, so
/// every limit is a warning. Their 32-character line is the row of a CEA-608 (line 21) caption,
/// the captions they are written for, so its character set applies too.
extension QualityProfile {
    /// Adult cultural movies: near verbatim, with a floor on display time.
    public static let dcmp = QualityProfile(name: "dcmp", title: "DCMP Captioning Guidelines, adult cultural movies", limits: [
        QualityLimit(.readingSpeed(.wordsPerMinute(225)), .warning,
                     source: "\(guidelines) §I.B.4: adult cultural movies near verbatim, but no caption exceeds 225 wpm"),
        lineLength, lineCount,
        QualityLimit(.minimumDuration(.seconds(2)), .warning,
                     source: "\(guidelines) §I.B.4: no caption remains on screen less than 2 seconds"),
        characterSet,
    ])

    /// Lower-level educational media, the Captioning Key's slowest rate.
    public static let dcmpEducational = QualityProfile(name: "dcmp-educational", title: "DCMP Captioning Key, lower-level educational media", limits: [
        QualityLimit(.readingSpeed(.wordsPerMinute(130)), .warning,
                     source: "DCMP Captioning Key, Presentation Rate (dcmp.org/learn/captioningkey/601): lower-level educational media not to exceed 130 words per minute"),
        lineLength, lineCount, characterSet,
    ])

    private static let guidelines = "Captioning Guidelines for the DCMP (dcmp.org/learn/5)"

    private static let lineLength = QualityLimit(.charactersPerLine(32), .warning,
                                                 source: "\(guidelines) §I.A.1(b): maintain a 32-character line")

    private static let characterSet = QualityLimit(.cea608Characters, .warning,
                                                   source: "\(guidelines) §I.A.1(b) (the 32-character line of line 21 captions); \(cea608CharacterSet)")

    private static let lineCount = QualityLimit(.linesPerCue(2), .warning,
                                                source: "DCMP Captioning Key, Text: Caption Placement (no more than two lines per caption)")
}
