import XML
/// A subtitle text format Legible reads.
public enum SubtitleFormat: String, Sendable, Equatable, Codable, CaseIterable {
    /// SubRip (`.srt`).
    case subRip = "srt"
    /// WebVTT (`.vtt`).
    case webVTT = "vtt"
    /// TTML / IMSC1 text profile (`.ttml`, `.xml`, `.dfxp`).
    case ttml

    /// Guesses the format from the first bytes: `WEBVTT` → WebVTT, a leading `<` → TTML,
    /// anything else → SubRip. Byte-order marks and leading whitespace are skipped.
    public static func sniff(_ bytes: some Collection<UInt8>) -> SubtitleFormat {
        let prefix = Array(bytes.prefix(64))
        let text = SubtitleTextDecoder.decode(prefix, fallback: .replacement).text
        let start = text.drop { $0.unicodeScalars.allSatisfy(\.isTextWhitespace) }
        if start.hasPrefix("WEBVTT") { return .webVTT }
        if start.hasPrefix("<") { return .ttml }
        return .subRip
    }
}
