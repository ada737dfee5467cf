import ISOBMFF
import TimedText
import TextTracks

/// One number a published guideline sets for subtitles, with how much breaking it matters and
/// the document and section it comes from: the data a ``QualityProfile`` is made of.
public struct QualityLimit: Sendable, Equatable {
    /// What is limited, and to what.
    public enum Value: Sendable, Equatable {
        /// The most text a viewer is asked to read per unit of time.
        case readingSpeed(ReadingSpeed)
        /// The most characters on one line, spaces and punctuation included.
        case charactersPerLine(Int)
        /// The most lines in one cue.
        case linesPerCue(Int)
        /// The shortest time a cue stays on screen.
        case minimumDuration(SubtitleTime)
        /// The longest time a cue stays on screen.
        case maximumDuration(SubtitleTime)
        /// The shortest pause between one cue's end and the next one's start. With
        /// `allowsAdjacent`, cues may also follow with no pause at all (only a short pause is
        /// a fault, as a "jerky" flash).
        case minimumGap(GapLength, allowsAdjacent: Bool)
        /// Only characters a CEA-608 caption can show: the standard, special and extended
        /// character sets of ANSI/CTA-608-E §6.4, for a profile whose captions are line 21
        /// captions.
        case cea608Characters
    }

    /// The number.
    public var value: Value
    /// How serious it is to pass it.
    public var severity: FindingSeverity
    /// The document and section the number is read from.
    public var source: String

    /// A limit of `value`, at `severity`, read from `source`.
    public init(_ value: Value, _ severity: FindingSeverity, source: String) {
        self.value = value
        self.severity = severity
        self.source = source
    }

    /// The rule this limit sets the number of.
    public var rule: QualityRule {
        switch value {
        case .readingSpeed: .readingSpeed
        case .charactersPerLine: .charactersPerLine
        case .linesPerCue: .linesPerCue
        case .minimumDuration: .minimumDuration
        case .maximumDuration: .maximumDuration
        case .minimumGap: .minimumGap
        case .cea608Characters: .cea608Characters
        }
    }
}

/// A reading speed limit, in the unit the guideline counts in.
public enum ReadingSpeed: Sendable, Equatable, CustomStringConvertible {
    /// Characters (spaces and punctuation included, line breaks not) per second of display.
    case charactersPerSecond(Double)
    /// Words (runs of text between spaces) per minute of display.
    case wordsPerMinute(Double)

    /// The limit as a number in its own unit.
    public var value: Double {
        switch self {
        case .charactersPerSecond(let value), .wordsPerMinute(let value): value
        }
    }

    public var description: String { "\(QualityNumber.text(value)) \(unit)" }

    /// "characters per second" or "words per minute".
    public var unit: String {
        switch self {
        case .charactersPerSecond: "characters per second"
        case .wordsPerMinute: "words per minute"
        }
    }
}

/// A pause between cues, in video frames or as a time.
public enum GapLength: Sendable, Equatable, CustomStringConvertible {
    /// Frames of the movie's video; needs a frame rate to be checked.
    case frames(Int)
    /// A time.
    case time(SubtitleTime)

    public var description: String {
        switch self {
        case .frames(let count): "\(count) frame\(count == 1 ? "" : "s")"
        case .time(let time): QualityNumber.seconds(time)
        }
    }
}

extension QualityLimit.Value: CustomStringConvertible {
    /// The limit as a sentence fragment: "at most 42 characters per line".
    public var description: String {
        switch self {
        case .readingSpeed(let speed): "at most \(speed)"
        case .charactersPerLine(let count): "at most \(count) characters per line"
        case .linesPerCue(let count): "at most \(count) line\(count == 1 ? "" : "s") per cue"
        case .minimumDuration(let time): "at least \(QualityNumber.seconds(time)) on screen"
        case .maximumDuration(let time): "at most \(QualityNumber.seconds(time)) on screen"
        case .minimumGap(let gap, let allowsAdjacent): "a gap of at least \(gap) between cues\(allowsAdjacent ? ", or none" : "")"
        case .cea608Characters: "only characters a CEA-608 caption can show"
        }
    }
}
