import Conversion
/// Something the CEA-608 encoder could not carry, or could not carry on time, naming the cues
/// (1-based, in input order) it concerns.
public struct CEA608EncodingWarning: Sendable, Equatable, CustomStringConvertible {
    /// What was not carried, or not on time.
    public enum Kind: Sendable, Equatable {
        /// Characters with no form in any 608 character set, left out.
        case unmappableCharacters(String)
        /// More rows than a caption may have (4) after breaking at 32 columns; the rest left out.
        case tooManyRows(Int)
        /// A word longer than a row, split.
        case wordSplit
        /// Styling 608 has no code for (bold, a colour outside the seven), left out.
        case unsupportedStyle(String)
        /// The captions could not be loaded in time and appear late, the latest this many frames.
        case late(frames: Int64)
        /// A cue the layout dropped (zero length, before time 0, shorter than a frame).
        case dropped(String)
    }

    /// The cues concerned, 1-based, ascending.
    public var cues: [Int]
    /// What happened to them.
    public var kind: Kind

    /// Creates a warning.
    public init(cues: [Int], kind: Kind) {
        self.cues = cues
        self.kind = kind
    }

    /// Whether the warning says something of the text is not carried (rather than late).
    public var isLoss: Bool {
        if case .late = kind { return false }
        return true
    }

    /// The warning as a `ConversionLoss` (nil for lateness, which loses nothing), so caption
    /// encoding reports, and `--strict` refuses, like every other conversion.
    public var loss: ConversionLoss? {
        let message: String
        let kind: String
        switch self.kind {
        case .unmappableCharacters(let characters):
            kind = "cea608-characters"
            message = "no CEA-608 form for \(CEA608CharacterSet.listing(characters)); left out"
        case .tooManyRows(let rows):
            kind = "cea608-rows"
            message = "\(rows) rows after breaking at 32 columns; a caption shows at most 4, the rest is left out"
        case .wordSplit:
            kind = "cea608-word-split"
            message = "a word longer than 32 columns is split across rows"
        case .unsupportedStyle(let style):
            kind = "cea608-style"
            message = "\(style) has no CEA-608 code; left out"
        case .dropped(let reason):
            kind = "dropped"
            message = reason
        case .late:
            return nil
        }
        return ConversionLoss(kind: ConversionLoss.Kind(rawValue: kind), numbers: cues, message: message)
    }

    public var description: String {
        if let loss { return loss.summary }
        guard case .late(let frames) = kind else { return "" }
        let names = cues.isEmpty ? "" : ConversionLoss.listing(cues, subject: .cue) + ": "
        let most = cues.count > 1 ? "up to " : ""
        return names + "shown \(most)\(frames) frame\(frames == 1 ? "" : "s") late: the 608 channel (2 bytes a frame) cannot load \(cues.count > 1 ? "them" : "it") in time"
    }
}
