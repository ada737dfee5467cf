import XML
/// A subtitle text format Legible reads.
public enum SubtitleFormat: String, Sendable, Equatable, Codable, CaseIterable {
    /// SubRip (`.srt`).
    case subRip = "srt"
    /// WebVTT (`.vtt`).
    case webVTT = "vtt"
    /// TTML / IMSC1 text profile (`.ttml`, `.xml`, `.dfxp`).
    case ttml

    /// The format a file name's extension names: `.srt`; `.vtt` or `.webvtt`; `.ttml`, `.xml` or
    /// `.dfxp` (in any case). Nil for any other name: then ``sniff(_:)`` tells from the content.
    public init?(path: String) {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".srt") {
            self = .subRip
        } else if lowered.hasSuffix(".vtt") || lowered.hasSuffix(".webvtt") {
            self = .webVTT
        } else if [".ttml", ".xml", ".dfxp"].contains(where: lowered.hasSuffix) {
            self = .ttml
        } else {
            return nil
        }
    }

    /// The parser of this format.
    public var parser: any SubtitleTextParser.Type {
        switch self {
        case .subRip: SubRipParser.self
        case .webVTT: WebVTTParser.self
        case .ttml: TTMLParser.self
        }
    }

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
