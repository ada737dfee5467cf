import XML
/// An sRGB colour with alpha, 8 bits per channel.
public struct SubtitleColor: Sendable, Hashable, Codable {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// Alpha, 0 (transparent) – 255 (opaque).
    public var alpha: UInt8

    /// Creates a colour.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses a colour as written in TTML `tts:color` or a SubRip `<font color>`: a named colour
    /// (TTML's set, case-insensitive), `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(r,g,b)` or
    /// `rgba(r,g,b,a)`. SubRip files also write bare `rrggbb`, which is accepted.
    public init?(parsing text: String) {
        let trimmed = text.trimmingTextWhitespace().lowercased()
        if let named = Self.named[trimmed] {
            self = named
        } else if trimmed.hasPrefix("#") {
            guard let color = Self.hex(trimmed.dropFirst()) else { return nil }
            self = color
        } else if trimmed.hasPrefix("rgb") {
            guard let color = Self.functional(trimmed) else { return nil }
            self = color
        } else if let color = Self.hex(Substring(trimmed)), trimmed.count == 6 {
            self = color
        } else {
            return nil
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hexString: String {
        let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + channels.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }

    /// The WebVTT default text-colour class for this colour (`white`, `lime`, `cyan`, `red`,
    /// `yellow`, `magenta`, `blue`, `black`), if it is one of those.
    public var webVTTClassName: String? {
        Self.webVTTClasses.first { $0.value == self }?.key
    }

    /// The WebVTT default background colour class for this colour (`bg_` and a text-colour
    /// class name: `bg_black`), if it is one of those colours.
    public var webVTTBackgroundClassName: String? {
        webVTTClassName.map { "bg_" + $0 }
    }

    /// The colour a WebVTT default background colour class (`bg_yellow`) stands for.
    public init?(webVTTBackgroundClassName name: String) {
        guard name.hasPrefix("bg_"), let color = Self.webVTTClasses[String(name.dropFirst(3))] else { return nil }
        self = color
    }

    /// The colour a WebVTT default text-colour class stands for.
    public init?(webVTTClassName: String) {
        guard let color = Self.webVTTClasses[webVTTClassName] else { return nil }
        self = color
    }

    private static let webVTTClasses: [String: SubtitleColor] = [
        "white": SubtitleColor(red: 255, green: 255, blue: 255),
        "lime": SubtitleColor(red: 0, green: 255, blue: 0),
        "cyan": SubtitleColor(red: 0, green: 255, blue: 255),
        "red": SubtitleColor(red: 255, green: 0, blue: 0),
        "yellow": SubtitleColor(red: 255, green: 255, blue: 0),
        "magenta": SubtitleColor(red: 255, green: 0, blue: 255),
        "blue": SubtitleColor(red: 0, green: 0, blue: 255),
        "black": SubtitleColor(red: 0, green: 0, blue: 0),
    ]

    /// TTML's named colours (which SubRip files also use).
    private static let named: [String: SubtitleColor] = [
        "transparent": SubtitleColor(red: 0, green: 0, blue: 0, alpha: 0),
        "black": SubtitleColor(red: 0, green: 0, blue: 0),
        "silver": SubtitleColor(red: 192, green: 192, blue: 192),
        "gray": SubtitleColor(red: 128, green: 128, blue: 128),
        "grey": SubtitleColor(red: 128, green: 128, blue: 128),
        "white": SubtitleColor(red: 255, green: 255, blue: 255),
        "maroon": SubtitleColor(red: 128, green: 0, blue: 0),
        "red": SubtitleColor(red: 255, green: 0, blue: 0),
        "purple": SubtitleColor(red: 128, green: 0, blue: 128),
        "fuchsia": SubtitleColor(red: 255, green: 0, blue: 255),
        "magenta": SubtitleColor(red: 255, green: 0, blue: 255),
        "green": SubtitleColor(red: 0, green: 128, blue: 0),
        "lime": SubtitleColor(red: 0, green: 255, blue: 0),
        "olive": SubtitleColor(red: 128, green: 128, blue: 0),
        "yellow": SubtitleColor(red: 255, green: 255, blue: 0),
        "navy": SubtitleColor(red: 0, green: 0, blue: 128),
        "blue": SubtitleColor(red: 0, green: 0, blue: 255),
        "teal": SubtitleColor(red: 0, green: 128, blue: 128),
        "aqua": SubtitleColor(red: 0, green: 255, blue: 255),
        "cyan": SubtitleColor(red: 0, green: 255, blue: 255),
        "orange": SubtitleColor(red: 255, green: 165, blue: 0),
    ]

    private static func hex(_ digits: Substring) -> SubtitleColor? {
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        let values = digits.compactMap { $0.hexDigitValue }.map(UInt8.init)
        switch values.count {
        case 3:
            return SubtitleColor(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
        case 6, 8:
            let bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
            return SubtitleColor(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
        default:
            return nil
        }
    }

    private static func functional(_ text: String) -> SubtitleColor? {
        let hasAlpha = text.hasPrefix("rgba(")
        guard hasAlpha || text.hasPrefix("rgb("), text.hasSuffix(")") else { return nil }
        let inner = text.dropFirst(hasAlpha ? 5 : 4).dropLast()
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
            .map { UInt8($0.trimmingTextWhitespace()) }
        guard parts.count == (hasAlpha ? 4 : 3), parts.allSatisfy({ $0 != nil }) else { return nil }
        let channels = parts.compactMap { $0 }
        return SubtitleColor(red: channels[0], green: channels[1], blue: channels[2], alpha: hasAlpha ? channels[3] : 255)
    }
}
