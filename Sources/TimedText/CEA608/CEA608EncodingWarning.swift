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
        /// The caption could not be loaded in time and appears this many frames late.
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

    public var description: String {
        let listed = cues.prefix(20).map(String.init).joined(separator: ", ") + (cues.count > 20 ? ", … (\(cues.count) cues)" : "")
        let names = cues.isEmpty ? "" : (cues.count == 1 ? "cue " : "cues ") + listed + ": "
        switch kind {
        case .unmappableCharacters(let characters):
            return names + "no CEA-608 form for \(characters.unicodeScalars.map { "'\($0)' (U+\(String($0.value, radix: 16, uppercase: true)))" }.joined(separator: ", ")); left out"
        case .tooManyRows(let rows):
            return names + "\(rows) rows after breaking at 32 columns; a caption shows at most 4, the rest is left out"
        case .wordSplit:
            return names + "a word longer than 32 columns is split across rows"
        case .unsupportedStyle(let style):
            return names + "\(style) has no CEA-608 code; left out"
        case .late(let frames):
            return names + "shown \(frames) frame\(frames == 1 ? "" : "s") late: the 608 channel (2 bytes a frame) cannot load it in time"
        case .dropped(let reason):
            return names + reason
        }
    }
}
