/// The foreground colours of CEA-608 preamble address and mid-row codes (CTA-608-E §6.2).
public enum CEA608Color: UInt8, Sendable, Hashable, CaseIterable {
    /// The colours of CTA-608's preamble address and mid-row codes, in the order of their codes.
    case white = 0, green, blue, cyan, red, yellow, magenta

    /// The colour as an sRGB value, the way WebVTT's default colour classes name them (green is
    /// WebVTT's `lime`).
    public var subtitleColor: SubtitleColor {
        switch self {
        case .white: SubtitleColor(red: 255, green: 255, blue: 255)
        case .green: SubtitleColor(red: 0, green: 255, blue: 0)
        case .blue: SubtitleColor(red: 0, green: 0, blue: 255)
        case .cyan: SubtitleColor(red: 0, green: 255, blue: 255)
        case .red: SubtitleColor(red: 255, green: 0, blue: 0)
        case .yellow: SubtitleColor(red: 255, green: 255, blue: 0)
        case .magenta: SubtitleColor(red: 255, green: 0, blue: 255)
        }
    }

    /// The 608 colour for a text colour: an exact match, or TTML's `green` (0, 128, 0); nil
    /// for every other colour, which 608 cannot show.
    public init?(_ color: SubtitleColor) {
        if let match = Self.allCases.first(where: { $0.subtitleColor == color }) {
            self = match
        } else if color == SubtitleColor(red: 0, green: 128, blue: 0) {
            self = .green
        } else {
            return nil
        }
    }
}

/// What a preamble address code or a mid-row code sets: a colour (white by default), italics and
/// underline.
public struct CEA608TextAttributes: Sendable, Hashable {
    /// The foreground colour (white for italics, which the codes give no colour).
    public var color: CEA608Color
    /// Italics.
    public var isItalic: Bool
    /// Underline.
    public var isUnderlined: Bool

    /// Creates attributes; the default is white, upright, not underlined.
    public init(color: CEA608Color = .white, isItalic: Bool = false, isUnderlined: Bool = false) {
        self.color = color
        self.isItalic = isItalic
        self.isUnderlined = isUnderlined
    }

    /// The attributes' low four bits in a PAC or mid-row code: colour ×2 (7×2 for italics) plus
    /// the underline bit. Italic text is white: the codes have no italic colour.
    var code: UInt8 {
        (isItalic ? 0x0E : color.rawValue << 1) | (isUnderlined ? 1 : 0)
    }

    /// The attributes of a code's low four bits.
    init(code: UInt8) {
        let index = (code & 0x0F) >> 1
        isUnderlined = code & 1 == 1
        isItalic = index == 7
        color = CEA608Color(rawValue: index) ?? .white
    }

    /// The cue style these attributes give; white is the default colour and is left unset.
    var textStyle: TextStyle {
        TextStyle(isItalic: isItalic, isUnderlined: isUnderlined, color: color == .white ? nil : color.subtitleColor)
    }
}
